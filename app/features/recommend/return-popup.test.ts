import { describe, expect, it } from "vitest";
import { recommendMoreUrl, returnPopupFrames } from "../../../contract/recommend";
import {
  markReturnPopupShown,
  RETURN_POPUP_SHOWN_KEY,
  returnPopupShown,
  rtpopOf,
} from "./return-popup";

function store() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe("the return popup", () => {
  it("opens for a numeric rtpop only", () => {
    expect(rtpopOf("?rtpop=1")).toBe(1);
    expect(rtpopOf("?genre=2&rtpop=3")).toBe(3);
    for (const search of ["", "?rtpop=", "?rtpop=x", "?rtpop=0", "?rtpop=-1", "?rtpop=1e3"]) {
      expect(rtpopOf(search), search).toBeNull();
    }
  });

  it("is shown once per session: the session key marks it", () => {
    const session = store();
    expect(returnPopupShown(session)).toBe(false);
    markReturnPopupShown(session);
    expect(session.getItem(RETURN_POPUP_SHOWN_KEY)).toBe("1");
    expect(returnPopupShown(session)).toBe(true);
    expect(returnPopupShown(store())).toBe(false);
    expect(returnPopupShown(null)).toBe(false);
  });

  it("holds a 4-item 2-column frame and a 6-item 3-column frame, popup 1 for unknown numbers", () => {
    for (const n of [1, 2, 3, 99]) {
      const [first, second] = returnPopupFrames(n);
      expect(first).toMatchObject({ columns: 2, display_number: 4 });
      expect(second).toMatchObject({ columns: 3, display_number: 6 });
    }
    expect(returnPopupFrames(99)).toBe(returnPopupFrames(1));
  });

  it("more-links: rec_type 1-4 to /recommend, 6 to /otoku, 7 to /otoku?genre= (default 1)", () => {
    expect(recommendMoreUrl(1, 12, null)).toBe("/recommend?tp=1&series=12");
    expect(recommendMoreUrl(4, 12, 5)).toBe("/recommend?tp=4&series=12");
    expect(recommendMoreUrl(2, null, null)).toBe("/recommend?tp=2");
    expect(recommendMoreUrl(6, 12, 5)).toBe("/otoku");
    expect(recommendMoreUrl(7, 12, 5)).toBe("/otoku?genre=5");
    expect(recommendMoreUrl(7, null, null)).toBe("/otoku?genre=1");
  });
});
