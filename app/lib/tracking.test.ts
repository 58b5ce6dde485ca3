import { describe, expect, it } from "vitest";
import {
  bannerFrame,
  defaultMoreUrl,
  moreLink,
  rankingMoreUrl,
  sectionFrame,
  trackingValue,
  withTracking,
  withTrackingName,
} from "./tracking";

describe("withTrackingName (a popup's links, spec 001 §2.1)", () => {
  it("adds the popup's tracking name with ? or & as fitting, before a hash", () => {
    expect(withTrackingName("/campaign/1", "pop_big_sale")).toBe("/campaign/1?_tr=pop_big_sale");
    expect(withTrackingName("/otoku?genre=2", "rtpop2")).toBe("/otoku?genre=2&_tr=rtpop2");
    expect(withTrackingName("/topic/x#a", "pop_1")).toBe("/topic/x?_tr=pop_1#a");
    expect(withTrackingName("https://aebs.or.jp/", "pop_ad")).toBe(
      "https://aebs.or.jp/?_tr=pop_ad",
    );
  });

  it("keeps a _tr the link has, and adds nothing without a name", () => {
    expect(withTrackingName("/otoku?_tr=x", "rtpop2")).toBe("/otoku?_tr=x");
    expect(withTrackingName("/otoku", "")).toBe("/otoku");
  });
});

describe("withTracking (_tr rule)", () => {
  it("adds frame_position with ? on a plain link and & after a query", () => {
    expect(withTracking("/series/5", { frame: "top_1104", position: 3 })).toBe(
      "/series/5?_tr=top_1104_3",
    );
    expect(withTracking("/search?wd=猫", { frame: "top_1102", position: 1 })).toBe(
      "/search?wd=猫&_tr=top_1102_1",
    );
  });

  it("joins viewer links with & always", () => {
    expect(withTracking("/viewer/speed.html?cid=1&series=2", { frame: "top_1", position: 2 })).toBe(
      "/viewer/speed.html?cid=1&series=2&_tr=top_1_2",
    );
  });

  it("uses 1-based positions and an optional sub-position", () => {
    expect(trackingValue({ frame: "f", position: 1, sub: 2 })).toBe("f_1_2");
    expect(withTracking("/a", { frame: "f", position: 4, sub: 1 })).toBe("/a?_tr=f_4_1");
  });

  it("keeps the hash after the query", () => {
    expect(withTracking("/topic/x#part", { frame: "top_9", position: 1 })).toBe(
      "/topic/x?_tr=top_9_1#part",
    );
  });

  it("adds nothing without tracking or for campaign, coupon, search and more frames", () => {
    expect(withTracking("/series/5")).toBe("/series/5");
    expect(withTracking("/series/5", null)).toBe("/series/5");
    for (const frame of ["campaign", "coupon", "search", "more"]) {
      expect(withTracking("/series/5", { frame, position: 1 })).toBe("/series/5");
    }
  });

  it("does not add a second _tr", () => {
    expect(withTracking("/otoku?genre=1&_tr=top_3_mbt", { frame: "top_3", position: 1 })).toBe(
      "/otoku?genre=1&_tr=top_3_mbt",
    );
  });

  it("names home frames, topic-home frames and top banners", () => {
    expect(sectionFrame(1104)).toBe("top_1104");
    expect(sectionFrame(7, true)).toBe("topic_home_7");
    expect(withTracking("/campaign/1", { frame: bannerFrame(1101), position: 2 })).toBe(
      "/campaign/1?_tr=top_banner_1101_2",
    );
  });
});

describe("moreLink ('more' button rule)", () => {
  const grid = { layout_id: 1108, layout_type: 2, more_url: null };
  const scroll = { layout_id: 1104, layout_type: 6, more_url: null };

  it("defaults to /search?tp= for grids and /more/ for scrolling sections", () => {
    expect(moreLink(grid, true)).toBe("/search?tp=1108");
    expect(moreLink(scroll, true)).toBe("/more/1104");
    expect(defaultMoreUrl({ layout_id: 1125, layout_type: 27, more_url: null })).toBe(
      "/doramacd?content=1125",
    );
    expect(defaultMoreUrl({ layout_id: 1130, layout_type: 14, more_url: null }, 2)).toBe(
      "/otoku?genre=2&_tr=top_1130_mbt",
    );
  });

  it("uses the layout's more_url, shown even without more_flag", () => {
    expect(moreLink({ ...scroll, more_url: "/free?genre=1" }, false)).toBe("/free?genre=1");
    expect(moreLink({ ...scroll, more_url: "/free?genre=1" }, true)).toBe("/free?genre=1");
  });

  it("is hidden when more_url is 'hide' in any letter case", () => {
    for (const more_url of ["hide", "Hide", "HIDE", " hide "]) {
      expect(moreLink({ ...grid, more_url }, true)).toBeNull();
    }
  });

  it("is shown only when more_flag is set or a more_url is given", () => {
    expect(moreLink(grid, false)).toBeNull();
    expect(moreLink({ ...grid, more_url: "" }, false)).toBeNull();
  });

  it("sends the ranking block to the ranking page with tp=2, genre and _tr", () => {
    const ranking = { layout_id: 1105, layout_type: 4, more_url: null };
    expect(moreLink(ranking, true, 3)).toBe("/ranking?tp=2&genre=3&_tr=top_1105_mbt");
    expect(moreLink(ranking, true, 1, 2)).toBe("/free_ranking?tp=2&genre=1&_tr=top_1105_mbt");
    expect(rankingMoreUrl("/ranking?tp=1&genre=1", 1132, 5)).toBe(
      "/ranking?tp=1&genre=1&_tr=top_1132_mbt",
    );
    expect(moreLink(ranking, false)).toBeNull();
  });
});
