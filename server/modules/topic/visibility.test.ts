import { describe, expect, it } from "vitest";
import { sanitizeTopicHtml } from "../../../contract/topic-html";
import type { PageState } from "./page-state";
import { fillPlaceholders, isVisible, markerAllows, showContent } from "./visibility";
import { XSS_CORPUS } from "./xss-corpus";

// 2026-11-24 15:30 in Tokyo.
const NOW = new Date("2026-11-24T06:30:00Z");

function state(over: Partial<PageState> = {}): PageState {
  return {
    isLogin: true,
    isPaid: false,
    signupTime: Math.floor(NOW.getTime() / 1000) - 10 * 3600,
    signupMonth: "202611",
    thisMonth: "202611",
    lastMonth: "202610",
    today: "20261124",
    now: "202611241530",
    nowMs: NOW.getTime(),
    endOfMonth: { month: 11, day: 30 },
    payCount: 0,
    monthPayMax: 0,
    cartPrice: 0,
    itemPrice: 0,
    cartNoNewPrice: 0,
    amount: 0,
    cartInItemTypes: [],
    totalRating: 0,
    readSeriesCount: 0,
    dailyReadSeriesCount: new Map(),
    coupons: { enabled: [], received: [], used: [], upcoming: [] },
    receivableCoupons: [],
    popupTargets: [],
    refundsEnabled: [],
    refundPeriodDates: {},
    entries: { accepted: [], completed: [] },
    newsletterFlag: false,
    place: { url: "/topic/x", utm: { src: "", mdm: "", cpn: "" } },
    ...over,
  };
}
const visitor = (over: Partial<PageState> = {}) =>
  state({ isLogin: false, signupTime: 0, signupMonth: "", ...over });

describe("plain markers", () => {
  it.each([
    ["loginOnly", state(), visitor()],
    ["logoutOnly", visitor(), state()],
    ["paidOnly", state({ isPaid: true, payCount: 1 }), state()],
    ["unpaidOnly", state(), state({ isPaid: true })],
    ["newUserOnly", state(), state({ signupTime: NOW.getTime() / 1000 - 7 * 24 * 3600 })],
    ["lastMonthNewUserOnly", state({ signupMonth: "202610" }), state()],
    [
      "cartBookOnly",
      state({ amount: 2, cartInItemTypes: [0] }),
      state({ amount: 2, cartInItemTypes: [0, 101] }),
    ],
    [
      "couponEnable",
      state({ coupons: { enabled: [5], received: [5], used: [], upcoming: [] } }),
      state(),
    ],
    [
      "haveCoupon",
      state({ coupons: { enabled: [], received: [5], used: [], upcoming: [] } }),
      state({ coupons: { enabled: [], received: [5], used: [5], upcoming: [] } }),
    ],
    [
      "notHaveCoupon",
      state(),
      state({ coupons: { enabled: [5], received: [5], used: [], upcoming: [] } }),
    ],
    ["notReceivedCoupon", state({ receivableCoupons: [9] }), state()],
    [
      "haveUpcomingCoupon",
      state({ coupons: { enabled: [], received: [], used: [], upcoming: [3] } }),
      state(),
    ],
  ])("%s shows on one side and hides on the other", (marker, shown, hidden) => {
    expect(markerAllows(marker, shown)).toBe(true);
    expect(markerAllows(marker, hidden)).toBe(false);
  });

  it("member markers hide from visitors", () => {
    for (const m of ["paidOnly", "newUserOnly", "couponEnable", "notHaveCoupon", "cartBookOnly"]) {
      expect(markerAllows(m, visitor())).toBe(false);
    }
    expect(markerAllows("unpaidOnly", visitor())).toBe(true);
  });
});

const hoursAgo = (h: number) => NOW.getTime() / 1000 - h * 3600;

