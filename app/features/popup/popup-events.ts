import type { PopupView } from "../../../contract/popup";
import { post } from "../../lib/request";
import { track } from "../analytics/track";

/** A popup on a page: what its calls and analytics events name (spec 001 §4, §7.4). */
export interface ShownPopup {
  popup: Pick<PopupView, "popup_id" | "tracking_name">;
  /** The screen it shows on (popupPageOf). */
  page: string;
}

/** Every popup event carries the popup id, its tracking name as the frame, and the page. */
const eventFields = ({ popup, page }: ShownPopup) => ({
  category: "popup",
  popup: popup.popup_id,
  frame: popup.tracking_name,
  page,
});

/** The impression: the server counts it against display_limit, analytics keeps it. */
export function reportOpened(shown: ShownPopup): void {
  void post("/api/popup_open", { page: shown.page, popup: shown.popup.popup_id });
  track("popup_open", eventFields(shown));
}

/** Closed; hide (今後表示しない) keeps it from the member for good. */
export function reportClosed(shown: ShownPopup, hide: boolean): void {
  void post("/api/popup_close", { popup: shown.popup.popup_id, hide });
  track("popup_close", { ...eventFields(shown), ...(hide ? { label: "hide" } : {}) });
}

/** A link in the popup followed: click_leadlink when it leaves the store (PR), click otherwise. */
export function reportClicked(shown: ShownPopup, href: string, leavesStore: boolean): void {
  track(leavesStore ? "click_leadlink" : "click", {
    ...eventFields(shown),
    target_id: href.slice(0, 200),
  });
}
