/**
 * The display rules of the cards (spec 000 §3–§5, §9), as plain functions the card components
 * call and the tests pin down.
 */

import type {
  CastRef,
  DramaCdItem,
  FeatureItem,
  PolicyType,
  SeriesItem,
} from "../../../contract/items";
import { readsFree } from "../../../contract/series";
import { SHELL_PAGES } from "../../../contract/status";
import { plainText } from "../../lib/plain-text";

/** Spec 000 §3: the value UNKNOWN in title or series_name means there is none. */
export function displayName(item: Pick<SeriesItem, "title" | "series_name" | "name">): string {
  for (const value of [item.title, item.series_name, item.name]) {
    if (value && value !== "UNKNOWN") return value;
  }
  return "";
}

// ---------------------------------------------------------------------------------------------
// Reader links

type ReadTarget = Pick<SeriesItem, "book_id" | "series_id" | "continue_cid">;

/**
 * The web reader for a volume (spec 001 §2.1): _rs=free when the reader does not own it and it
 * is free, _rs=trial when unowned with trial pages; the continue variant opens continue_cid.
 */
export function viewerUrl(
  item: ReadTarget,
  rs?: "free" | "trial" | null,
  opts: { continueReading?: boolean } = {},
): string {
  const cid = opts.continueReading && item.continue_cid ? item.continue_cid : item.book_id;
  const base = `/viewer/speed.html?cid=${cid}&series=${item.series_id}`;
  return rs ? `${base}&_rs=${rs}` : base;
}

// ---------------------------------------------------------------------------------------------
// Book card button (spec 000 §4 "Book card button, in priority order")

export type BookButtonKind = "read" | "free" | "signup" | "trial" | "detail";

export interface CardButton<K extends string = string> {
  kind: K;
  label: string;
  href: string;
  disabled?: boolean;
}

type BookButtonItem = Pick<
  SeriesItem,
  | "book_id"
  | "series_id"
  | "continue_cid"
  | "url"
  | "get_flag"
  | "free_flag"
  | "free_count"
  | "policy_type"
  | "member_free_flag"
  | "trial_page_count"
>;

function isTrialIncrease(policy: PolicyType | null): boolean {
  return policy === 104 || policy === 105;
}

export function bookButton(
  item: BookButtonItem,
  opts: { isLogin: boolean; readOn?: boolean },
): CardButton<BookButtonKind> {
  const readOn = opts.readOn ?? true;
  const hasVolume = item.book_id !== null;
  if (item.get_flag && readOn && hasVolume) {
    return { kind: "read", label: "読む", href: viewerUrl(item, null) };
  }
  if (readsFree(item, opts.isLogin) && hasVolume) {
    const label = isTrialIncrease(item.policy_type)
      ? "立ち読み増量"
      : item.free_count > 0
        ? `${item.free_count}冊無料で読む`
        : "無料で読む";
    return { kind: "free", label, href: viewerUrl(item, item.get_flag ? null : "free") };
  }
  if (item.member_free_flag && !opts.isLogin) {
    return { kind: "signup", label: "会員登録で無料で読む", href: SHELL_PAGES.signup_page };
  }
  if (item.trial_page_count > 0 && hasVolume) {
    return {
      kind: "trial",
      label: "試し読み",
      href: viewerUrl(item, item.get_flag ? null : "trial"),
    };
  }
  return { kind: "detail", label: "詳細を見る", href: item.url };
}

// ---------------------------------------------------------------------------------------------
// Cart-style card (spec 000 §4 "Cart-style card")

export type CartButtonKind = "read" | "free" | "signup" | "checkout" | "add";

export const COMING_SOON = "ComingSoon";

type CartItem = BookButtonItem & Pick<SeriesItem, "onsale_flag" | "cart_flag">;

export function cartButton(item: CartItem, opts: { isLogin: boolean }): CardButton<CartButtonKind> {
  if (item.get_flag) return { kind: "read", label: "読む", href: viewerUrl(item, null) };
  if (readsFree(item, opts.isLogin)) {
    const soon = item.member_free_flag && !item.onsale_flag;
    return {
      kind: "free",
      label: soon ? COMING_SOON : "無料で読む",
      href: viewerUrl(item, "free"),
      disabled: soon,
    };
  }
  if (item.member_free_flag) {
    const soon = !item.onsale_flag;
    return {
      kind: "signup",
      label: soon ? COMING_SOON : "会員登録で無料で読む",
      href: SHELL_PAGES.signup_page,
      disabled: soon,
    };
  }
  if (item.cart_flag) return { kind: "checkout", label: "購入手続きへ", href: "/cart" };
  // Spec 001 §5: the cart button is disabled while the volume is not on sale.
  return { kind: "add", label: "カートに入れる", href: "/cart", disabled: !item.onsale_flag };
}

// ---------------------------------------------------------------------------------------------
// Drama CD card (spec 000 §4 "Drama CD card")

export type DramaCdActionKind = "play" | "trial" | "checkout" | "add" | "detail";

