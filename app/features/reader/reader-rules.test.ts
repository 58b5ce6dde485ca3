import { describe, expect, it } from "vitest";
import { READER_PAGE_WIDTHS } from "../../../contract/reader";
import {
  COVER_PAGE,
  endKind,
  keyTurn,
  onScreenOrder,
  PRELOAD_AHEAD,
  pageAtScroll,
  pagedWindow,
  pageSizes,
  pageSrcSet,
  parseDirection,
  progressAt,
  readerLayout,
  readerViews,
  resumePage,
  scrollWindow,
  spreadFits,
  swipeTurn,
  turnTo,
  viewIndexOf,
  viewLabel,
  zoneAt,
  zoneTurn,
} from "./reader-rules";

const wide = { width: 1280, height: 800 };
const phone = { width: 375, height: 812 };
const portraitTablet = { width: 1024, height: 1366 };
const smallLandscape = { width: 800, height: 400 };

describe("layout", () => {
  it("shows two pages on a wide landscape window, one on phones and portrait", () => {
    expect(readerLayout({ vertical: false, spreadWanted: true, viewport: wide })).toBe("spread");
    expect(readerLayout({ vertical: false, spreadWanted: true, viewport: phone })).toBe("single");
    expect(readerLayout({ vertical: false, spreadWanted: true, viewport: portraitTablet })).toBe(
      "single",
    );
    expect(readerLayout({ vertical: false, spreadWanted: true, viewport: smallLandscape })).toBe(
      "single",
    );
  });

  it("shows one page when the reader turned spreads off, or before the window is measured", () => {
    expect(readerLayout({ vertical: false, spreadWanted: false, viewport: wide })).toBe("single");
    expect(readerLayout({ vertical: false, spreadWanted: true, viewport: null })).toBe("single");
    expect(spreadFits(null)).toBe(false);
  });

  it("scrolls タテヨミ volumes whatever the window", () => {
    expect(readerLayout({ vertical: true, spreadWanted: true, viewport: wide })).toBe("scroll");
    expect(readerLayout({ vertical: true, spreadWanted: false, viewport: phone })).toBe("scroll");
  });
});

describe("views", () => {
  it("pairs pages in a spread with the first page alone, as in print", () => {
    expect(readerViews(7, "spread")).toEqual([[1], [2, 3], [4, 5], [6, 7]]);
    expect(readerViews(6, "spread")).toEqual([[1], [2, 3], [4, 5], [6]]);
    expect(readerViews(1, "spread")).toEqual([[1]]);
  });

  it("opens on the cover alone, then pairs pages 1–2, 3–4 … in a spread", () => {
    expect(readerViews(5, "spread", true)).toEqual([[COVER_PAGE], [1, 2], [3, 4], [5]]);
    expect(readerViews(4, "spread", true)).toEqual([[0], [1, 2], [3, 4]]);
    expect(readerViews(1, "spread", true)).toEqual([[0], [1]]);
    expect(readerViews(3, "single", true)).toEqual([[0], [1], [2], [3]]);
    // No pages to read: no cover either, the reader goes straight to its end panel.
    expect(readerViews(0, "single", true)).toEqual([]);
    const views = readerViews(5, "spread", true);
    expect(viewIndexOf(views, 0)).toBe(0);
    expect(viewIndexOf(views, 2)).toBe(1);
    expect(viewIndexOf(views, 5)).toBe(3);
  });

  it("shows every page alone on one-page and scroll layouts", () => {
    expect(readerViews(3, "single")).toEqual([[1], [2], [3]]);
    expect(readerViews(2, "scroll")).toEqual([[1], [2]]);
    expect(readerViews(0, "single")).toEqual([]);
  });

  it("finds the view of a page, and the last view for a page past the end", () => {
    const views = readerViews(7, "spread");
    expect(viewIndexOf(views, 1)).toBe(0);
    expect(viewIndexOf(views, 3)).toBe(1);
    expect(viewIndexOf(views, 4)).toBe(2);
    expect(viewIndexOf(views, 99)).toBe(3);
    expect(viewIndexOf(views, 0)).toBe(0);
    expect(viewIndexOf([], 5)).toBe(0);
  });

  it("puts the earlier page of a spread on the right when reading right to left", () => {
    expect(onScreenOrder([2, 3], "rtl")).toEqual([3, 2]);
    expect(onScreenOrder([2, 3], "ltr")).toEqual([2, 3]);
    expect(onScreenOrder([1], "rtl")).toEqual([1]);
  });
});

