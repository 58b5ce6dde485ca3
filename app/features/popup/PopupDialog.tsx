import { type ReactNode, useId, useRef } from "react";
import { useModal } from "../../components/use-modal";

/**
 * The frame every queued popup opens in (spec 001 §2.7, at most 450 px wide): a modal dialog
 * over a dimmed page that takes the focus, keeps Tab inside and gives the focus back when it
 * closes. Esc, the × button and a press on the shade close it only when it may be dismissed.
 */
export function PopupDialog({
  popupId,
  popupType,
  title,
  dismissible,
  onDismiss,
  onHide,
  wide = false,
  children,
}: {
  popupId: number;
  popupType: number;
  title: string;
  dismissible: boolean;
  onDismiss: () => void;
  /** 今後表示しない: closes and asks the server never to queue it again. */
  onHide?: () => void;
  /** Image popups use the whole 450 px. */
  wide?: boolean;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const shade = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModal(
    true,
    panel,
    dismissible ? onDismiss : () => {},
    undefined,
    dismissible ? shade : undefined,
  );
  return (
    <div ref={shade} className="overlay-backdrop popup-shade">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={wide ? "popup popup--wide" : "popup"}
        data-testid="popup"
        data-popup-id={popupId}
        data-popup-type={popupType}
        tabIndex={-1}
      >
        <header className="popup__head">
          <h2 id={titleId} className="popup__title">
            {title}
          </h2>
          {dismissible ? (
            <button type="button" className="popup__close" aria-label="閉じる" onClick={onDismiss}>
              ×
            </button>
          ) : null}
        </header>
        <div className="popup__body">{children}</div>
        {dismissible && onHide ? (
          <footer className="popup__foot">
            <button type="button" className="text-button" onClick={onHide}>
              今後表示しない
            </button>
          </footer>
        ) : null}
      </div>
    </div>
  );
}
