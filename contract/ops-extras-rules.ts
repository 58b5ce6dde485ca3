// Without zod: the news, stamp card and lottery forms in /ops check these as the editor types,
// and the schemas in ops-extras.ts apply the same functions on the server (issue 24).

import type { PublicationState, RuleIssue } from "./ops-catalog-rules";
import { windowIssue } from "./ops-catalog-rules";
import { STAMP_CELLS_PER_ROW } from "./stamp";

export const EXTRAS_LIMITS = {
  title: 200,
  body: 20_000,
  url: 500,
  description: 2000,
  /** A card longer than two months of daily logins is never finished by anyone. */
  stampCells: 60,
  reward: 100_000,
  prizes: 50,
  weight: 1_000_000,
  stock: 10_000_000,
  rank: 99,
} as const;

/** The news editor's list shows this many a page, as the catalog editor's lists. */
export const EXTRAS_PAGE_SIZE = 30;

/** The lottery page's address name, as /lottery/{name} accepts it. */
export const LOTTERY_NAME = /^[a-z0-9_-]{1,64}$/;

/**
 * An image the store puts into an <img> or a CSS url("…"): a path on this site or an https
 * address, with nothing that could close the attribute or the url().
 */
export const IMAGE_ADDRESS = /^(\/(?!\/)|https:\/\/)[^\s"'()\\<>]*$/;

export const PLAY_CONDITIONS = {
  1: "1日1回（東京時間）",
  2: "期間中1回",
  3: "購入1回ごとに1回",
} as const;

/** A stamp cell's row and column on the store's card: six a row, in stamp order. */
export function stampCellPlace(stampNo: number) {
  return {
    row: Math.ceil(stampNo / STAMP_CELLS_PER_ROW),
    col: ((stampNo - 1) % STAMP_CELLS_PER_ROW) + 1,
  };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days from one "2026-12-01" to another, both counted; null when either is not a real day. */
export function daysCovered(start: string, end: string): number | null {
  const day = (s: string) => {
    const m = ISO_DATE.exec(s);
    if (!m) return null;
    const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    return new Date(at).getUTCDate() === Number(m[3]) ? at : null;
  };
  const from = day(start);
  const to = day(end);
  return from === null || to === null ? null : Math.round((to - from) / 86_400_000) + 1;
}

export interface StampCellFields {
  reward_point?: number | null;
  reward_coupon_id?: number | null;
  reward_present_point?: number | null;
}

/**
 * A card as the store reads it: its period, and one cell per stamp (stamp_count is the number
 * of cells, their rows follow from their numbers). A member presses one stamp a Tokyo day, so a
 * card with more cells than days could never be finished.
 */
export function stampCardIssues(card: {
  start_date: string;
  end_date: string;
  cells: readonly StampCellFields[];
}): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const days = daysCovered(card.start_date, card.end_date);
  if (days !== null && days < 1) {
    issues.push({ field: "end_date", message: "終了日は開始日以降の日付を指定してください" });
  }
  const n = card.cells.length;
  if (n < 1 || n > EXTRAS_LIMITS.stampCells) {
    issues.push({
      field: "cells",
      message: `マス目は1〜${EXTRAS_LIMITS.stampCells}個で作成してください`,
    });
  } else if (days !== null && days >= 1 && n > days) {
    issues.push({
      field: "cells",
      message: `スタンプは1日1個のため、期間（${days}日）より多いマス目（${n}個）は埋まりません`,
    });
  }
  return issues;
}

export interface PrizeFields {
  weight: number;
  stock: number | null;
  point?: number | null;
  coupon_id?: number | null;
  item_id?: number | null;
}

/** What a prize gives, as the draw delivers it: one of points, a coupon or a volume, or nothing. */
export function prizeGifts(p: PrizeFields): number {
  return [p.point && p.point > 0, p.coupon_id, p.item_id].filter(Boolean).length;
}

/**
 * A lottery as the draw reads it: at least one prize; each prize drawn with weight / sum of the
 * weights of those with stock left, so weights are whole numbers above 0 and stock 0 or more
 * (blank: unlimited); a prize gives at most one thing.
 */
export function lotteryIssues(lottery: {
  start_at: string;
  end_at?: string | null;
  prizes: readonly PrizeFields[];
}): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const window = windowIssue(lottery.start_at, lottery.end_at, "end_at", "開催期間");
  if (window) issues.push(window);
  if (lottery.prizes.length === 0) {
    issues.push({ field: "prizes", message: "景品を1つ以上登録してください" });
  }
  lottery.prizes.forEach((p, i) => {
    const at = (field: string) => `prizes.${i}.${field}`;
    if (!Number.isInteger(p.weight) || p.weight < 1 || p.weight > EXTRAS_LIMITS.weight) {
      issues.push({
        field: at("weight"),
        message: `当選の重みは1〜${EXTRAS_LIMITS.weight}の整数で指定してください`,
      });
    }
    if (
      p.stock !== null &&
      (!Number.isInteger(p.stock) || p.stock < 0 || p.stock > EXTRAS_LIMITS.stock)
    ) {
      issues.push({
        field: at("stock"),
        message: "在庫は0以上の整数で指定してください（空欄は無制限）",
      });
    }
    if (prizeGifts(p) > 1) {
      issues.push({
        field: at("point"),
        message: "景品はポイント・クーポン・作品のどれか1つにしてください",
      });
    }
  });
  return issues;
}

