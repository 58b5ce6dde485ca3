import { describe, expect, it } from "vitest";
import type { PopupView } from "../../../contract/popup";
import {
  type Arrival,
  closeCurrent,
  closedToday,
  controlGroupTitle,
  dismissible,
  impressionDelay,
  ListLoadGate,
  openNow,
  planPopups,
  popupPageOf,
  type Queued,
  queueNext,
  RETURN_POPUP,
  scrollOpens,
  scrollRatio,
  startQueue,
  withClosed,
} from "./popup-queue";

function popup(
  popup_id: number,
  popup_type: number,
  display: PopupView["display"] = {},
): PopupView {
  return {
    popup_id,
    popup_type,
    tracking_name: `pop_${popup_id}`,
    title: `title ${popup_id}`,
    body: "",
    img: null,
    link_url: null,
    button_label: null,
    series_id: null,
    book_id: null,
    campaign_id: null,
    display,
    book_data: null,
    expire_seconds: null,
    pickup: null,
  };
}

const plain: Arrival = { tr: "", utmSource: "", utmMedium: "" };
const key = (q: Queued | null) => (q === null || q === RETURN_POPUP ? q : q.popup_id);
const ids = (list: Queued[]) => list.map(key);

describe("planPopups", () => {
  it("skips scroll-triggered types 33, 35, 38, 41 from the queue and keeps the server's order", () => {
    const fromFacebook = { ...plain, utmSource: "facebook", utmMedium: "display" };
    const plan = planPopups(
      [popup(1, 2), popup(2, 33), popup(3, 35), popup(4, 38), popup(5, 41), popup(6, 10)],
      fromFacebook,
    );
    expect(ids(plan.queue)).toEqual([1, 6]);
    expect(ids(plan.onScroll)).toEqual([2, 3, 4, 5]);
  });

  it("opens forced type 36 ahead of the queue", () => {
    const plan = planPopups([popup(1, 2), popup(2, 36)], plain);
    expect(ids(plan.forced)).toEqual([2]);
    const { state } = startQueue(plan);
    expect(key(state.current)).toBe(2);
    expect(ids(state.waiting)).toEqual([1]);
  });

  it("drops the move-ranking popup unless the visitor came from facebook display or adroute", () => {
    const p = popup(1, 33);
    expect(planPopups([p], plain).onScroll).toEqual([]);
    expect(planPopups([p], { ...plain, utmSource: "facebook" }).onScroll).toEqual([]);
    expect(
      planPopups([p], { ...plain, utmSource: "facebook", utmMedium: "display" }).onScroll,
    ).toEqual([p]);
    expect(planPopups([p], { ...plain, utmSource: "adroute" }).onScroll).toEqual([p]);
  });

  it("keeps a popup made for certain ads to sessions that came from them", () => {
    const ad = popup(1, 10, { utm: [{ source: "adroute" }, { source: "x", medium: "cpc" }] });
    expect(planPopups([ad], plain).queue).toEqual([]);
    expect(planPopups([ad], { ...plain, utmSource: "adroute" }).queue).toEqual([ad]);
    expect(planPopups([ad], { ...plain, utmSource: "x" }).queue).toEqual([]);
    expect(planPopups([ad], { ...plain, utmSource: "x", utmMedium: "cpc" }).queue).toEqual([ad]);
  });

  it("drops the shortcut image for _tr hb… when the image is a shortcut and not a stamp", () => {
    const shortcut = popup(1, 35, { image_name: "shortcut_home" });
    const stamp = popup(2, 35, { image_name: "shortcut_stamp" });
    const hb = { ...plain, tr: "hb_top" };
    expect(ids(planPopups([shortcut, stamp], hb).onScroll)).toEqual([2]);
    expect(ids(planPopups([shortcut, stamp], plain).onScroll)).toEqual([1, 2]);
  });

  it("shows the bottom banner at once only for _tr hb…, otherwise after scrolling", () => {
    const banner = popup(1, 34);
    expect(planPopups([banner], plain)).toMatchObject({ bannerAtOnce: false });
    expect(planPopups([banner], { ...plain, tr: "hb1" })).toMatchObject({ bannerAtOnce: true });
    expect(planPopups([banner], plain).banner?.popup_id).toBe(1);
    expect(planPopups([banner], plain).queue).toEqual([]);
  });

  it("leaves out popups this browser has already closed", () => {
    expect(ids(planPopups([popup(1, 2), popup(2, 1)], plain, new Set([1])).queue)).toEqual([2]);
  });
});

describe("the queue", () => {
  it("tells the caller false when there is nothing to show", () => {
    expect(startQueue({ forced: [], queue: [] }).finished).toBe(false);
  });

  it("opens one at a time, the next when one closes, and true after the last", () => {
    let step = startQueue({ forced: [], queue: [popup(1, 2), popup(2, 10)] });
    expect(step.finished).toBeNull();
    expect(key(step.state.current)).toBe(1);
    step = closeCurrent(step.state);
    expect(step.finished).toBeNull();
    expect(key(step.state.current)).toBe(2);
    step = closeCurrent(step.state);
    expect(step.finished).toBe(true);
    expect(step.state.current).toBeNull();
    expect(step.state.opened).toBe(2);
  });

  it("puts a popup opened out of turn in front and brings the open one back after it", () => {
    const { state } = startQueue({ forced: [], queue: [popup(1, 2), popup(2, 10)] });
    const scrolled = openNow(state, popup(9, 41));
    expect(key(scrolled.current)).toBe(9);
    expect(ids(scrolled.waiting)).toEqual([1, 2]);
    expect(key(closeCurrent(scrolled).state.current)).toBe(1);
  });
});