export function dramaCdActions(
  cd: Pick<DramaCdItem, "cd_id" | "get_flag" | "trial_file_name" | "onsale_flag" | "cart_flag">,
): Array<CardButton<DramaCdActionKind>> {
  const detail = `/doramacd/${cd.cd_id}`;
  if (cd.get_flag) return [{ kind: "play", label: "再生する", href: detail }];
  const actions: Array<CardButton<DramaCdActionKind>> = [];
  if (cd.trial_file_name) actions.push({ kind: "trial", label: "試聴", href: detail });
  if (!cd.onsale_flag) {
    actions.push({ kind: "detail", label: "詳細", href: detail });
  } else if (cd.cart_flag) {
    actions.push({ kind: "checkout", label: "購入手続きへ", href: "/cart" });
  } else {
    actions.push({ kind: "add", label: "カートに入れる", href: "/cart" });
  }
  return actions;
}

export const PRICE_SUFFIX = "円 ( 税込 )";

export function yen(value: number): string {
  return value.toLocaleString("ja-JP");
}

/** Price of a drama CD: none when owned; a sale shows the struck-out old price first. */
export function dramaCdPrice(
  cd: Pick<DramaCdItem, "get_flag" | "sale_flag" | "before_price_inc" | "price_inc">,
): { before: string | null; price: string; suffix: string } | null {
  if (cd.get_flag) return null;
  const before =
    cd.sale_flag && cd.before_price_inc !== null && cd.before_price_inc > cd.price_inc
      ? yen(cd.before_price_inc)
      : null;
  return { before, price: yen(cd.price_inc), suffix: PRICE_SUFFIX };
}

// ---------------------------------------------------------------------------------------------
// Lists cut for display (spec 000 §5 "Display limits")

export const CREDIT_LIMIT = 5;

/** The first five authors or casts, and whether '他' follows (five or more). */
export function cutCredits<T extends { name: string }>(
  list: readonly T[],
): {
  shown: T[];
  others: boolean;
} {
  return { shown: list.slice(0, CREDIT_LIMIT), others: list.length >= CREDIT_LIMIT };
}

export function castLine(casts: readonly CastRef[]): string {
  const { shown, others } = cutCredits(casts);
  return shown.map((c) => c.name).join("、") + (others ? " 他" : "");
}

// ---------------------------------------------------------------------------------------------
// Descriptions

/** The card text: cut at the first line break, with whether there is more to expand. */
export function firstLine(description: string): { line: string; more: boolean } {
  const text = plainText(description);
  const at = text.indexOf("\n");
  if (at < 0) return { line: text, more: false };
  return { line: text.slice(0, at).trim(), more: text.slice(at + 1).trim() !== "" };
}

export const MORE_LABEL = "- もっと見る -";
export const CLOSE_LABEL = "- 閉じる -";

// ---------------------------------------------------------------------------------------------
// Labels

/** The campaign label of a policy (spec 000 §3 policy_type; 104 and 105 read 立ち読み増量). */
export function policyLabel(
  item: Pick<SeriesItem, "policy_type" | "sale_pct" | "free_count">,
): string | null {
  switch (item.policy_type) {
    case 101:
      return item.sale_pct > 0 ? `${item.sale_pct}%OFF` : "SALE";
    case 102:
      return item.free_count > 0 ? `${item.free_count}冊無料` : "無料";
    case 103:
      return item.free_count > 0 ? `会員登録で${item.free_count}冊無料` : "会員限定無料";
    case 104:
    case 105:
      return "立ち読み増量";
    case 106:
      return "キャンペーン中";
    default:
      return null;
  }
}

/** Badges of a series or volume card: 完 (finished) and 新 (new). */
export function badges(
  item: Pick<SeriesItem, "final_flag" | "new_flag">,
  show: {
    final: boolean;
    fresh: boolean;
  },
): string[] {
  const out: string[] = [];
  if (show.final && item.final_flag) out.push("完");
  if (show.fresh && item.new_flag) out.push("新");
  return out;
}

/**
 * The read button of a feature card: the same wording as the book card, but a feature names no
 * volume, so it always opens the series page where the volume is chosen.
 */
export function featureReadButton(
  item: Pick<
    FeatureItem,
    | "series_id"
    | "url"
    | "get_flag"
    | "free_flag"
    | "free_count"
    | "policy_type"
    | "trial_page_count"
  >,
): CardButton<BookButtonKind> {
  const href = item.series_id !== null ? `/series/${item.series_id}` : item.url;
  if (item.get_flag) return { kind: "read", label: "読む", href };
  if (item.free_flag) {
    const label = isTrialIncrease(item.policy_type)
      ? "立ち読み増量"
      : item.free_count > 0
        ? `${item.free_count}冊無料で読む`
        : "無料で読む";
    return { kind: "free", label, href };
  }
  if (item.trial_page_count > 0) return { kind: "trial", label: "試し読み", href };
  return { kind: "detail", label: "詳細を見る", href };
}
