import { type CSSProperties, useEffect, useEffectEvent, useId, useRef } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The element Tab (or Shift+Tab) should move to so focus cycles inside `items`. */
export function cycleFocus<T>(
  items: readonly T[],
  active: unknown,
  backwards: boolean,
): T | undefined {
  if (items.length === 0) return undefined;
  const index = items.indexOf(active as T);
  if (index === -1) return backwards ? items[items.length - 1] : items[0];
  const step = backwards ? -1 : 1;
  return items[(index + step + items.length) % items.length];
}

// Only what makes the dialog work before any stylesheet loads; the look comes from the
// error-dialog* classes.
const backdropStyle: CSSProperties = {
  position: "fixed",
  inset: 0,
  zIndex: 2000,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  padding: 16,
  background: "rgba(0, 0, 0, 0.5)",
};

const panelStyle: CSSProperties = {
  boxSizing: "border-box",
  width: "100%",
  maxWidth: 450,
  maxHeight: "100%",
  overflowY: "auto",
  background: "#fff",
  color: "#222",
  borderRadius: 8,
  padding: "20px 20px 16px",
};

const messageStyle: CSSProperties = { whiteSpace: "pre-wrap", overflowWrap: "anywhere" };

export interface ErrorDialogProps {
  message: string;
  onClose: () => void;
  title?: string;
  okLabel?: string;
}

/**
 * A modal error message with one OK button (spec 001 §2.7). Focus starts on OK and stays in
 * the dialog; Esc or OK calls onClose.
 */
export function ErrorDialog({
  message,
  onClose,
  title = "エラー",
  okLabel = "OK",
}: ErrorDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const backdropRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    const dialog = dialogRef.current;
    const backdrop = backdropRef.current;
    if (!dialog || !backdrop) return;
    okRef.current?.focus();

    // Listening on the document (capture) rather than on the dialog: a key pressed while
    // focus has somehow left the dialog must still close or trap it, and must not also reach
    // another overlay's Esc handler underneath.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.isComposing) {
        event.preventDefault();
        event.stopPropagation();
        close();
        return;
      }
      if (event.key === "Tab") {
        const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
        const next = cycleFocus(items, document.activeElement, event.shiftKey);
        if (next) {
          event.preventDefault();
          next.focus();
        }
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      // Once the dialog has left the document (closing), focus may move back to the page.
      if (!dialog.isConnected) return;
      if (event.target instanceof Node && !dialog.contains(event.target)) okRef.current?.focus();
    };
    // A click on the backdrop would otherwise blur the OK button and leave focus on <body>.
    const onBackdropMouseDown = (event: MouseEvent) => {
      if (event.target === backdrop) event.preventDefault();
    };

    document.addEventListener("keydown", onKeyDown, true);
    document.addEventListener("focusin", onFocusIn);
    backdrop.addEventListener("mousedown", onBackdropMouseDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      document.removeEventListener("focusin", onFocusIn);
      backdrop.removeEventListener("mousedown", onBackdropMouseDown);
    };
  }, []);

  return (
    <div ref={backdropRef} className="error-dialog-backdrop" style={backdropStyle}>
      <div
        ref={dialogRef}
        className="error-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        style={panelStyle}
      >
        <h2 id={titleId} className="error-dialog-title">
          {title}
        </h2>
        <p id={messageId} className="error-dialog-message" style={messageStyle}>
          {message}
        </p>
        <div className="error-dialog-actions">
          <button ref={okRef} type="button" className="error-dialog-ok" onClick={onClose}>
            {okLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