describe("the return popup takes its place in the line (one modal at a time)", () => {
  it("asked for before the queue starts, it comes after forced popups and before the rest", () => {
    const step = startQueue({ forced: [popup(7, 36)], queue: [popup(1, 2)] }, [RETURN_POPUP]);
    expect(key(step.state.current)).toBe(7);
    expect(ids(step.state.waiting)).toEqual([RETURN_POPUP, 1]);
  });

  it("arriving while a popup is open, it waits and is next; with nothing open it opens", () => {
    const { state } = startQueue({ forced: [], queue: [popup(1, 2), popup(2, 10)] });
    const late = queueNext(state, RETURN_POPUP);
    expect(key(late.current)).toBe(1);
    expect(ids(late.waiting)).toEqual([RETURN_POPUP, 2]);
    expect(key(closeCurrent(late).state.current)).toBe(RETURN_POPUP);
    const alone = queueNext(startQueue({ forced: [], queue: [] }).state, RETURN_POPUP);
    expect(key(alone.current)).toBe(RETURN_POPUP);
    expect(queueNext(alone, RETURN_POPUP)).toBe(alone);
  });
});

describe("scroll triggers", () => {
  it("measures the ratio of what can be scrolled", () => {
    expect(scrollRatio(0, 800, 2800)).toBe(0);
    expect(scrollRatio(1000, 800, 2800)).toBe(50);
    expect(scrollRatio(100, 800, 700)).toBe(0);
  });

  it("opens past 40, and past 20 for the staff-book popup 41", () => {
    expect(scrollOpens(popup(1, 38), 40)).toBe(false);
    expect(scrollOpens(popup(1, 38), 40.5)).toBe(true);
    expect(scrollOpens(popup(1, 41), 20)).toBe(false);
    expect(scrollOpens(popup(1, 41), 21)).toBe(true);
    expect(scrollOpens(popup(1, 41, { scroll_ratio: 60 }), 30)).toBe(true);
  });
});

describe("per-type behaviour", () => {
  it("type 6 cannot be dismissed; the others can unless their display says so", () => {
    expect(dismissible(popup(1, 6, { dismissible: true }))).toBe(false);
    expect(dismissible(popup(1, 2))).toBe(true);
    expect(dismissible(popup(1, 2, { dismissible: false }))).toBe(false);
  });

  it("delays impressions 800 ms for big popups and 500 ms for list popups", () => {
    expect(impressionDelay(popup(1, 2))).toBe(800);
    expect(impressionDelay(popup(1, 6))).toBe(800);
    expect(impressionDelay(popup(1, 37))).toBe(500);
    expect(impressionDelay(popup(1, 1, { pickup: true }))).toBe(500);
    expect(impressionDelay(popup(1, 11))).toBe(0);
  });

  it("lets only one list popup load at a time", () => {
    const gate = new ListLoadGate();
    expect(gate.tryStart(1)).toBe(true);
    expect(gate.tryStart(2)).toBe(false);
    gate.finish(2);
    expect(gate.busy).toBe(true);
    gate.finish(1);
    expect(gate.tryStart(2)).toBe(true);
  });

  it("titles by random control group 1–3, 4–6, 7–9, otherwise with the nickname", () => {
    const p = popup(1, 4, { ctrl_titles: ["A", "B", "C"], nickname_title: "{nickname}さんへ" });
    expect([1, 3, 4, 6, 7, 9].map((g) => controlGroupTitle(p, g, "ゆう"))).toEqual([
      "A",
      "A",
      "B",
      "B",
      "C",
      "C",
    ]);
    expect(controlGroupTitle(p, 0, "ゆう")).toBe("ゆうさんへ");
    expect(controlGroupTitle(p, 10, "")).toBe("title 1");
  });
});

describe("popupPageOf", () => {
  it("names the screens that fetch popups", () => {
    expect(popupPageOf("/")).toEqual({ page: "home" });
    expect(popupPageOf("/home.html")).toEqual({ page: "home" });
    expect(popupPageOf("/series/12")).toEqual({ page: "series", series: 12 });
    expect(popupPageOf("/series/12/book/3")).toEqual({ page: "series", series: 12 });
    expect(popupPageOf("/campaign/4")).toEqual({ page: "campaign" });
    expect(popupPageOf("/cart")).toBeNull();
  });
});

describe("closed today", () => {
  it("remembers closed popups for the day only", () => {
    const stored = withClosed(null, "20261124", 3);
    expect([...closedToday(withClosed(stored, "20261124", 5), "20261124")]).toEqual([3, 5]);
    expect(closedToday(stored, "20261125").size).toBe(0);
    expect(closedToday("not json", "20261124").size).toBe(0);
  });
});