describe("turning", () => {
  it("goes forward to the end panel and no further, back to the first view and no further", () => {
    expect(turnTo(0, "forward", 4)).toBe(1);
    expect(turnTo(3, "forward", 4)).toBe(4);
    expect(turnTo(4, "forward", 4)).toBe(4);
    expect(turnTo(1, "back", 4)).toBe(0);
    expect(turnTo(0, "back", 4)).toBe(0);
    expect(turnTo(2, "first", 4)).toBe(0);
    expect(turnTo(0, "last", 4)).toBe(4);
  });

  it("ends a trial with the offer and a fully readable volume with the volume's end", () => {
    expect(endKind(10, 40)).toBe("trial");
    expect(endKind(0, 40)).toBe("trial");
    expect(endKind(40, 40)).toBe("volume");
  });
});

describe("resume", () => {
  it("opens at the saved page, clamped to the readable pages", () => {
    expect(resumePage({ page: 12, finished: false }, 40)).toBe(12);
    expect(resumePage({ page: 30, finished: false }, 10)).toBe(10);
    expect(resumePage({ page: 0, finished: false }, 10)).toBe(1);
    expect(resumePage({ page: -3, finished: false }, 10)).toBe(1);
  });

  it("opens a volume left at its end, or never opened, at page 1", () => {
    expect(resumePage({ page: 40, finished: true }, 40)).toBe(1);
    expect(resumePage({ page: 99, finished: true }, 40)).toBe(1);
    expect(resumePage(null, 40)).toBe(1);
    expect(resumePage({ page: Number.NaN, finished: false }, 40)).toBe(1);
  });

  it("opens at the cover when there is one and the volume is at its start", () => {
    expect(resumePage(null, 40, COVER_PAGE)).toBe(0);
    expect(resumePage({ page: 1, finished: false }, 40, COVER_PAGE)).toBe(0);
    expect(resumePage({ page: 40, finished: true }, 40, COVER_PAGE)).toBe(0);
    expect(resumePage({ page: 2, finished: false }, 40, COVER_PAGE)).toBe(2);
    expect(resumePage({ page: 12, finished: true }, 40, COVER_PAGE)).toBe(12);
  });

  it("brings a member re-reading a finished volume back to where they stopped", () => {
    expect(resumePage({ page: 12, finished: true }, 40)).toBe(12);
  });

  it("saves the page reached, and the end of a whole volume as finished", () => {
    const size = { readable: 7, pageCount: 7 };
    // Opened at page 5, which a spread shows as 4–5: still page 5.
    expect(progressAt({ page: 5, atEnd: false }, size)).toEqual({ page: 5, finished: false });
    expect(progressAt({ page: 4, atEnd: false }, size)).toEqual({ page: 4, finished: false });
    expect(progressAt({ page: 7, atEnd: true }, size)).toEqual({ page: 7, finished: true });
    // The cover is no page: a reader on it is at page 1.
    expect(progressAt({ page: COVER_PAGE, atEnd: false }, size)).toEqual({
      page: 1,
      finished: false,
    });
    // The end of a trial is not the end of the volume.
    expect(progressAt({ page: 7, atEnd: true }, { readable: 7, pageCount: 30 })).toEqual({
      page: 7,
      finished: false,
    });
  });

  it("names a spread by both its pages", () => {
    expect(viewLabel([17])).toBe("17");
    expect(viewLabel([16, 17])).toBe("16-17");
    expect(viewLabel([COVER_PAGE])).toBe("表紙");
  });
});

