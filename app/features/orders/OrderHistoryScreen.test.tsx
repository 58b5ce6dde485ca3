// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { OrderHistoryAnswer, OrderLine, OrderSummary } from "../../../contract/orders";
import { OrderHistoryScreen } from "./OrderHistoryScreen";
import { Receipt } from "./Receipt";

const volume: OrderLine = {
  item_id: 3001,
  item_type: 0,
  series_id: 1,
  book_id: 301,
  cd_id: null,
  name: "恋と花嫁（1）",
  img: "/media/books/301/cover.png",
  url: "/series/1/book/301",
  read_url: "/viewer/speed.html?cid=301&series=1",
  price_inc: 330,
  discount: 330,
  refunded: false,
};

const dramaCd: OrderLine = {
  item_id: 9001,
  item_type: 101,
  series_id: null,
  book_id: null,
  cd_id: 7,
  name: "月夜の契約 ドラマCD",
  img: "/media/cds/7/jacket.png",
  url: "/doramacd/7",
  read_url: "/doramacd/7",
  price_inc: 1980,
  discount: 0,
  refunded: false,
};

const order = (patch: Partial<OrderSummary>): OrderSummary => ({
  order_id: 41,
  status: "paid",
  order_date: "2026-11-21 09:30:00",
  price: 2640,
  discount: 330,
  coupon_discount: 0,
  coupon_name: null,
  used_point: 0,
  subtotal: 2310,
  tax: 210,
  amount: 2310,
  refunded_amount: 0,
  refunded_point: 0,
  add_point: 23,
  payment_type: 1,
  payment_name: "クレジットカード",
  item_count: 2,
  items: [volume, dramaCd],
  gift: null,
  ...patch,
});

const history = (patch: Partial<OrderHistoryAnswer>): OrderHistoryAnswer => ({
  target: "202611",
  target_text: "2026年11月",
  total: 2310,
  month: [
    { month: "202611", text: "2026年11月" },
    { month: "202610", text: "2026年10月" },
  ],
  order: [order({})],
  ...patch,
});

/** The answer the stubbed route shows (its month picker is a router form, so it needs a route). */
let shown: OrderHistoryAnswer;
const Stub = createRoutesStub([
  { path: "/order_history", Component: () => <OrderHistoryScreen history={shown} /> },
]);

function dom(answer: OrderHistoryAnswer): HTMLElement {
  shown = answer;
  const container = document.createElement("div");
  container.innerHTML = renderToStaticMarkup(<Stub initialEntries={["/order_history"]} />);
  return container;
}

const rows = (list: Element) =>
  [...list.querySelectorAll("dt")].map((dt) => [
    dt.textContent,
    dt.nextElementSibling?.textContent,
  ]);

