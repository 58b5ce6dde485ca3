import { createContext, useContext, useMemo } from "react";

/** One error to show: the message, and where to go once the reader closes it (spec 001 §2.7). */
export interface ErrorDialogRequest {
  message: string;
  nextUrl?: string;
}

/**
 * The open and queued error dialogs, kept outside React so the request helper (plain functions,
 * no hooks) can open one. The provider renders whatever `getSnapshot` holds.
 */
export interface ErrorDialogStore {
  open(request: ErrorDialogRequest): void;
  /** Closes the shown dialog; goes to its nextUrl if it has one, else shows the next queued one. */
  close(): void;
  getSnapshot(): ErrorDialogRequest | null;
  subscribe(listener: () => void): () => void;
}

function assignLocation(url: string): void {
  if (typeof window !== "undefined") window.location.assign(url);
}

export function createErrorDialogStore(
  navigate: (url: string) => void = assignLocation,
): ErrorDialogStore {
  let queue: readonly ErrorDialogRequest[] = [];
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    open(request) {
      // Parallel calls failing for the same reason would otherwise stack identical dialogs.
      const duplicate = queue.some(
        (queued) => queued.message === request.message && queued.nextUrl === request.nextUrl,
      );
      if (duplicate) return;
      queue = [...queue, request];
      emit();
    },
    close() {
      const [closed, ...rest] = queue;
      if (!closed) return;
      if (closed.nextUrl) {
        // The page is being left, so errors queued behind this one no longer apply.
        queue = [];
        emit();
        navigate(closed.nextUrl);
        return;
      }
      queue = rest;
      emit();
    },
    getSnapshot: () => queue[0] ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The page-wide store: the request helper opens dialogs here and the provider shows them. */
export const errorDialogStore = createErrorDialogStore();

/** Opens the error dialog from code outside React (the bridge the request helper uses). */
export function openErrorDialog(request: ErrorDialogRequest): void {
  errorDialogStore.open(request);
}

/** The store the shown dialogs come from (ErrorDialogProvider sets it; tests give their own). */
export const ErrorDialogContext = createContext<ErrorDialogStore>(errorDialogStore);

export interface ErrorDialogControls {
  /** Shows `message` with an OK button; closing it goes to `nextUrl` when given. */
  showError(message: string, nextUrl?: string): void;
  close(): void;
}

export function useErrorDialog(): ErrorDialogControls {
  const store = useContext(ErrorDialogContext);
  return useMemo(
    () => ({
      showError: (message: string, nextUrl?: string) => store.open({ message, nextUrl }),
      close: () => store.close(),
    }),
    [store],
  );
}
