import { type RefObject, useEffect, useEffectEvent } from "react";
import { cycleFocus } from "./ErrorDialog";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** An error dialog opened on top of a drawer or dialog takes the keyboard for itself. */
const errorDialogOpen = () => document.querySelector(".error-dialog") !== null;

/**
 * Keyboard behaviour of an open drawer or dialog: focus moves in (to `initialFocus` or the first
 * control), Tab cycles inside, Esc closes, and on closing focus returns to whatever had it
 * before (the button that opened it). The page behind does not scroll meanwhile.
 */
export function useModal(
  open: boolean,
  container: RefObject<HTMLElement | null>,
  onClose: () => void,
  initialFocus?: RefObject<HTMLElement | null>,
  /** A press on this element itself (the dimmed page around the panel) closes too. */
  backdrop?: RefObject<HTMLElement | null>,
) {
  const close = useEffectEvent(onClose);
  useEffect(() => {
    if (!open) return;
    const panel = container.current;
    if (!panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = initialFocus?.current ?? panel.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    first.focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      if (errorDialogOpen()) return;
      if (event.key === "Escape" && !event.isComposing) {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== "Tab") return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      const next = cycleFocus(items, document.activeElement, event.shiftKey);
      if (next) {
        event.preventDefault();
        next.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (errorDialogOpen() || !panel.isConnected) return;
      if (event.target instanceof Node && !panel.contains(event.target)) {
        (panel.querySelector<HTMLElement>(FOCUSABLE) ?? panel).focus();
      }
    };
    const shade = backdrop?.current;
    const onShadePress = (event: MouseEvent) => {
      if (event.target === shade) close();
    };
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    shade?.addEventListener("mousedown", onShadePress);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
      shade?.removeEventListener("mousedown", onShadePress);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open, container, initialFocus, backdrop]);
}