describe("numbered markers: Under is below N, Over is N or more", () => {
  it.each([
    ["signupTimeUnder72", state({ signupTime: hoursAgo(71) }), state({ signupTime: hoursAgo(72) })],
    ["signupTimeOver72", state({ signupTime: hoursAgo(72) }), state({ signupTime: hoursAgo(71) })],
    ["signupMonthUnder2", state({ signupMonth: "202610" }), state({ signupMonth: "202609" })],
    ["signupMonthOver2", state({ signupMonth: "202609" }), state({ signupMonth: "202610" })],
    ["monthPayMaxUnder3000", state({ monthPayMax: 2999 }), state({ monthPayMax: 3000 })],
    ["payCountUnder2", state({ payCount: 1 }), state({ payCount: 2 })],
    ["payCountOver2", state({ payCount: 2 }), state({ payCount: 1 })],
    ["cartPriceUnder1000", state({ cartPrice: 999 }), state({ cartPrice: 1000 })],
    ["cartPriceOver1000", state({ cartPrice: 1000 }), state({ cartPrice: 999 })],
    ["cartNoNewPriceUnder500", state({ cartNoNewPrice: 499 }), state({ cartNoNewPrice: 500 })],
    ["cartNoNewPriceOver500", state({ cartNoNewPrice: 500 }), state({ cartNoNewPrice: 499 })],
    ["amountUnder3", state({ amount: 2 }), state({ amount: 3 })],
    ["amountOver3", state({ amount: 3 }), state({ amount: 2 })],
    ["itemPriceUnder2000", state({ itemPrice: 1999 }), state({ itemPrice: 2000 })],
    ["itemPriceOver2000", state({ itemPrice: 2000 }), state({ itemPrice: 1999 })],
    ["totalRatingUnder5", state({ totalRating: 4 }), state({ totalRating: 5 })],
    ["totalRatingOver5", state({ totalRating: 5 }), state({ totalRating: 4 })],
    ["dateUnder20261125", state(), state({ today: "20261125" })],
    ["dateOver20261124", state(), state({ today: "20261123" })],
    ["datetimeUnder202611241531", state(), state({ now: "202611241531" })],
    ["datetimeOver202611241530", state(), state({ now: "202611241529" })],
    [
      "dailyReadSeriesCountUnder_1001_3",
      state({ dailyReadSeriesCount: new Map([[1001, 2]]) }),
      state({ dailyReadSeriesCount: new Map([[1001, 3]]) }),
    ],
    [
      "dailyReadSeriesCountOver_1001_3",
      state({ dailyReadSeriesCount: new Map([[1001, 3]]) }),
      state({ dailyReadSeriesCount: new Map([[1002, 9]]) }),
    ],
    [
      "notHaveUpcomingCoupon7",
      state(),
      state({ coupons: { enabled: [], received: [], used: [], upcoming: [7] } }),
    ],
    ["refundEnable4", state({ refundsEnabled: [4] }), state({ refundsEnabled: [5] })],
    ["havePopup31", state({ popupTargets: [31] }), state({ popupTargets: [30] })],
    ["notHavePopup31", state({ popupTargets: [30] }), state({ popupTargets: [31] })],
  ])("%s", (marker, shown, hidden) => {
    expect(markerAllows(marker, shown)).toBe(true);
    expect(markerAllows(marker, hidden)).toBe(false);
  });

  it.each([
    ["seriesOnly1001", { seriesId: 1001 }, { seriesId: 1002 }],
    ["doramacdOnly7", { cdId: 7 }, { cdId: null }],
    ["publisherOnly3", { publisherId: 3 }, { publisherId: 4 }],
    ["genreOnly2", { genreId: 2 }, { genreId: 1 }],
  ])("%s follows what the page is about", (marker, on, off) => {
    const place = { url: "/", utm: { src: "", mdm: "", cpn: "" } };
    expect(markerAllows(marker, visitor({ place: { ...place, ...on } }))).toBe(true);
    expect(markerAllows(marker, visitor({ place: { ...place, ...off } }))).toBe(false);
  });

  it("leaves class names that are no marker to styling", () => {
    expect(markerAllows("highlight", visitor())).toBe(true);
    expect(isVisible({ class: "highlight loginOnly" }, visitor())).toBe(false);
  });
});

