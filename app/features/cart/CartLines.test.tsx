// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { CartGroup, CartLine, CartTotals } from "../../../contract/cart";
import { CartGroups, CartTotalsList } from "./CartLines";

const line = (patch: Partial<CartLine>): CartLine => ({
  item_id: 3001,
  item_type: 0,
  book_id: 301,
  cd_id: null,
  volume: 1,
  name: "恋と花嫁（1）",
  img: "/media/books/301/cover.png",
  list_price: 660,
  price: 660,
  before_price: null,
  changed: false,
  buyable: true,
  not_buyable_message: null,
  ...patch,
});

const totals = (patch: Partial<CartTotals>): CartTotals => ({
  price: 1430,
  price_already_only: 0,
  discount: 0,
  coupon_discount: 0,
  subtotal: 1430,
  tax: 130,
  amount: 1430,
  add_point: 0,
  ...patch,
});

/** The rendered markup as a document, so rows are read the way a shopper reads them. */
function dom(node: React.ReactNode): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
  return container;
}

/** The totals as label → amount, in the order shown. */
function rows(list: HTMLElement): Array<[string, string]> {
  return [...list.querySelectorAll("dt")].map((dt) => [
    dt.textContent ?? "",
    dt.nextElementSibling?.textContent ?? "",
  ]);
}

describe("the cart's totals (tax included)", () => {
  it("shows only the list total, subtotal with its tax and the amount to pay when nothing is reduced", () => {
    expect(rows(dom(<CartTotalsList totals={totals({})} />))).toEqual([
      ["商品合計", "1,430円"],
      ["小計", "1,430円（内消費税 130円）"],
      ["お支払い金額", "1,430円"],
    ]);
  });

  it("lists the sale and coupon reductions, the points spent, and the points the order earns", () => {
    const shown = rows(
      dom(
        <CartTotalsList
          totals={totals({
            price: 2860,
            discount: 385,
            coupon_discount: 200,
            subtotal: 2275,
            tax: 206,
            amount: 2275,
            add_point: 22,
          })}
          usedPoint={300}
        />,
      ),
    );
    expect(shown).toEqual([
      ["商品合計", "2,860円"],
      ["セール割引", "−385円"],
      ["クーポン割引", "−200円"],
      ["小計", "2,275円（内消費税 206円）"],
      ["ポイント利用", "−300pt"],
      // What is charged: the subtotal less the points.
      ["お支払い金額", "1,975円"],
      ["獲得予定ポイント", "22pt"],
    ]);
  });

  it("never asks for less than nothing when the points cover the whole subtotal", () => {
    const shown = rows(dom(<CartTotalsList totals={totals({})} usedPoint={5000} />));
    expect(shown).toContainEqual(["お支払い金額", "0円"]);
  });
});

describe("the cart's lines", () => {
  const series: CartGroup = {
    series_id: 1,
    series_name: "恋と花嫁",
    items: [
      line({}),
      line({ item_id: 3002, book_id: 302, name: "恋と花嫁（2）", before_price: 660, price: 330 }),
      line({
        item_id: 3003,
        book_id: 303,
        name: "恋と花嫁（3）",
        buyable: false,
        not_buyable_message: "配信が終了しました",
      }),
      line({ item_id: 3004, book_id: 304, name: "恋と花嫁（4）", buyable: false }),
      line({ item_id: 3005, book_id: 305, name: "恋と花嫁（5）", changed: true }),
    ],
  };
  const cd: CartGroup = {
    series_id: null,
    series_name: "月夜の契約 ドラマCD",
    items: [line({ item_id: 9001, item_type: 101, book_id: null, cd_id: 7, name: "ドラマCD" })],
  };
  const item = (page: HTMLElement, name: string) =>
    [...page.querySelectorAll("li")].find((li) => li.textContent?.includes(name))!;

  it("groups by series with a link to the series, and links each volume and drama CD to its page", () => {
    const page = dom(<CartGroups groups={[series, cd]} />);
    const titles = [...page.querySelectorAll("h2")];
    expect(titles.map((h) => h.textContent)).toEqual(["恋と花嫁", "月夜の契約 ドラマCD"]);
    expect(titles[0]!.querySelector("a")?.getAttribute("href")).toBe("/series/1");
    // A drama CD without a series has no series page to go to.
    expect(titles[1]!.querySelector("a")).toBeNull();
    const names = [...page.querySelectorAll("a.cart-line__name")];
    expect(names.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["恋と花嫁（1）", "/series/1/book/301"],
      ["恋と花嫁（2）", "/series/1/book/302"],
      ["恋と花嫁（3）", "/series/1/book/303"],
      ["恋と花嫁（4）", "/series/1/book/304"],
      ["恋と花嫁（5）", "/series/1/book/305"],
      ["ドラマCD", "/doramacd/7"],
    ]);
  });

  it("strikes out the list price of a line on sale only, and always says the price includes tax", () => {
    const page = dom(<CartGroups groups={[series]} />);
    const sale = item(page, "恋と花嫁（2）").querySelector(".cart-line__price")!;
    expect(sale.querySelector("s")?.textContent).toBe("通常価格660円");
    expect(sale.querySelector("strong")?.textContent).toBe("330円");
    expect(sale.textContent).toContain("（税込）");
    expect(item(page, "恋と花嫁（1）").querySelector("s")).toBeNull();
  });

  it("says why a line cannot be bought (a default when the server gives no reason), and that a price changed", () => {
    const page = dom(<CartGroups groups={[series]} />);
    const ended = item(page, "恋と花嫁（3）");
    expect(ended.className).toContain("cart-line--unavailable");
    expect(ended.querySelector(".cart-line__note")?.textContent).toBe("配信が終了しました");
    expect(item(page, "恋と花嫁（4）").querySelector(".cart-line__note")?.textContent).toBe(
      "現在購入できません",
    );
    expect(item(page, "恋と花嫁（5）").querySelector(".cart-line__note")?.textContent).toBe(
      "価格または販売状況が変更されました",
    );
    expect(item(page, "恋と花嫁（1）").querySelector(".cart-line__note")).toBeNull();
  });

  describe("removing", () => {
    let root: ReturnType<typeof createRoot> | null = null;
    afterEach(() => {
      act(() => root?.unmount());
      root = null;
    });

    it("offers a remove button named after the line where the cart may change, and removes that line", () => {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
      const removed: number[] = [];
      const container = document.createElement("div");
      root = createRoot(container);
      act(() =>
        root!.render(
          <MemoryRouter>
            <CartGroups groups={[series]} onRemove={(l) => removed.push(l.item_id)} />
          </MemoryRouter>,
        ),
      );
      const button = [...container.querySelectorAll("button")].find(
        (b) => b.getAttribute("aria-label") === "恋と花嫁（2）をカートから削除",
      )!;
      act(() => button.click());
      expect(removed).toEqual([3002]);
    });

    it("shows no remove buttons where the lines are only listed (checkout)", () => {
      expect(dom(<CartGroups groups={[series]} />).querySelector("button")).toBeNull();
    });

    it("disables them while a change is on its way", () => {
      const page = dom(<CartGroups groups={[series]} onRemove={() => {}} busy />);
      const buttons = [...page.querySelectorAll("button")];
      expect(buttons).toHaveLength(5);
      expect(buttons.every((b) => b.hasAttribute("disabled"))).toBe(true);
    });
  });
});
