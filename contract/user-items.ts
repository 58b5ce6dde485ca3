import type { HomeContent } from "./home";
import type { UserItems } from "./items";

/** Anything that carries the user flags: series, volume and drama-CD cards. */
export interface FlaggedItem {
  item_id: number | null;
  series_id?: number;
  cart_flag: boolean;
  get_flag: boolean;
  favorite_flag?: boolean;
}

/**
 * Sets cart_flag, get_flag and (for series items) favorite_flag from the member's own lists,
 * after a shared answer that carried them all false (spec 000 §4). Returns new objects, so a
 * React state holding the list re-renders.
 */
export function applyUserItems<T extends FlaggedItem>(items: readonly T[], user: UserItems): T[] {
  const cart = new Set(user.cart_items);
  const own = new Set(user.own_items);
  const favorite = new Set(user.favorite_series);
  return items.map((item) => {
    const next = {
      ...item,
      cart_flag: item.item_id !== null && cart.has(item.item_id),
      get_flag: item.item_id !== null && own.has(item.item_id),
    };
    if (item.series_id !== undefined && "favorite_flag" in item) {
      next.favorite_flag = favorite.has(item.series_id);
    }
    return next;
  });
}

/** The item ids to ask /api/personal/user/items about. */
export function itemIdsOf(items: readonly { item_id: number | null }[]): number[] {
  const ids = new Set<number>();
  for (const item of items) if (item.item_id !== null) ids.add(item.item_id);
  return [...ids];
}

/** The favourite answer holds for every card of that series on the page (spec 000 §4). */
export function setFavorite<T extends { series_id?: number; favorite_flag?: boolean }>(
  items: readonly T[],
  seriesId: number,
  favorite: boolean,
): T[] {
  return items.map((item) =>
    item.series_id === seriesId ? { ...item, favorite_flag: favorite } : item,
  );
}

/** Every card of a home section that carries user flags. */
export function contentCards(content: HomeContent): FlaggedItem[] {
  switch (content.kind) {
    case "series":
    case "ranking":
    case "appeal":
    case "dramacds":
      return content.items;
    case "authors":
      return content.items.flatMap((r) => (r.row === "series" ? [r.item] : []));
    case "campaigns":
      return content.items.flatMap((c) => c.items);
    default:
      return [];
  }
}

/** applyUserItems over every card of a home section, whatever it renders. */
export function applyUserItemsToContent(content: HomeContent, user: UserItems): HomeContent {
  switch (content.kind) {
    case "series":
    case "ranking":
    case "appeal":
      return { kind: content.kind, items: applyUserItems(content.items, user) };
    case "dramacds":
      return { kind: content.kind, items: applyUserItems(content.items, user) };
    case "authors":
      return {
        kind: "authors",
        items: content.items.map((r) =>
          r.row === "series" ? { ...r, item: applyUserItems([r.item], user)[0]! } : r,
        ),
      };
    case "campaigns":
      return {
        kind: "campaigns",
        items: content.items.map((c) => ({ ...c, items: applyUserItems(c.items, user) })),
      };
    default:
      return content;
  }
}
