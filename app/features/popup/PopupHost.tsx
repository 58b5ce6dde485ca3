import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { PopupsAnswer, PopupView } from "../../../contract/popup";
import { AfterHydration } from "../../components/AfterHydration";
import { whenIdle } from "../../lib/idle";
import { post } from "../../lib/request";
import { storedSessionParams } from "../../lib/session-params";
import { useShell } from "../../lib/shell";
import { AgreementDialog } from "../stamp/AgreementDialog";
import { StampDialog } from "../stamp/StampDialog";
import { reportClosed } from "./popup-events";
import {
  CLOSED_POPUPS_KEY,
  closeCurrent,
  closedToday,
  EMPTY_QUEUE,
  LOGIN_STAMP_TYPE,
  openNow,
  type PopupPlan,
  planPopups,
  popupPageOf,
  type Queued,
  type QueueState,
  queueNext,
  RETURN_POPUP,
  scrollOpens,
  scrollRatio,
  startQueue,
  withClosed,
} from "./popup-queue";

// Shows nothing until a link with rtpop= asks and its fetch answers, so it loads after hydration
// (decision 0040). The queue itself stays in the first load: a member's stamp dialog is in the
// server's HTML (tests/e2e/fixtures.ts closeStampDialog relies on it).
// What the queue opens (popup bodies, the corner banner) comes with the first popup to show:
// the queue opens nothing before /api/popups has answered (decision 0082).
const QueuedPopup = lazy(() => import("./QueuedPopups").then((m) => ({ default: m.QueuedPopup })));
const BottomBanner = lazy(() =>
  import("./QueuedPopups").then((m) => ({ default: m.BottomBanner })),
);
const ReturnPopup = lazy(() =>
  import("../recommend/ReturnPopup").then((m) => ({ default: m.ReturnPopup })),
);

