import { useCallback, useEffect, useRef, useState } from "react";
import { mediaShape } from "../../../contract/media";
import type { PopupView } from "../../../contract/popup";
import { usePromoSlot, useStepAside } from "../../components/floating";
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
  PopupLink,
  ShownPopupContext,
  SignupCouponBody,
  usePopupTitle,
} from "./PopupBodies";
import { PopupDialog } from "./PopupDialog";
import { reportOpened, type ShownPopup } from "./popup-events";
import { BIG_TYPES, dismissible, impressionDelay, LOGIN_STAMP_TYPE } from "./popup-queue";
import "./popup.css";

/*
 * What the queue opens: the popups of spec 001 §2.7 and the corner banner. Shown only once
 * /api/popups has answered (asked when the page is idle), so this code and its stylesheet load
 * with the first popup, not with the page (decision 0082).
 */

/** Reports the impression (popup_open) once the popup has been on screen long enough. */
function useImpression(popup: PopupView, page: string) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => reportOpened({ popup, page }), impressionDelay(popup));
    return () => clearTimeout(timer);
  }, [ready, page, popup]);
  return useCallback(() => setReady(true), []);
}

export function QueuedPopup({
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
    <ShownPopupContext value={{ popup, page }}>
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
    </ShownPopupContext>
  );
}

/**
 * The popup as the queue would open it, for the /ops editor's preview (issue 24): the same
 * dialog and body, but nothing reported (no impression, no click) and no page to name. Bodies
 * that load a list by popup id show what the store answers for it, once saved and running.
 */
export function PreviewPopup({ popup, onClose }: { popup: PopupView; onClose: () => void }) {
  const title = usePopupTitle(popup);
  const noop = useCallback(() => {}, []);
  // The stamp dialog reads the member's own card; the editor has none to show.
  if (popup.popup_type === LOGIN_STAMP_TYPE) return null;
  const canDismiss = dismissible(popup);
  return (
    <PopupDialog
      popupId={popup.popup_id}
      popupType={popup.popup_type}
      title={title}
      dismissible={canDismiss}
      onDismiss={onClose}
      onHide={canDismiss ? onClose : undefined}
      wide={BIG_TYPES.includes(popup.popup_type) || Boolean(popup.pickup)}
    >
      <Body popup={popup} lastReadGenre={null} close={onClose} ready={noop} />
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

/**
 * Type 34: a banner in the bottom-right corner that does not block the page. It is a floating
 * promotion (app/components/floating.tsx): on a phone it waits while the app banner or the
 * coupon balloon shows, and it steps aside while a button of the page is under it.
 */
export function BottomBanner(props: { popup: PopupView; page: string; onClose: () => void }) {
  if (!usePromoSlot("corner-banner", true)) return null;
  return <CornerBanner {...props} />;
}

function CornerBanner({
  popup,
  page,
  onClose,
}: {
  popup: PopupView;
  page: string;
  onClose: () => void;
}) {
  const ready = useImpression(popup, page);
  useEffect(() => ready(), [ready]);
  const banner = useRef<HTMLElement>(null);
  const aside = useStepAside(banner, true);
  const shown: ShownPopup = { popup, page };
  return (
    <ShownPopupContext value={shown}>
      <aside
        ref={banner}
        className={aside ? "popup-banner is-aside" : "popup-banner"}
        aria-label={popup.title}
        data-testid="popup-banner"
        data-floating="promo"
      >
        <PopupLink href={popup.link_url ?? "/otoku"} className="popup-banner__link">
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
        </PopupLink>
        <button type="button" className="popup-banner__close" aria-label="閉じる" onClick={onClose}>
          ×
        </button>
      </aside>
    </ShownPopupContext>
  );
}
