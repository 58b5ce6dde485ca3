// Without zod: the ポイント還元 form in /ops checks these as the editor types, and the schema in
// ops-refund-campaigns.ts applies the same function on the server (issue 24, decision 0105). They
// are the rules commerce/refunds.ts settles a refund campaign by, and its table's checks.

import type { RuleIssue } from "./ops-catalog-rules";
import { parseTokyoDateTimeInput, tokyoIsoDate } from "./tokyo-time";

export const REFUND_LIMITS = {
  name: 100,
  /** Points kept longer than ten years are a typo. */
  validDays: 3650,
  defaultValidDays: 180,
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD the calendar has (no 2月30日). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

/**
 * The first day points may be granted: the Tokyo day after the last purchasing minute. The job
 * settles a campaign once its period_date has come, reading the orders of the whole window then,
 * so a grant day inside the window would miss the orders after it.
 */
export function firstGrantDay(purchaseEndAt: string): string | null {
  const end = parseTokyoDateTimeInput(purchaseEndAt);
  if (!end) return null;
  return tokyoIsoDate(new Date(end.getTime() - 1 + 86_400_000));
}

export const RATE_MESSAGE = "還元率は1〜100の整数（％）で指定してください";

export interface RefundCampaignFields {
  rate_percent: number | null;
  purchase_start_at: string;
  purchase_end_at: string;
  period_date: string;
}

/** The rules across fields; each field's own shape is the schema's. */
export function refundCampaignIssues(r: RefundCampaignFields): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const rate = r.rate_percent;
  if (rate === null || !Number.isInteger(rate) || rate < 1 || rate > 100) {
    issues.push({ field: "rate_percent", message: RATE_MESSAGE });
  }
  const start = parseTokyoDateTimeInput(r.purchase_start_at);
  const end = parseTokyoDateTimeInput(r.purchase_end_at);
  if (start && end && end <= start) {
    issues.push({
      field: "purchase_end_at",
      message: "購入期間の終了は開始より後の日時にしてください",
    });
  }
  const first = end ? firstGrantDay(r.purchase_end_at) : null;
  if (first && isCalendarDate(r.period_date) && r.period_date < first) {
    issues.push({
      field: "period_date",
      message: `ポイント付与日は購入期間の終了より後の日付（${first}以降）にしてください`,
    });
  }
  return issues;
}

export const REFUND_STATES = { running: "開催中", upcoming: "予定", ended: "終了" } as const;
export type RefundCampaignState = keyof typeof REFUND_STATES;

export interface RefundCampaignRow {
  refund_id: number;
  name: string;
  rate_percent: number;
  /** Tokyo wall-clock minutes, as a datetime-local field holds them. */
  purchase_start_at: string;
  purchase_end_at: string;
  period_date: string;
  point_valid_days: number;
  state: RefundCampaignState;
  /** Paid orders of the window so far (the ones a settlement reads). */
  orders: number;
  points_granted: number;
  /** Points the window's orders not yet settled will earn on period_date. */
  points_pending: number;
}

export interface RefundCampaignAnswer extends RefundCampaignRow {
  /**
   * Orders were entered: the rate and the window's start stay as they were promised, and the
   * end may only move to a time still to come (decision 0105).
   */
  locked: boolean;
  /** Points were granted: nothing but the name may change any more. */
  settled: boolean;
}
