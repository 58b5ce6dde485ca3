import { describe, expect, it } from "vitest";
import { applyUserItems, itemIdsOf, setFavorite } from "./user-items";

const card = (series_id: number, item_id: number | null) => ({
  series_id,
  item_id,
  cart_flag: false,
  get_flag: false,
  favorite_flag: false,
});

describe("applyUserItems", () => {
  it("sets cart, owned and favourite flags from the member's lists", () => {
    const items = [card(1, 10), card(2, 20), card(3, null)];
    const out = applyUserItems(items, {
      cart_items: [20],
      own_items: [10],
      favorite_series: [2, 3],
    });
    expect(out.map((i) => [i.get_flag, i.cart_flag, i.favorite_flag])).toEqual([
      [true, false, false],
      [false, true, true],
      [false, false, true],
    ]);
    expect(items[0]!.get_flag).toBe(false);
  });

  it("clears flags the lists no longer hold and leaves drama CDs without favourites", () => {
    const cd = { cd_id: 5, item_id: 50, cart_flag: true, get_flag: true };
    const [out] = applyUserItems([cd], { cart_items: [], own_items: [], favorite_series: [5] });
    expect(out).toEqual({ cd_id: 5, item_id: 50, cart_flag: false, get_flag: false });
  });
});

describe("itemIdsOf and setFavorite", () => {
  it("collects each item id once", () => {
    expect(itemIdsOf([card(1, 10), card(2, 10), card(3, null), card(4, 40)])).toEqual([10, 40]);
  });

  it("sets the answer on every card of the series", () => {
    const out = setFavorite([card(1, 10), card(2, 20), card(1, 11)], 1, true);
    expect(out.map((i) => i.favorite_flag)).toEqual([true, false, true]);
  });
});
