// Without zod: the coupon form in /ops checks these as the editor types, and the schemas in
// ops-coupons.ts apply the same functions on the server (issue 24). They are the rules the store
// reads a coupon by (server/modules/commerce/coupons.ts, pricing/rules.ts couponSaving).

import { EMAIL_MAX } from "./account-rules";
import type { RuleIssue } from "./ops-catalog-rules";
import { parseTokyoDateTimeInput } from "./tokyo-time";

export const COUPON_LIMITS = {
  name: 100,
  description: 1000,
  /** A yen coupon above the dearest basket anyone buys is a typo. */
  yen: 100_000,
  minPrice: 1_000_000,
  /** A countdown after receipt longer than a year is no countdown. */
  validHours: 8760,
  stock: 10_000_000,
  targets: 500,
  /** Lines of one pasted or uploaded list: more is a filter's job, chunked in the background. */
  lines: 10_000,
  listChars: 1_000_000,
} as const;

/** What coupon_type says a coupon applies to (commerce/schema.ts). */
export const COUPON_TYPES = {
  1: "すべての作品",
  2: "クーポンキャンペーンの対象作品",
  3: "指定した作品（シリーズ）",
  4: "指定した巻",
  5: "ジャンル",
} as const;
export type CouponType = 1 | 2 | 3 | 4 | 5;

export const DISCOUNT_TYPES = { 1: "％引き", 2: "円引き" } as const;

export interface CouponRuleFields {
  coupon_type: number;
  discount_type: number;
  discount_value: number;
  max_discount?: number | null;
  min_price: number;
  campaign_id?: number | null;
  series_ids?: readonly number[];
  item_ids?: readonly number[];
  genre_id?: number | null;
  start_at: string;
  end_at: string;
  signup_coupon?: boolean;
  valid_hours?: number | null;
}

/**
 * A coupon the store can apply: a percent of 1–100 or a yen amount above 0 (the table's check),
 * a cap only on a percent, the target its coupon_type reads, and an end after its start.
 */
export function couponIssues(c: CouponRuleFields): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (c.discount_type === 1) {
    if (!Number.isInteger(c.discount_value) || c.discount_value < 1 || c.discount_value > 100) {
      issues.push({ field: "discount_value", message: "割引率は1〜100％の整数で指定してください" });
    }
  } else if (
    !Number.isInteger(c.discount_value) ||
    c.discount_value < 1 ||
    c.discount_value > COUPON_LIMITS.yen
  ) {
    issues.push({
      field: "discount_value",
      message: `割引額は1〜${COUPON_LIMITS.yen.toLocaleString("ja-JP")}円の整数で指定してください`,
    });
  }
  if (c.discount_type === 2 && c.max_discount != null) {
    issues.push({
      field: "max_discount",
      message: "割引の上限は％引きのクーポンにだけ設定できます",
    });
  }
  if (c.coupon_type === 2 && !c.campaign_id) {
    issues.push({ field: "campaign_id", message: "対象のクーポンキャンペーンを選んでください" });
  }
  if (c.coupon_type === 3 && (c.series_ids ?? []).length === 0) {
    issues.push({ field: "series_ids", message: "対象の作品IDを1つ以上入力してください" });
  }
  if (c.coupon_type === 4 && (c.item_ids ?? []).length === 0) {
    issues.push({ field: "item_ids", message: "対象の巻（商品ID）を1つ以上入力してください" });
  }
  if (c.coupon_type === 5 && !c.genre_id) {
    issues.push({ field: "genre_id", message: "対象のジャンルを選んでください" });
  }
  const start = parseTokyoDateTimeInput(c.start_at);
  const end = parseTokyoDateTimeInput(c.end_at);
  if (start && end && end <= start) {
    issues.push({ field: "end_at", message: "終了日時は開始日時より後にしてください" });
  }
  if (c.signup_coupon && !c.valid_hours) {
    issues.push({
      field: "valid_hours",
      message: "新規登録クーポンには受け取りからの有効時間（カウントダウン）を指定してください",
    });
  }
  return issues;
}

/** "100円OFF" / "30%OFF（上限500円）", as the coupon pages word a discount. */
export function discountLabel(c: {
  discount_type: number;
  discount_value: number;
  max_discount?: number | null;
}): string {
  if (c.discount_type === 1) {
    const cap = c.max_discount != null ? `（上限${c.max_discount.toLocaleString("ja-JP")}円）` : "";
    return `${c.discount_value}%OFF${cap}`;
  }
  return `${c.discount_value.toLocaleString("ja-JP")}円OFF`;
}

