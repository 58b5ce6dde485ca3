// @vitest-environment jsdom
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import {
  type CouponView,
  POINT_HISTORY_TEXT,
  type PointHistoryAnswer,
  type PointHistoryLine,
} from "../../../contract/ledgers";
import { CouponScreen } from "./CouponScreen";
import { PointDetailScreen } from "./PointDetailScreen";

/** What the stubbed route shows: the screens use the router (links, revalidation). */
let shown: ReactNode;
const Stub = createRoutesStub([{ path: "/", Component: () => shown }]);

function dom(node: ReactNode): HTMLElement {
  shown = node;
  const container = document.createElement("div");
  container.innerHTML = renderToStaticMarkup(<Stub initialEntries={["/"]} />);
  return container;
}

const text = (el: Element | null | undefined) => el?.textContent ?? null;

const line = (patch: Partial<PointHistoryLine>): PointHistoryLine => ({
  date: "2026-11-20",
  type: "purchase",
  type_text: POINT_HISTORY_TEXT.purchase,
  point: 23,
  expire_date: "2027-11-20",
  description: null,
  order_id: 41,
  ...patch,
});

const points = (patch: Partial<PointHistoryAnswer>): PointHistoryAnswer => ({
  result: true,
  point: 1234,
  expire: [],
  history: [],
  pattern: { page: 1, total_page: 1, limit: 30, offset: 0, hit: 0 },
  ...patch,
});

describe("the point history (/point_detail)", () => {
  it("shows the balance in points worth a yen each", () => {
    const balance = dom(<PointDetailScreen answer={points({})} />).querySelector(
      '[data-testid="point-balance"]',
    );
    expect(text(balance)).toBe("保有ポイント1,234pt1ポイント＝1円としてご購入時に使えます");
  });

  it("says when nothing runs out soon and there is no history yet", () => {
    const page = dom(<PointDetailScreen answer={points({})} />);
    expect(page.textContent).toContain("30日以内に失効するポイントはありません");
    expect(page.textContent).toContain("ポイントの履歴はありません");
  });

  it("lists points running out soon by day, in the shop's date format", () => {
    const page = dom(
      <PointDetailScreen
        answer={points({
          expire: [
            { expire_date: "2026-12-01", point: 100 },
            { expire_date: "2026-12-15", point: 1500 },
          ],
        })}
      />,
    );
    const rows = [...page.querySelectorAll('[data-testid="point-expire"] li')];
    expect(rows.map(text)).toEqual([
      "2026/12/01100ptが失効します",
      "2026/12/151,500ptが失効します",
    ]);
  });

  it("signs each history line: earned and given back plus, spent and expired minus, with what and until when", () => {
    const page = dom(
      <PointDetailScreen
        answer={points({
          history: [
            line({}),
            line({
              date: "2026-11-21",
              type: "use",
              type_text: POINT_HISTORY_TEXT.use,
              point: -300,
              expire_date: null,
            }),
            line({
              date: "2026-11-22",
              type: "campaign",
              type_text: POINT_HISTORY_TEXT.campaign,
              point: 1000,
              description: "秋のポイント祭り",
              expire_date: "2026-12-31",
              order_id: null,
            }),
            line({
              date: "2026-11-23",
              type: "expire",
              type_text: POINT_HISTORY_TEXT.expire,
              point: -1000,
              expire_date: null,
              order_id: null,
            }),
          ],
        })}
      />,
    );
    const rows = [...page.querySelectorAll('[data-testid="point-history"] li')];
    expect(rows.map((r) => text(r.querySelector(".point-history__date")))).toEqual([
      "2026/11/20",
      "2026/11/21",
      "2026/11/22",
      "2026/11/23",
    ]);
    expect(rows.map((r) => text(r.querySelector(".point-history__what")))).toEqual([
      "購入特典有効期限 2027/11/20",
      "ポイント利用",
      "キャンペーン秋のポイント祭り有効期限 2026/12/31",
      "有効期限切れ",
    ]);
    expect(rows.map((r) => text(r.querySelector(".point-history__point")))).toEqual([
      "+23pt",
      "−300pt",
      "+1,000pt",
      "−1,000pt",
    ]);
  });

  it("pages the history: no pager for one page, 前へ and 次へ only where there is a page to go to", () => {
    const pager = (page: number, total: number) =>
      dom(
        <PointDetailScreen
          answer={points({
            history: [line({})],
            pattern: {
              page,
              total_page: total,
              limit: 30,
              offset: (page - 1) * 30,
              hit: total * 30,
            },
          })}
        />,
      ).querySelector('nav[aria-label="履歴のページ"]');
    expect(pager(1, 1)).toBeNull();
    const links = (nav: Element | null) =>
      [...(nav?.querySelectorAll("a") ?? [])].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links(pager(1, 3))).toEqual([["次へ", "/point_detail?pn=2"]]);
    expect(links(pager(2, 3))).toEqual([
      ["前へ", "/point_detail?pn=1"],
      ["次へ", "/point_detail?pn=3"],
    ]);
    expect(links(pager(3, 3))).toEqual([["前へ", "/point_detail?pn=2"]]);
    expect(text(pager(2, 3))).toContain("2 / 3");
  });
});