describe("the order history", () => {
  it("tells a member without orders so and leads back to the shop", () => {
    const page = dom(history({ month: [], order: [], total: 0 }));
    expect(page.textContent).toContain("購入履歴はありません");
    expect(page.querySelector('a[href="/home"]')?.textContent).toBe("作品を探す");
    expect(page.querySelector("select")).toBeNull();
  });

  it("offers the months bought in, the month's total paid and its number of orders", () => {
    const page = dom(history({}));
    const options = [...page.querySelectorAll("select option")];
    expect(options.map((o) => [o.getAttribute("value"), o.textContent])).toEqual([
      ["202611", "2026年11月"],
      ["202610", "2026年10月"],
    ]);
    expect(page.querySelector(".orders__total")?.textContent).toBe(
      "2026年11月のお支払い合計 2,310円（1件）",
    );
  });

  it("says so for a month without orders", () => {
    const page = dom(history({ target: "202610", target_text: "2026年10月", order: [], total: 0 }));
    expect(page.textContent).toContain("2026年10月のご購入はありません");
  });

  it("dates and numbers each order, and marks those not simply paid", () => {
    const page = dom(
      history({
        order: [
          order({}),
          order({ order_id: 42, status: "pending" }),
          order({ order_id: 43, status: "cancelled" }),
          order({ order_id: 44, status: "refunded" }),
        ],
      }),
    );
    const cards = [...page.querySelectorAll("article.order-card")];
    expect(cards[0]!.querySelector("time")?.textContent).toBe("2026-11-21 09:30");
    expect(cards[0]!.querySelector("time")?.getAttribute("datetime")).toBe("2026-11-21T09:30:00");
    expect(cards.map((c) => c.querySelector(".order-card__number")?.textContent)).toEqual([
      "注文番号 41",
      "注文番号 42",
      "注文番号 43",
      "注文番号 44",
    ]);
    expect(cards.map((c) => c.querySelector(".order-card__status")?.textContent ?? null)).toEqual([
      null,
      "お支払い手続き中",
      "キャンセル済み",
      "返金済み",
    ]);
  });

  it("lets the owner read a volume and listen to a drama CD of a paid order only", () => {
    const page = dom(history({ order: [order({}), order({ order_id: 42, status: "cancelled" })] }));
    const [paid, cancelled] = [...page.querySelectorAll("article.order-card")];
    const actions = [...paid!.querySelectorAll("a.order-item__read")];
    expect(actions.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["読む", "/viewer/speed.html?cid=301&series=1"],
      ["聴く", "/doramacd/7"],
    ]);
    expect(cancelled!.querySelector("a.order-item__read")).toBeNull();
  });

  it("shows what each item cost, with the list price struck out when it was on sale", () => {
    const page = dom(history({}));
    const prices = [...page.querySelectorAll(".order-item__price")];
    expect(prices[0]!.querySelector("s")?.textContent).toBe("660円");
    expect(prices[0]!.textContent).toBe("660円330円（税込）");
    expect(prices[1]!.querySelector("s")).toBeNull();
    expect(prices[1]!.textContent).toBe("1,980円（税込）");
  });

  it("marks a line support refunded, takes away its 聴く, and counts only what stays paid", () => {
    const partly = order({
      items: [volume, { ...dramaCd, refunded: true }],
      refunded_amount: 1980,
      refunded_point: 0,
    });
    const page = dom(history({ order: [partly], total: 330 }));
    const card = page.querySelector("article.order-card")!;
    expect(card.querySelector(".order-card__status")?.textContent).toBe("一部返金済み");
    const lines = [...card.querySelectorAll(".order-item")];
    expect(lines.map((l) => l.querySelector(".order-item__refunded")?.textContent ?? null)).toEqual(
      [null, "返金済み"],
    );
    expect(lines.map((l) => l.querySelector("a.order-item__read")?.textContent ?? null)).toEqual([
      "読む",
      null,
    ]);
    expect(card.querySelector(".order-card__receipt summary")?.textContent).toBe(
      "領収内容 お支払い 330円",
    );
    expect(rows(card.querySelector(".receipt")!)).toContainEqual(["返金", "−1,980円"]);
  });

  it("sums the order up in its receipt, headed by what was paid", () => {
    const page = dom(history({}));
    expect(page.querySelector(".order-card__receipt summary")?.textContent).toBe(
      "領収内容 お支払い 2,310円",
    );
  });
});

describe("an order's receipt", () => {
  const receipt = (o: OrderSummary) => {
    const container = document.createElement("div");
    container.innerHTML = renderToStaticMarkup(<Receipt order={o} />);
    return rows(container);
  };

  it("lists every reduction, the tax the subtotal contains, the points, the charge and how it was paid", () => {
    expect(
      receipt(
        order({
          coupon_discount: 200,
          coupon_name: "新規会員200円OFF",
          subtotal: 2110,
          tax: 191,
          used_point: 100,
          amount: 2010,
        }),
      ),
    ).toEqual([
      ["商品合計", "2,640円"],
      ["セール割引", "−330円"],
      ["クーポン割引（新規会員200円OFF）", "−200円"],
      ["小計", "2,110円（内消費税 191円）"],
      ["ポイント利用", "−100pt"],
      ["お支払い金額", "2,010円"],
      ["お支払い方法", "クレジットカード"],
      ["獲得ポイント", "23pt"],
    ]);
  });

  it("leaves out the reductions and points an order did not have", () => {
    expect(
      receipt(order({ discount: 0, subtotal: 2640, tax: 240, amount: 2640, add_point: 0 })),
    ).toEqual([
      ["商品合計", "2,640円"],
      ["小計", "2,640円（内消費税 240円）"],
      ["お支払い金額", "2,640円"],
      ["お支払い方法", "クレジットカード"],
    ]);
  });
});