/** The chance each prize has now, in percent, among those with stock left (what the draw does). */
export function prizeChances(prizes: readonly { weight: number; stock: number | null }[]) {
  const live = prizes.map((p) => (p.stock === 0 ? 0 : Math.max(0, p.weight)));
  const sum = live.reduce((a, b) => a + b, 0);
  return live.map((w) => (sum === 0 ? 0 : (w / sum) * 100));
}

// ---------------------------------------------------------------- answers

export interface EditorList<Row> {
  total: number;
  page: number;
  page_size: number;
  rows: Row[];
}

export interface NewsEditorRow {
  m_news_id: number;
  title: string;
  important: boolean;
  /** Tokyo datetime-local text. */
  published_at: string;
  state: PublicationState;
}

export interface NewsEditorAnswer extends NewsEditorRow {
  body: string;
}

export interface StampCellAnswer {
  stamp_no: number;
  row: number;
  col: number;
  image_url_on: string;
  image_url_off: string;
  reward_point: number | null;
  reward_coupon_id: number | null;
  reward_present_point: number | null;
}

export interface StampCardRow {
  card_id: number;
  start_date: string;
  end_date: string;
  stamp_count: number;
  description: string | null;
  /** Running today (Tokyo), and the one the store shows. */
  running: boolean;
}

export interface StampCardEditorAnswer extends StampCardRow {
  image_url: string;
  bg_color: string | null;
  bg_image_url: string | null;
  band_style: string | null;
  cells: StampCellAnswer[];
  /** The highest stamp a member has pressed on it: the card keeps at least this many cells. */
  pressed_max: number;
}

export interface LotteryRow {
  lottery_id: number;
  name: string;
  title: string;
  start_at: string;
  end_at: string | null;
  play_condition_type: 1 | 2 | 3;
  prize_count: number;
  running: boolean;
}

export interface PrizeAnswer {
  prize_id: number;
  name: string;
  rank: number | null;
  img: string | null;
  description: string | null;
  point: number | null;
  coupon_id: number | null;
  item_id: number | null;
  weight: number;
  stock: number | null;
  /** Plays that won it: a prize someone won cannot be removed, only run out (stock 0). */
  won: number;
}

export interface LotteryEditorAnswer extends LotteryRow {
  img: string | null;
  upper_page_content: string;
  lower_page_content: string;
  share_url: string | null;
  prizes: PrizeAnswer[];
}