const coupon = (patch: Partial<CouponView>): CouponView => ({
  coupon_id: 1,
  coupon_type: 1,
  name: "全作品10%OFF",
  description: null,
  discount_type: 1,
  discount_value: 10,
  max_discount: null,
  min_price: 0,
  campaign_id: null,
  start_date: "2026-11-01 00:00",
  end_date: "2026-11-30 23:59",
  expire_seconds: 800_000,
  countdown: false,
  received_flag: false,
  used_flag: false,
  disabled: false,
  ...patch,
});

describe("the coupons (/coupon)", () => {
  const card = (c: CouponView) =>
    dom(<CouponScreen answer={{ result: true, coupon: [c] }} />).querySelector(
      '[data-testid="coupon-card"]',
    )!;
  const action = (c: CouponView) => text(card(c).querySelector(".coupon-card__action"));

  it("points a member without coupons to the campaigns", () => {
    const page = dom(<CouponScreen answer={{ result: true, coupon: [] }} />);
    expect(page.textContent).toContain("利用できるクーポンはありません");
    expect(text(page.querySelector('a[href="/otoku"]'))).toBe("キャンペーンを見る");
  });

  it("states the value as a percentage or in yen, and the conditions of use", () => {
    const percent = card(coupon({ min_price: 1000, max_discount: 500 }));
    expect(text(percent.querySelector(".coupon-card__value"))).toBe("10%OFF");
    expect([...percent.querySelectorAll(".coupon-card__rules li")].map(text)).toEqual([
      "1,000円（税込）以上のご購入で利用できます",
      "割引は最大500円まで",
      "すべての作品が対象です",
    ]);
    const yenOff = card(coupon({ discount_type: 2, discount_value: 1000, coupon_type: 3 }));
    expect(text(yenOff.querySelector(".coupon-card__value"))).toBe("1,000円OFF");
    expect([...yenOff.querySelectorAll(".coupon-card__rules li")].map(text)).toEqual([
      "対象シリーズの作品に使えます",
    ]);
  });

  it("offers 受け取る for a coupon to take, and says where each other coupon stands", () => {
    expect(action(coupon({}))).toBe("受け取る");
    expect(action(coupon({ received_flag: true }))).toBe("取得済み");
    expect(action(coupon({ received_flag: true, used_flag: true, disabled: true }))).toBe(
      "使用済み",
    );
    expect(action(coupon({ received_flag: true, disabled: true }))).toBe("期限切れ");
    expect(action(coupon({ disabled: true }))).toBe("配布前");
  });

  it("says until when a coupon is usable, or from when one not yet handed out will be", () => {
    expect(text(card(coupon({})).querySelector(".coupon-card__end"))).toBe("2026/11/30 23:59まで");
    expect(text(card(coupon({ disabled: true })).querySelector(".coupon-card__end"))).toBe(
      "2026/11/01 00:00から",
    );
  });

  it("counts down the last three days of a held coupon", () => {
    const ending = card(coupon({ received_flag: true, countdown: true, expire_seconds: 7_384 }));
    expect(text(ending.querySelector('[role="timer"]'))).toBe("残り 02:03:04");
    expect(card(coupon({})).querySelector('[role="timer"]')).toBeNull();
  });

  it("links a campaign's coupon to the titles it fits", () => {
    const campaign = card(coupon({ coupon_type: 2, campaign_id: 12 }));
    expect(campaign.querySelector("a.coupon-card__targets")?.getAttribute("href")).toBe(
      "/coupon?campaign=12",
    );
    expect(card(coupon({})).querySelector("a.coupon-card__targets")).toBeNull();
  });
});
