import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { RecommendFrameAnswer, ReturnPopupFrame } from "../../../contract/recommend";
import { returnPopupFrames } from "../../../contract/recommend";
import { useModal } from "../../components/use-modal";
import { sessionStore } from "../../lib/click-source";
import { get } from "../../lib/request";
import { withTrackingName } from "../../lib/tracking";
import { track } from "../analytics/track";
import { RecommendTiles } from "./RecommendTiles";
import { markReturnPopupShown, returnPopupShown, rtpopOf } from "./return-popup";
import "./recommend.css";

/**
 * What the popup decided, on a hidden marker (data-state), so a check that it stays away can wait
 * for the decision instead of for a while: no rtpop in the link, shown earlier in the session,
 * frames asked for, no frame with items (no popup), or frames in (waiting for its turn, open, or closed since).
 */
type ReturnState = "none" | "shown-before" | "asking" | "empty" | "ready";

interface ShownFrame {
  layout: ReturnPopupFrame;
  frame: RecommendFrameAnswer;
}

/**
 * The return-recommendation popup (spec 001 §2.7, §4): a link with rtpop={n} asks for it, once
 * per session, with a 4-item 2-column frame and a 6-item 3-column frame. A frame without items
 * hides; with neither there is no popup, and it stays unshown for a later rtpop link. It is a
 * modal like the page's queued popups, so it waits in their line (PopupHost): `onReady` asks for
 * its turn once its frames are in, `open` says the turn has come, `onClose` ends it.
 */
export function ReturnPopup({
  open,
  onReady,
  onClose,
}: {
  open: boolean;
  onReady: () => void;
  onClose: () => void;
}) {
  const { search, key } = useLocation();
  const rtpop = rtpopOf(search);
  const [frames, setFrames] = useState<ShownFrame[] | null>(null);
  const [state, setState] = useState<ReturnState>("none");
  const panel = useRef<HTMLDivElement>(null);
  const shade = useRef<HTMLDivElement>(null);
  const asked = useRef(false);
  const name = `rtpop${rtpop ?? 1}`;
  const ready = useEffectEvent(onReady);

  useEffect(() => {
    if (rtpop === null || asked.current) return;
    if (returnPopupShown(sessionStore())) {
      setState("shown-before");
      return;
    }
    asked.current = true;
    setState("asking");
    const controller = new AbortController();
    const layout = returnPopupFrames(rtpop);
    void Promise.all(
      layout.map((l) =>
        get<{ recommend: RecommendFrameAnswer }>(
          `/api/recommend?id=${l.rec_id}&num=${l.display_number}&rec=${rtpop}`,
          { signal: controller.signal },
        ).then((answer) => (answer.result ? { layout: l, frame: answer.recommend } : null)),
      ),
    ).then((answers) => {
      const shown = answers.filter((a): a is ShownFrame => a !== null && a.frame.items.length > 0);
      if (shown.length === 0) {
        asked.current = false;
        setState("empty");
        return;
      }
      setFrames(shown);
      setState("ready");
      ready();
    });
    return () => controller.abort();
  }, [rtpop]);

  const visible = open && frames !== null;
  // Shown once per session from the moment it is on screen, not when its frames arrived.
  useEffect(() => {
    if (!visible) return;
    markReturnPopupShown(sessionStore());
    track("popup_open", { category: "return_recommend", frame: name });
  }, [visible, name]);

  const close = () => {
    setFrames(null);
    track("popup_close", { category: "return_recommend", frame: name });
    onClose();
  };
  useModal(visible, panel, close, undefined, shade);
  // Following one of its links leaves the popup behind.
  const shownAt = useRef(key);
  useEffect(() => {
    if (visible && shownAt.current !== key) close();
    shownAt.current = key;
  });
  const marker = <span data-testid="return-popup" data-state={state} hidden />;
  if (!visible) return marker;

  return (
    <>
      {marker}
      <div className="overlay-backdrop return-popup__shade" ref={shade}>
        <div
          className="return-popup"
          role="dialog"
          aria-modal="true"
          aria-labelledby="return-popup-title"
          data-testid="popup"
          data-popup-type="return"
          ref={panel}
        >
          <header className="return-popup__head">
            <h2 id="return-popup-title" className="return-popup__title">
              おかえりなさい！あなたにおすすめの作品
            </h2>
            <button
              type="button"
              className="return-popup__close"
              onClick={close}
              aria-label="閉じる"
            >
              ×
            </button>
          </header>
          {frames.map(({ layout, frame }) => (
            <section key={frame.rec_id} className="return-popup__frame" aria-label={frame.title}>
              <h3 className="return-popup__frame-title">{frame.title}</h3>
              <RecommendTiles
                items={frame.items.slice(0, layout.display_number)}
                columns={layout.columns}
                frame={frame.tr}
              />
              <p className="return-popup__more">
                <Link
                  to={withTrackingName(frame.more_url, name)}
                  onClick={() =>
                    track("click", {
                      category: "return_recommend",
                      frame: name,
                      target_id: frame.more_url.slice(0, 200),
                    })
                  }
                >
                  もっと見る
                </Link>
              </p>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