describe("input", () => {
  it("splits the width in thirds", () => {
    expect(zoneAt(10, 300)).toBe("left");
    expect(zoneAt(150, 300)).toBe("centre");
    expect(zoneAt(290, 300)).toBe("right");
    expect(zoneAt(10, 0)).toBe("centre");
  });

  it("turns forward from the left zone in right-to-left reading, from the right in left-to-right", () => {
    expect(zoneTurn("left", "rtl")).toBe("forward");
    expect(zoneTurn("right", "rtl")).toBe("back");
    expect(zoneTurn("left", "ltr")).toBe("back");
    expect(zoneTurn("right", "ltr")).toBe("forward");
    expect(zoneTurn("centre", "rtl")).toBe("toolbar");
    expect(zoneTurn("centre", "ltr")).toBe("toolbar");
  });

  it("flips the arrow keys with the direction; Space forward, Home and End to the ends", () => {
    expect(keyTurn("ArrowLeft", "rtl")).toBe("forward");
    expect(keyTurn("ArrowRight", "rtl")).toBe("back");
    expect(keyTurn("ArrowLeft", "ltr")).toBe("back");
    expect(keyTurn("ArrowRight", "ltr")).toBe("forward");
    expect(keyTurn(" ", "rtl")).toBe("forward");
    expect(keyTurn(" ", "ltr")).toBe("forward");
    expect(keyTurn(" ", "rtl", true)).toBe("back");
    expect(keyTurn("Home", "rtl")).toBe("first");
    expect(keyTurn("End", "ltr")).toBe("last");
    expect(keyTurn("PageDown", "rtl")).toBe("forward");
    expect(keyTurn("PageUp", "rtl")).toBe("back");
    expect(keyTurn("a", "rtl")).toBeNull();
  });

  it("turns on a horizontal swipe the way the finger pulls the page", () => {
    expect(swipeTurn(120, 10, "rtl")).toBe("forward");
    expect(swipeTurn(-120, 10, "rtl")).toBe("back");
    expect(swipeTurn(-120, 10, "ltr")).toBe("forward");
    expect(swipeTurn(120, 10, "ltr")).toBe("back");
  });

  it("ignores short and mostly vertical swipes", () => {
    expect(swipeTurn(20, 0, "rtl")).toBeNull();
    expect(swipeTurn(60, 90, "rtl")).toBeNull();
  });

  it("reads only the two directions", () => {
    expect(parseDirection("rtl")).toBe("rtl");
    expect(parseDirection("ltr")).toBe("ltr");
    expect(parseDirection("up")).toBeNull();
    expect(parseDirection(null)).toBeNull();
  });
});

describe("loading windows", () => {
  it("preloads at least three pages ahead of the view and keeps two behind", () => {
    const views = readerViews(100, "single");
    const pages = pagedWindow(viewIndexOf(views, 50), views);
    expect(PRELOAD_AHEAD).toBeGreaterThanOrEqual(3);
    expect(pages).toEqual([48, 49, 50, 51, 52, 53, 54]);
  });

  it("counts ahead from the last page of a spread", () => {
    const views = readerViews(100, "spread");
    expect(pagedWindow(viewIndexOf(views, 10), views)).toEqual([8, 9, 10, 11, 12, 13, 14, 15]);
  });

  it("stays within the readable pages and keeps the same size on a long volume", () => {
    const trial = readerViews(5, "single");
    expect(pagedWindow(0, trial)).toEqual([1, 2, 3, 4, 5]);
    expect(pagedWindow(5, trial)).toEqual([3, 4, 5]);
    const long = readerViews(1000, "single");
    expect(pagedWindow(900, long)).toHaveLength(pagedWindow(100, long).length);
    expect(pagedWindow(0, [])).toEqual([]);
  });

  it("keeps the cover behind the first pages and loads ahead from it", () => {
    const views = readerViews(20, "spread", true);
    expect(pagedWindow(0, views)).toEqual([0, 1, 2, 3, 4]);
    expect(pagedWindow(1, views)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(pagedWindow(2, views)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("mounts a bounded window while scrolling", () => {
    expect(scrollWindow(1, 200)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(scrollWindow(100, 200)).toEqual([97, 98, 99, 100, 101, 102, 103, 104, 105]);
    expect(scrollWindow(199, 200)).toEqual([196, 197, 198, 199, 200]);
  });

  it("finds the page in the middle of the screen while scrolling", () => {
    expect(pageAtScroll(0, 800, 1000, 50)).toBe(1);
    expect(pageAtScroll(700, 800, 1000, 50)).toBe(2);
    expect(pageAtScroll(1e9, 800, 1000, 50)).toBe(50);
    expect(pageAtScroll(0, 800, 0, 50)).toBe(1);
  });
});

describe("image sizes", () => {
  it("offers each server width in the srcset", () => {
    const url = "/media/books/3/pages/1.png";
    expect(pageSrcSet(url)).toBe(
      READER_PAGE_WIDTHS.map((w) => `/media/books/3/pages/1.png?w=${w} ${w}w`).join(", "),
    );
    expect(pageSrcSet(url)).toContain("/media/books/3/pages/1.png?w=360 360w");
    expect(pageSrcSet("/p.png?v=2")).toContain("/p.png?v=2&w=360 360w");
  });

  it("sizes a page to the screen height, half the width in a spread", () => {
    expect(pageSizes("single", 0.7)).toBe("min(100vw, 70vh)");
    expect(pageSizes("spread", 0.7)).toBe("min(50vw, 70vh)");
    expect(pageSizes("scroll", 0.7)).toBe("min(100vw, 720px)");
  });
});