describe("url and utm rules", () => {
  const place = { url: "/topic/entry?x=1", utm: { src: "facebook", mdm: "display", cpn: "fall" } };
  it.each([
    [{ url: "^/topic/entry" }, { url: "^/page/" }],
    [{ utmSource: "^(facebook|x)$" }, { utmSource: "^twitter$" }],
    [{ utmMedium: "display" }, { utmMedium: "^mail$" }],
    [{ utmCampaign: "^fall$" }, { utmCampaign: "winter" }],
  ])("%o shows, %o hides", (shown, hidden) => {
    expect(isVisible(shown, visitor({ place }))).toBe(true);
    expect(isVisible(hidden, visitor({ place }))).toBe(false);
  });
  it("hides a block whose pattern does not compile", () => {
    expect(isVisible({ url: "(" }, visitor({ place }))).toBe(false);
  });
  it("an image's src is its picture, not a source rule", () => {
    const rows = [
      { columns: [{ blocks: [{ type: "image", src: "/media/topic/1.png", alt: "a" }] }] },
    ];
    expect(showContent(rows, visitor())[0]!.columns[0]!.blocks).toHaveLength(1);
  });
});

describe("text placeholders", () => {
  it.each([
    ["{signup_url}", state(), "/signup"],
    ["{login_url}", state(), "/login"],
    ["{leave_url}", state(), "/leave"],
    ["{this_month}月", state(), "11月"],
    ["{end_of_month}まで", state(), "11月30日まで"],
    ["あと{remaining_price:1000}円", state({ cartPrice: 400 }), "あと600円"],
    ["あと{remaining_price:1000}円", state({ cartPrice: 1500 }), "あと0円"],
    ["あと{remaining_price:3000}円", state(), "あと3,000円"],
    ["{total_rating}件", state({ totalRating: 12 }), "12件"],
    ["{read_series_count}作品", state({ readSeriesCount: 7 }), "7作品"],
    ["{refund_period_date:2}", state({ refundPeriodDates: { 2: "2026-12-15" } }), "12月15日"],
    ["{unknown}", state(), "{unknown}"],
  ])("%s", (text, s, expected) => {
    expect(fillPlaceholders(text, s)).toBe(expected);
  });
});

describe("showContent", () => {
  const rows = [
    {
      class: "loginOnly",
      columns: [{ blocks: [{ type: "text", html: "members" }] }],
    },
    {
      columns: [
        { class: "logoutOnly", blocks: [{ type: "text", html: "visitors" }] },
        {
          lRange: 6,
          blocks: [
            { type: "header", text: "{this_month}月の特集", class: "dateOver20260101" },
            { type: "box", blocks: [{ type: "text", class: "paidOnly", html: "paid" }] },
            { type: "text", html: "<a href='{login_url}' onclick='x()'>ログイン</a>" },
          ],
        },
      ],
    },
  ];

  it("drops hidden rows, columns and blocks and the rules themselves", () => {
    const shown = showContent(rows, visitor());
    expect(JSON.stringify(shown)).not.toContain("members");
    expect(JSON.stringify(shown)).not.toContain("paid");
    expect(JSON.stringify(shown)).not.toContain("class");
    expect(shown).toHaveLength(1);
    expect(shown[0]!.columns[0]!.blocks[0]).toEqual({ type: "text", html: "visitors" });
    expect(shown[0]!.columns[1]!.lRange).toBe(6);
    expect(shown[0]!.columns[1]!.blocks[0]).toMatchObject({ text: "11月の特集" });
    expect(shown[0]!.columns[1]!.blocks[2]).toMatchObject({
      html: '<a href="/login">ログイン</a>',
    });
  });

  it("shows members their blocks", () => {
    const shown = JSON.stringify(showContent(rows, state({ isPaid: true })));
    expect(shown).toContain("members");
    expect(shown).toContain("paid");
    expect(shown).not.toContain("visitors");
  });
});

describe("sanitising", () => {
  it.each(XSS_CORPUS)("%s keeps no script, handler, style or unsafe link", (html) => {
    const clean = sanitizeTopicHtml(html);
    expect(clean).not.toMatch(/<script|<svg|<iframe|<style|<math|<form|<img/i);
    expect(clean).not.toMatch(/\son\w+=/i);
    expect(clean).not.toMatch(/javascript:|data:|expression\(/i);
    expect(clean).not.toMatch(/style=/i);
  });
  it("keeps http(s) and site links, opening other sites in a new tab", () => {
    expect(sanitizeTopicHtml("<a href='https://example.com/a'>x</a>")).toBe(
      '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeTopicHtml("<a href='/coupon'>x</a><br><b>y</b>")).toBe(
      '<a href="/coupon">x</a><br><b>y</b>',
    );
  });
});
