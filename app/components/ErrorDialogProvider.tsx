import { type ReactNode, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { ErrorDialogContext, type ErrorDialogStore, errorDialogStore } from "../lib/error-dialog";
import { ErrorDialog } from "./ErrorDialog";

// The server never renders an open dialog, so hydration always starts from "closed".
const closedOnServer = () => null;

export function ErrorDialogProvider({
  children,
  store = errorDialogStore,
}: {
  children: ReactNode;
  store?: ErrorDialogStore;
}) {
  const current = useSyncExternalStore(store.subscribe, store.getSnapshot, closedOnServer);
  const isOpen = current !== null;
  const returnFocusTo = useRef<HTMLElement | null>(null);

  // A layout effect runs before the dialog's own (passive) effect moves focus to OK, so it
  // still sees the element the reader was on and can hand focus back when the dialog closes.
  useLayoutEffect(() => {
    if (!isOpen) return;
    const active = document.activeElement;
    returnFocusTo.current = active instanceof HTMLElement ? active : null;
    return () => {
      const target = returnFocusTo.current;
      returnFocusTo.current = null;
      if (target?.isConnected) target.focus();
    };
  }, [isOpen]);

  return (
    <ErrorDialogContext.Provider value={store}>
      {children}
      {current ? (
        // A fresh dialog per message, so a queued one gets focus and ids of its own.
        <ErrorDialog
          key={`${current.message}\u0000${current.nextUrl ?? ""}`}
          message={current.message}
          onClose={store.close}
        />
      ) : null}
    </ErrorDialogContext.Provider>
  );
}
