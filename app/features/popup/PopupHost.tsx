import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { mediaShape } from "../../../contract/media";
import type { PopupsAnswer, PopupView } from "../../../contract/popup";
import { safeLinkUrl } from "../../../contract/safe-url";
import { post } from "../../lib/request";
import { useShell } from "../../lib/shell";
import { storedSessionParams } from "../shell/session-params";
import { AgreementDialog } from "../stamp/AgreementDialog";
import { StampDialog } from "../stamp/StampDialog";
import {
  AppealBody,
  BigBody,
  type BodyProps,
  BookBody,
  ContinueBody,
  CouponBody,
  FavoriteBody,
  GenreCampaignBody,
  KomaBody,
  MailMagazineBody,
  PickupBody,
  PickupFreeBody,
  PointBooksBody,
  SignupCouponBody,
  usePopupTitle,
} from "./PopupBodies";
import { PopupDialog } from "./PopupDialog";
import {
  BIG_TYPES,
  CLOSED_POPUPS_KEY,
  closeCurrent,
  closedToday,
  dismissible,
  impressionDelay,
  openNow,
  type PopupPlan,
  planPopups,
  popupPageOf,
  type QueueState,
  scrollOpens,
  scrollRatio,
  startQueue,
  withClosed,
} from "./popup-queue";
import "./popup.css";

const LOGIN_STAMP_TYPE = 8;

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
 * the queue follows. `onQueueDone` hears false when there was nothing to show, true after the last.
 */
export function PopupHost({ onQueueDone }: { onQueueDone?: (shown: boolean) => void }) {
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

  useEffect(() => {
    setPlan(null);
    setQueue(null);
    setBanner(null);
    setAnswer(null);
    if (!page) {
      setPhase("idle");
      return;
    }
    setPhase("loading");
    let live = true;
    void post<PopupsAnswer>("/api/popups", { page, ...(series ? { series } : {}) }).then((a) => {
      if (!live) return;
      if (!a.result) {
        setPhase("done");
        return;
      }
      setAnswer({ key, data: a });
    });
    return () => {
      live = false;
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
    const step = startQueue(next);
    setQueue(step.state);
    if (step.finished === false) {
      setPhase("done");
      doneRef.current?.(false);
    } else setPhase("open");
  }, [answer, key, asking, stampFirst, plan, location.search, status.today, onHome]);

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
      setQueue((state) => openNow(state ?? { current: null, waiting: [], opened: 0 }, popup));
      setPhase("open");
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [plan]);

  const close = useCallback(
    (popup: PopupView, hide: boolean) => {
      void post("/api/popup_close", { popup: popup.popup_id, hide });
      try {
        localStorage.setItem(
          CLOSED_POPUPS_KEY,
          withClosed(localStorage.getItem(CLOSED_POPUPS_KEY), status.today, popup.popup_id),
        );
      } catch {
        // Storage may be off; the server still remembers members.
      }
      if (!queue) return;
      const step = closeCurrent(queue);
      setQueue(step.state);
      if (step.finished !== null) {
        setPhase("done");
        doneRef.current?.(true);
      }
    },
    [status.today, queue],
  );

  const current = queue?.current ?? null;
  return (
    <>
      <span data-testid="popup-queue" data-phase={phase} />
      {onHome && asking ? <AgreementDialog onAgreed={() => setAgreed(true)} /> : null}
      {onHome && status.is_login ? (
        <StampDialog waiting={asking} onDone={() => setStampSettled(true)} />
      ) : null}
      {current && page ? (
        <QueuedPopup
          key={current.popup_id}
          popup={current}
          page={page}
          series={series}
          lastReadGenre={answer?.data.last_read_genre ?? null}
          onClose={(hide) => close(current, hide)}
        />
      ) : null}
      {banner ? (
        <BottomBanner
          popup={banner}
          onClose={() => {
            void post("/api/popup_close", { popup: banner.popup_id, hide: false });
            setBanner(null);
          }}
        />
      ) : null}
    </>
  );
}

/** Reports the impression (popup_open) once the popup has been on screen long enough. */
function useImpression(popup: PopupView, page: string) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => {
      void post("/api/popup_open", { page, popup: popup.popup_id });
    }, impressionDelay(popup));
    return () => clearTimeout(timer);
  }, [ready, page, popup]);
  return useCallback(() => setReady(true), []);
}

function QueuedPopup({
  popup,
  page,
  series,
  lastReadGenre,
  onClose,
}: {
  popup: PopupView;
  page: string;
  series?: number;
  lastReadGenre: number | null;
  onClose: (hide: boolean) => void;
}) {
  const ready = useImpression(popup, page);
  const title = usePopupTitle(popup);
  const close = () => onClose(false);
  if (popup.popup_type === LOGIN_STAMP_TYPE) {
    return <StampDialog waiting={false} onDone={close} onShown={ready} />;
  }
  const props: BodyProps = { popup, series, lastReadGenre, close, ready };
  const canDismiss = dismissible(popup);
  return (
    <PopupDialog
      popupId={popup.popup_id}
      popupType={popup.popup_type}
      title={title}
      dismissible={canDismiss}
      onDismiss={close}
      onHide={canDismiss ? () => onClose(true) : undefined}
      wide={BIG_TYPES.includes(popup.popup_type) || Boolean(popup.pickup)}
    >
      <Body {...props} />
    </PopupDialog>
  );
}

/** Which body a popup type shows (spec 001 §2.7). */
function Body(props: BodyProps) {
  const { popup } = props;
  switch (popup.popup_type) {
    case 1:
      return popup.pickup ? <PickupBody {...props} /> : <AppealBody {...props} />;
    case 2:
    case 3:
    case 5:
    case 6:
      return <BigBody {...props} />;
    case 4:
      return <ContinueBody {...props} />;
    case 7:
      return <PointBooksBody {...props} />;
    case 10:
      return <SignupCouponBody {...props} />;
    case 31:
      return <CouponBody {...props} />;
    case 32:
    case 41:
      return <BookBody {...props} />;
    case 36:
      return <FavoriteBody {...props} />;
    case 37:
      return <GenreCampaignBody {...props} />;
    case 38:
      return <PickupFreeBody {...props} />;
    case 39:
    case 42:
      return <KomaBody {...props} />;
    case 40:
      return <MailMagazineBody {...props} />;
    default:
      return <AppealBody {...props} />;
  }
}

/** Type 34: a banner in the bottom-right corner that does not block the page. */
function BottomBanner({ popup, onClose }: { popup: PopupView; onClose: () => void }) {
  const page = popupPageOf(useLocation().pathname)?.page ?? "home";
  const ready = useImpression(popup, page);
  useEffect(() => ready(), [ready]);
  return (
    <aside className="popup-banner" aria-label={popup.title} data-testid="popup-banner">
      <a className="popup-banner__link" href={safeLinkUrl(popup.link_url) ?? "/otoku"}>
        {popup.img ? (
          <img
            src={mediaShape(popup.img, "corner")}
            alt=""
            className="popup-banner__img"
            width={480}
            height={200}
          />
        ) : null}
        <span>{popup.title}</span>
      </a>
      <button type="button" className="popup-banner__close" aria-label="閉じる" onClick={onClose}>
        ×
      </button>
    </aside>
  );
}