function readStorage(store: "local" | "session", key: string): string | null {
  try {
    return (store === "local" ? localStorage : sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

/**
 * The page's popups (spec 001 §2.7, §4, §5), mounted once in the shell: fetched per page from
 * /api/popups, planned by popup-queue.ts and opened one at a time. On the home page a member is
 * first asked to agree to changed terms, then gets the login stamp dialog (popup type 8), and
 * the queue follows. The return popup (rtpop, `withReturnPopup`) waits in the same line once its
 * frames have arrived: one modal at a time. `onQueueDone` hears false when there was nothing to
 * show, true after the last.
 */
export function PopupHost({
  onQueueDone,
  withReturnPopup = false,
}: {
  onQueueDone?: (shown: boolean) => void;
  withReturnPopup?: boolean;
}) {
  const { status, user } = useShell();
  const location = useLocation();
  const where = popupPageOf(location.pathname);
  const page = where?.page ?? null;
  const series = where?.series;

  // Home: the agreement, then the stamp dialog, before anything from the queue.
  const [agreed, setAgreed] = useState(false);
  const [stampSettled, setStampSettled] = useState(false);
  const onHome = page === "home";
  const asking = onHome && status.is_login && user.display_agreement_flag && !agreed;
  const stampFirst = onHome && status.is_login && !user.is_today_stamp && !stampSettled;

  const [answer, setAnswer] = useState<{ key: string; data: PopupsAnswer } | null>(null);
  const [plan, setPlan] = useState<PopupPlan | null>(null);
  const [queue, setQueue] = useState<QueueState | null>(null);
  const [banner, setBanner] = useState<PopupView | null>(null);
  // A page with popups is loading them from the first render, so a reader of data-phase never
  // sees "idle" between the placeholder (StoreFrame) and the fetch.
  const [phase, setPhase] = useState<"idle" | "loading" | "open" | "done">(
    page ? "loading" : "idle",
  );
  const doneRef = useRef(onQueueDone);
  doneRef.current = onQueueDone;
  const key = page ? `${page}:${series ?? ""}` : "";
  // The return popup has its frames and waits for its turn; once in the line it is not added again.
  const [returnReady, setReturnReady] = useState(false);
  const returnQueued = useRef(false);

  useEffect(() => {
    setPlan(null);
    setQueue(null);
    setBanner(null);
    setAnswer(null);
    // A return popup still waiting for its turn takes its place in the next page's line.
    returnQueued.current = false;
    if (!page) {
      setPhase("idle");
      return;
    }
    setPhase("loading");
    let live = true;
    // Asked once the page is idle: the first screen never waits for popups, and the call (its
    // cookie read and fetch) leaves the task that runs the effects of hydration (decision 0082).
    const cancel = whenIdle(() => {
      void post<PopupsAnswer>("/api/popups", { page, ...(series ? { series } : {}) }).then((a) => {
        if (!live) return;
        if (!a.result) {
          setPhase("done");
          return;
        }
        setAnswer({ key, data: a });
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, [key, page, series]);

  // Plan once the answer is in and the home page's own dialogs are through.
  useEffect(() => {
    if (!answer || answer.key !== key || asking || stampFirst || plan) return;
    const params = new URLSearchParams(location.search);
    const utm = storedSessionParams({
      getItem: (k) => readStorage("session", k),
      setItem: () => {},
    });
    const seen = closedToday(readStorage("local", CLOSED_POPUPS_KEY), status.today);
    const popups = answer.data.popups.filter(
      // The home page already opened the stamp dialog above.
      (p) => !(onHome && p.popup_type === LOGIN_STAMP_TYPE),
    );
    const next = planPopups(
      popups,
      {
        tr: params.get("_tr") ?? "",
        utmSource: utm.src || (params.get("utm_source") ?? ""),
        utmMedium: utm.mdm || (params.get("utm_medium") ?? ""),
      },
      seen,
    );
    setPlan(next);
    if (next.banner && next.bannerAtOnce) setBanner(next.banner);
    const early: Queued[] = returnReady && !returnQueued.current ? [RETURN_POPUP] : [];
    if (early.length > 0) returnQueued.current = true;
    const step = startQueue(next, early);
    setQueue(step.state);
    if (step.finished === false) {
      setPhase("done");
      doneRef.current?.(false);
    } else setPhase("open");
  }, [answer, key, asking, stampFirst, plan, location.search, status.today, onHome, returnReady]);

  // The return popup's frames arrived after the page's popups were planned (or the page has
  // none): it opens now if nothing is open, else right after the open one.
  useEffect(() => {
    if (!returnReady || returnQueued.current) return;
    const planned = plan !== null || page === null || (phase === "done" && !answer);
    if (!planned || asking || stampFirst) return;
    returnQueued.current = true;
    setQueue((state) => queueNext(state ?? EMPTY_QUEUE, RETURN_POPUP));
    setPhase("open");
  }, [returnReady, plan, page, phase, answer, asking, stampFirst]);

  // Scroll-triggered popups and the bottom banner wait for the reader to scroll far enough.
  useEffect(() => {
    if (!plan || (plan.onScroll.length === 0 && !(plan.banner && !plan.bannerAtOnce))) return;
    const pending = [...plan.onScroll];
    let bannerPending = plan.banner && !plan.bannerAtOnce ? plan.banner : null;
    const onScroll = () => {
      const ratio = scrollRatio(
        window.scrollY,
        window.innerHeight,
        document.documentElement.scrollHeight,
      );
      if (bannerPending && scrollOpens(bannerPending, ratio)) {
        setBanner(bannerPending);
        bannerPending = null;
      }
      const index = pending.findIndex((p) => scrollOpens(p, ratio));
      if (index < 0) return;
      const [popup] = pending.splice(index, 1);
      if (!popup) return;
      setQueue((state) => openNow(state ?? EMPTY_QUEUE, popup));
      setPhase("open");
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [plan]);

  /** The open modal closed: the next one in the line opens, or the caller hears the end. */
  const next = useCallback(() => {
    if (!queue) return;
    const step = closeCurrent(queue);
    setQueue(step.state);
    if (step.finished !== null) {
      setPhase("done");
      doneRef.current?.(true);
    }
  }, [queue]);

  const close = useCallback(
    (popup: PopupView, hide: boolean) => {
      if (page) reportClosed({ popup, page }, hide);
      try {
        localStorage.setItem(
          CLOSED_POPUPS_KEY,
          withClosed(localStorage.getItem(CLOSED_POPUPS_KEY), status.today, popup.popup_id),
        );
      } catch {
        // Storage may be off; the server still remembers members.
      }
      next();
    },
    [status.today, page, next],
  );

  const current = queue?.current ?? null;
  return (
    <>
      <span data-testid="popup-queue" data-phase={phase} />
      {onHome && asking ? <AgreementDialog onAgreed={() => setAgreed(true)} /> : null}
      {onHome && status.is_login ? (
        <StampDialog waiting={asking} onDone={() => setStampSettled(true)} />
      ) : null}
      {current && current !== RETURN_POPUP && page ? (
        <Suspense fallback={null}>
          <QueuedPopup
            key={current.popup_id}
            popup={current}
            page={page}
            series={series}
            lastReadGenre={answer?.data.last_read_genre ?? null}
            onClose={(hide) => close(current, hide)}
          />
        </Suspense>
      ) : null}
      {withReturnPopup ? (
        <AfterHydration>
          <ReturnPopup
            open={current === RETURN_POPUP}
            onReady={() => setReturnReady(true)}
            onClose={() => {
              setReturnReady(false);
              next();
            }}
          />
        </AfterHydration>
      ) : null}
      {banner && page ? (
        <Suspense fallback={null}>
          <BottomBanner
            popup={banner}
            page={page}
            onClose={() => {
              reportClosed({ popup: banner, page }, false);
              setBanner(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