/** Ids typed into a field, one per line or separated by commas and spaces. */
export function idList(text: string): number[] | null {
  const parts = text.split(/[\s,、]+/).filter(Boolean);
  const ids: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,10}$/.test(p)) return null;
    ids.push(Number(p));
  }
  return [...new Set(ids)];
}

// ---------------------------------------------------------------- issuing

/** A line of a pasted or uploaded list: a member's e-mail address or member id. */
export type MemberLine =
  | { line: number; text: string; kind: "email"; email: string }
  | { line: number; text: string; kind: "id"; userId: number };

export interface UnreadLine {
  line: number;
  text: string;
}

const EMAIL = /^[^\s@"<>,;]+@[^\s@"<>,;]+\.[^\s@"<>,;]+$/;
const HEADER = /^(e-?mail|mail|メールアドレス|member_?id|user_?id|id|会員id)$/i;
const INT4_MAX = 2_147_483_647;

/**
 * A list of members as pasted or uploaded (CSV: the first column of each row): e-mail addresses
 * or member ids, one a line. Blank lines and a header row are skipped; anything else that is
 * neither comes back in `unread`, with its line number, for the editor to fix.
 */
export function readMemberLines(text: string): { members: MemberLine[]; unread: UnreadLine[] } {
  const members: MemberLine[] = [];
  const unread: UnreadLine[] = [];
  const rows = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  rows.forEach((raw, i) => {
    const line = i + 1;
    const first = (raw.split(/[,\t]/)[0] ?? "")
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .trim();
    if (first === "") return;
    if (members.length === 0 && unread.length === 0 && HEADER.test(first)) return;
    if (/^\d{1,10}$/.test(first) && Number(first) >= 1 && Number(first) <= INT4_MAX) {
      members.push({ line, text: first, kind: "id", userId: Number(first) });
    } else if (EMAIL.test(first) && first.length <= EMAIL_MAX) {
      members.push({ line, text: first, kind: "email", email: first.toLowerCase() });
    } else {
      unread.push({ line, text: raw.slice(0, 100) });
    }
  });
  return { members, unread };
}

export const BOUGHT_FILTERS = {
  any: "購入の有無を問わない",
  yes: "購入したことがある",
  no: "購入したことがない",
} as const;
export type BoughtFilter = keyof typeof BOUGHT_FILTERS;

/**
 * /api/ops/coupons/{id}/issue/filter-count: the members a filter issue would reach now, and how
 * many of them already hold the coupon (skipped by the issue).
 */
export interface FilterCountAnswer {
  matched: number;
  already_held: number;
}

/** Members a filter issues to are taken this many at a time, one transaction each. */
export const ISSUE_CHUNK = 2000;

// ---------------------------------------------------------------- answers

export type CouponState = "scheduled" | "running" | "ended";
export const COUPON_STATES: Record<CouponState, string> = {
  scheduled: "開始前",
  running: "配布・利用期間中",
  ended: "終了",
};

export interface CouponCounts {
  /** Copies in members' hands, used or not. */
  issued: number;
  used: number;
  /** Copies still to hand out under the stock; null: no stock, unlimited. */
  remaining: number | null;
}

export interface CouponEditorRow extends CouponCounts {
  coupon_id: number;
  name: string;
  coupon_type: CouponType;
  discount: string;
  start_at: string;
  end_at: string;
  stock: number | null;
  state: CouponState;
}

export interface IssueAnswer {
  issue_id: number;
  coupon_id: number;
  kind: "members" | "filter";
  state: "queued" | "running" | "done" | "failed";
  /** Members the list or filter named (for a filter: found so far). */
  matched: number;
  issued: number;
  /** Members who already held the coupon: nothing issued twice. */
  already_held: number;
  /** Members left out because the stock ran out. */
  over_stock: number;
  unknown: UnreadLine[];
  filter: IssueFilterAnswer | null;
  staff_email: string;
  created_at: string;
  finished_at: string | null;
  /** True when this answer is a retried request's first answer (nothing issued again). */
  repeated: boolean;
}

export interface IssueFilterAnswer {
  registered_from: string | null;
  registered_to: string | null;
  bought: BoughtFilter;
}

export interface CouponEditorAnswer extends CouponEditorRow {
  description: string | null;
  discount_type: 1 | 2;
  discount_value: number;
  max_discount: number | null;
  min_price: number;
  campaign_id: number | null;
  series_ids: number[];
  item_ids: number[];
  genre_id: number | null;
  valid_hours: number | null;
  receivable: boolean;
  signup_coupon: boolean;
  issues: IssueAnswer[];
}
