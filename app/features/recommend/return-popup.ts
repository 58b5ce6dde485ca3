/**
 * Spec 001 §4: the return popup opens once per session; this session-storage key marks it shown.
 * Session storage lives as long as the tab's session, which is what "once per session" means to
 * the reader: a new visit (a new tab or a restarted browser) may show it again.
 */
export const RETURN_POPUP_SHOWN_KEY = "v_rtpop_shown";

type Store = Pick<Storage, "getItem" | "setItem">;

/** The popup number in rtpop (spec 001 §2.1: a number); null when absent or not a number. */
export function rtpopOf(search: string): number | null {
  const raw = new URLSearchParams(search).get("rtpop");
  if (raw === null || !/^\d{1,3}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

export function returnPopupShown(store: Store | null): boolean {
  try {
    return store?.getItem(RETURN_POPUP_SHOWN_KEY) === "1";
  } catch {
    return false;
  }
}

export function markReturnPopupShown(store: Store | null): void {
  try {
    store?.setItem(RETURN_POPUP_SHOWN_KEY, "1");
  } catch {
    // A store that cannot be written: the popup may show again this session, nothing worse.
  }
}
