import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import type { EventFields } from "../../../contract/event";
import { withoutHtmlSuffix } from "../../../contract/html-suffix";
import { idFromPath } from "../../../contract/row-id";
import { useShell } from "../../lib/shell";
import { track } from "./track";

/** The series (and volume) a series, volume or period page shows, for view_book (spec 001 §4). */
export function viewedBook(pathname: string, search: string): EventFields | null {
  const page = withoutHtmlSuffix(pathname);
  const detail = /^\/series\/(\d+)(?:\/book\/(\d+))?\/?$/.exec(page);
  if (detail) {
    const series = idFromPath(detail[1]);
    if (series === null) return null;
    const book = idFromPath(detail[2]);
    return book === null ? { series } : { series, target_id: book };
  }
  if (page === "/period") {
    const q = new URLSearchParams(search);
    const series = idFromPath(q.get("series"));
    if (series === null) return null;
    const book = idFromPath(q.get("book"));
    return book === null ? { series } : { series, target_id: book };
  }
  return null;
}

/**
 * Sends page_view once per page shown, and view_book on series and period pages (spec 001 §4).
 * A page is shown only when its loaders have answered, the root's status and user status and a
 * page's own data (home's included) alike, so sending after the navigation settles waits for all.
 */
export function PageViews() {
  const location = useLocation();
  const navigation = useNavigation();
  const { status } = useShell();
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (navigation.state !== "idle" || sentFor.current === location.key) return;
    sentFor.current = location.key;
    const page = withoutHtmlSuffix(location.pathname);
    track("page_view", { page, category: status.is_login ? "member" : "visitor" });
    const book = viewedBook(location.pathname, location.search);
    if (book) track("view_book", { ...book, page });
  }, [location.key, location.pathname, location.search, navigation.state, status.is_login]);
  return null;
}
