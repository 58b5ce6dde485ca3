// Without zod: the popup form in /ops checks these as the editor types, and the schema in
// ops-popups.ts applies the same function on the server (issue 24).

import type { RuleIssue } from "./ops-catalog-rules";
import { windowIssue } from "./ops-catalog-rules";

/** The popup types of spec 001 §2.7, as the editor names them. */
export const POPUP_TYPE_LABELS = {
  1: "1 アピール（ピックアップ特集も）",
  2: "2 大きい画像",
  3: "3 大きい画像（外部リンク・PR）",
  4: "4 続きを読む",
  5: "5 大きい画像（作品の外部リンク・PR）",
  6: "6 大きい画像（閉じられない）",
  7: "7 ポイントで購入できるマンガ",
  8: "8 ログインスタンプ",
  9: "9 本棚の新刊",
  10: "10 新規登録クーポン",
  11: "11 リマインド（カート）",
  12: "12 アプリ起動",
  31: "31 クーポン",
  32: "32 実質無料",
  33: "33 ランキングへ誘導（スクロール）",
  34: "34 右下バナー",
  35: "35 ショートカット画像（スクロール）",
  36: "36 気になる登録（強制表示）",
  37: "37 同じジャンルのキャンペーン",
  38: "38 同じジャンルの無料作品（スクロール）",
  39: "39 コマ画像",
  40: "40 メルマガ",
  41: "41 スタッフのおすすめ（スクロール）",
  42: "42 コマ画像（複数作品）",
} as const;
export type PopupTypeId = keyof typeof POPUP_TYPE_LABELS;
export const POPUP_TYPE_IDS = Object.keys(POPUP_TYPE_LABELS).map(Number) as PopupTypeId[];

/** Opened by scrolling, never from the queue (app/features/popup/popup-queue.ts). */
export const SCROLL_TYPES: readonly number[] = [33, 35, 38, 41];

/** The screens a popup is queued on ('*': every one), with the editor's names. */
export const POPUP_PAGE_LABELS = {
  "*": "すべてのページ",
  home: "トップ",
  series: "作品ページ",
  bookshelf: "本棚",
  campaign: "キャンペーン",
  free: "無料",
  ranking: "ランキング",
  search: "検索",
  otoku: "お得",
} as const;
export type PopupPageChoice = keyof typeof POPUP_PAGE_LABELS;

export const POPUP_LIMITS = {
  title: 200,
  body: 2000,
  url: 500,
  button: 40,
  tracking: 64,
  priority: 100_000,
  utm: 10,
  koma: 10,
  seriesIds: 20,
  days: 3650,
  displayLimit: 1000,
} as const;

/** Added to links as _tr and named by every event: letters, digits and _ only. */
export const TRACKING_NAME = /^[A-Za-z0-9_]{1,64}$/;

export const POPUP_STATE_LABELS = {
  scheduled: "開始前",
  running: "表示中",
  ended: "終了",
  withdrawn: "取り下げ",
} as const;
export type PopupState = keyof typeof POPUP_STATE_LABELS;

/** Where a popup stands now: withdrawn beats its dates. */
export function popupState(
  p: { start_at: Date; end_at: Date | null; withdrawn: boolean },
  now: Date,
): PopupState {
  if (p.withdrawn) return "withdrawn";
  if (p.start_at > now) return "scheduled";
  if (p.end_at && p.end_at <= now) return "ended";
  return "running";
}

/** What the type-specific rules read of a popup's fields. */
export interface PopupRuleFields {
  popup_type: number;
  start_at: string;
  end_at?: string | null;
  link_url?: string | null;
  book_id?: number | null;
  series_id?: number | null;
  display: {
    discount_rate?: number | null;
    price_min?: number | null;
    price_max?: number | null;
    koma?: readonly string[];
    series_ids?: readonly number[];
    ctrl_titles?: readonly string[] | null;
  };
}

/**
 * A popup as the store reads it (server/modules/popup/service.ts typeView, the bodies in
 * app/features/popup): a type without what it shows would be skipped or show nothing.
 */
export function popupIssues(p: PopupRuleFields): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const window = windowIssue(p.start_at, p.end_at, "end_at", "表示期間");
  if (window) issues.push(window);
  const t = p.popup_type;
  const d = p.display;
  if ([2, 3, 5, 6].includes(t) && !p.link_url) {
    issues.push({ field: "link_url", message: "大きい画像のポップアップにはリンク先が必要です" });
  }
  if (t === 10 && !d.discount_rate) {
    issues.push({
      field: "display.discount_rate",
      message: "新規登録クーポンのポップアップには割引率が必要です",
    });
  }
  if (t === 32 && d.price_min != null && d.price_max != null && d.price_min > d.price_max) {
    issues.push({
      field: "display.price_max",
      message: "実質無料の価格の上限は下限以上にしてください",
    });
  }
  if ((t === 39 || t === 42) && (d.koma?.length ?? 0) === 0) {
    issues.push({ field: "display.koma", message: "コマ画像を1つ以上指定してください" });
  }
  if (t === 42 && (d.series_ids?.length ?? 0) === 0) {
    issues.push({ field: "display.series_ids", message: "作品IDを1つ以上指定してください" });
  }
  if (t === 41 && !p.book_id) {
    issues.push({ field: "book_id", message: "スタッフのおすすめには巻（book_id）が必要です" });
  }
  if (d.ctrl_titles && d.ctrl_titles.length > 0 && d.ctrl_titles.some((s) => !s.trim())) {
    issues.push({
      field: "display.ctrl_titles",
      message: "グループ別タイトルは3つすべて入力するか、すべて空欄にしてください",
    });
  }
  return issues;
}

// ---------------------------------------------------------------- answers

/** Impressions (popup_open), closes (popup_close) and clicks (click, click_leadlink). */
export interface PopupCounts {
  impressions: number;
  closes: number;
  clicks: number;
}

export interface PopupEditorRow extends PopupCounts {
  popup_id: number;
  popup_type: number;
  page: string;
  priority: number;
  title: string;
  tracking_name: string;
  start_at: string;
  end_at: string | null;
  state: PopupState;
}

export interface PopupEditorList {
  total: number;
  page: number;
  page_size: number;
  /** The Tokyo days the counts cover, both included. */
  from: string;
  to: string;
  rows: PopupEditorRow[];
}
