// Without zod: the catalog editor's forms check these as the editor types, and the schemas in
// ops-catalog.ts apply the same functions on the server (decisions 0040, 0091).

import { roleMay, type StaffRole } from "./ops-roles";
import { parseTokyoDateTimeInput } from "./tokyo-time";

/** Bounds of the editor's fields; the store has no longer names or larger books. */
export const CATALOG_LIMITS = {
  name: 200,
  kana: 200,
  description: 4000,
  role: 40,
  pages: 5000,
  price: 100_000,
  volume: 9999,
  credits: 20,
  links: 50,
  query: 100,
  sortOrder: 100_000,
  trackNo: 999,
} as const;

/** Rows on one page of an editor list. */
export const CATALOG_PAGE_SIZE = 30;

/** What the editor credits an author as (series_authors.role), the store's own words. */
export const AUTHOR_ROLES = ["著者", "原作", "漫画", "作画", "構成", "キャラクター原案"] as const;
export type AuthorRole = (typeof AUTHOR_ROLES)[number];

/**
 * Which payload fields need which right beyond catalog.write (contract/ops-roles.ts): the server
 * refuses a change to them without it, and the forms lock them.
 */
export const PRICE_FIELDS = [
  "price_inc",
  "sale_price_inc",
  "sale_start_at",
  "sale_end_at",
  "free_flag",
  "free_start_at",
  "free_end_at",
  "member_free_flag",
  "member_free_start_at",
  "member_free_end_at",
  "before_price_inc",
] as const;
export const SCHEDULE_FIELDS = [
  "item_start_date",
  "publish_at",
  "sale_start_date",
  "sale_end_date",
] as const;

/** What a staff member may change on the editor's screens, from their role. */
export interface EditorRights {
  /** catalog.write: every form, row and upload. */
  catalog: boolean;
  /** prices.write: PRICE_FIELDS. */
  prices: boolean;
  /** schedules.write: SCHEDULE_FIELDS, and publishing. */
  schedules: boolean;
}

export function editorRightsOf(role: StaffRole): EditorRights {
  return {
    catalog: roleMay(role, "catalog.write"),
    prices: roleMay(role, "prices.write"),
    schedules: roleMay(role, "schedules.write"),
  };
}

/** Whether these rights may change one payload field. */
export function mayChangeField(rights: EditorRights, field: string): boolean {
  if (!rights.catalog) return false;
  if ((PRICE_FIELDS as readonly string[]).includes(field) && !rights.prices) return false;
  if ((SCHEDULE_FIELDS as readonly string[]).includes(field) && !rights.schedules) return false;
  return true;
}

/** One rule broken: the field it is about and what to tell the editor. */
export interface RuleIssue {
  field: string;
  message: string;
}

/** A datetime-local value, or blank for none. */
type When = string | null | undefined;

const instant = (value: When) => (value ? parseTokyoDateTimeInput(value) : null);

/** A window's end comes after its start, when both are given. */
export function windowIssue(
  start: When,
  end: When,
  endField: string,
  label: string,
): RuleIssue | null {
  const from = instant(start);
  const to = instant(end);
  if (from && to && to.getTime() <= from.getTime()) {
    return { field: endField, message: `${label}の終了は開始より後の日時を指定してください` };
  }
  return null;
}

/** The price and trial fields of a volume as the form and the payload hold them. */
export interface VolumeRuleFields {
  page_count: number;
  trial_page_count: number;
  price_inc: number;
  sale_price_inc?: number | null;
  sale_start_at?: When;
  sale_end_at?: When;
  free_flag?: boolean;
  free_start_at?: When;
  free_end_at?: When;
  member_free_flag?: boolean;
  member_free_start_at?: When;
  member_free_end_at?: When;
}

/**
 * The shop's rules for a volume's terms (spec and decision 0092): a sale price below the list
 * price; a trial no longer than the volume; each window ending after it starts; a window only
 * where there is something to open (a sale price, a free flag).
 */
export function volumeIssues(v: VolumeRuleFields): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (v.trial_page_count > v.page_count) {
    issues.push({
      field: "trial_page_count",
      message: `試し読みのページ数は巻のページ数（${v.page_count}ページ）以下にしてください`,
    });
  }
  if (v.sale_price_inc != null && v.sale_price_inc >= v.price_inc) {
    issues.push({
      field: "sale_price_inc",
      message: `セール価格は定価（${v.price_inc}円）より安くしてください`,
    });
  }
  if (v.sale_price_inc == null && (v.sale_start_at || v.sale_end_at)) {
    issues.push({
      field: "sale_price_inc",
      message: "セール期間を決めるときはセール価格も入力してください",
    });
  }
  if (!v.free_flag && (v.free_start_at || v.free_end_at)) {
    issues.push({
      field: "free_flag",
      message: "無料期間を決めるときは「無料」にチェックを入れてください",
    });
  }
  if (!v.member_free_flag && (v.member_free_start_at || v.member_free_end_at)) {
    issues.push({
      field: "member_free_flag",
      message: "会員無料の期間を決めるときは「会員無料」にチェックを入れてください",
    });
  }
  for (const issue of [
    windowIssue(v.sale_start_at, v.sale_end_at, "sale_end_at", "セール期間"),
    windowIssue(v.free_start_at, v.free_end_at, "free_end_at", "無料期間"),
    windowIssue(v.member_free_start_at, v.member_free_end_at, "member_free_end_at", "会員無料期間"),
  ]) {
    if (issue) issues.push(issue);
  }
  return issues;
}

/** A drama CD's struck-out price is above the price it sells at. */
export function dramaCdIssues(cd: {
  price_inc: number;
  before_price_inc?: number | null;
  sale_start_date?: When;
  sale_end_date?: When;
}): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (cd.before_price_inc != null && cd.before_price_inc <= cd.price_inc) {
    issues.push({
      field: "before_price_inc",
      message: `値下げ前の価格は販売価格（${cd.price_inc}円）より高くしてください`,
    });
  }
  const window = windowIssue(cd.sale_start_date, cd.sale_end_date, "sale_end_date", "販売期間");
  if (window) issues.push(window);
  return issues;
}

/** Where a series or volume stands for the store, as the editor's lists label it. */
export type PublicationState = "draft" | "scheduled" | "published" | "withdrawn";

export const PUBLICATION_LABELS: Record<PublicationState, string> = {
  draft: "下書き",
  scheduled: "公開予約",
  published: "公開中",
  withdrawn: "取り下げ",
};

/** The field that names a reference row in the editor's answers, per reference list. */
export const REFERENCE_ID_FIELD = {
  authors: "author_id",
  publishers: "publisher_id",
  labels: "label_id",
  magazines: "magazine_id",
  genres: "genre_id",
  categories: "category_id",
  tags: "tag_id",
} as const;
