import type { PopupListQuery } from "../../contract/ops-popups";
import type { AppServices } from "../lib/context";
import { getPopup, listPopups } from "../modules/popup-editor/service";

/**
 * The popup editor's pages (issue 24): the same answers as the GET calls of /api/ops/popups. A
 * null id is a new popup's empty form.
 */
export const opsPopupList = (services: AppServices, query: PopupListQuery) =>
  listPopups(services.db, query);

export async function opsPopupPage(
  services: AppServices,
  id: number | null,
  range: { from?: string; to?: string },
) {
  return { popup: id === null ? null : await getPopup(services.db, id, range) };
}
