import { tokyoIsoDate } from "./tokyo-time";

/**
 * 予約購入 and 新刊自動購入 (decision 0116): the rules pages and the server both read, free of
 * zod so browser code may import them.
 */

export type PreorderStatus = "reserved" | "paid" | "failed" | "cancelled";

/** What the account page calls each state, as Japanese stores do. */
export const PREORDER_STATUS_LABELS: Record<PreorderStatus, string> = {
  reserved: "予約中",
  paid: "購入済み",
  failed: "お支払いできませんでした",
  cancelled: "キャンセル済み",
};

/**
 * A reservation may be cancelled until the day before its release (配信日), counted in Tokyo
 * calendar days: on the release day itself it is refused, even before the release hour.
 */
export function preorderCancellable(releaseAt: Date | number, now: Date | number): boolean {
  return tokyoIsoDate(now) < tokyoIsoDate(releaseAt);
}

/** A volume takes reservations until the moment it comes out. */
export function preorderOpen(releaseAt: Date | number, now: Date | number): boolean {
  const at = typeof releaseAt === "number" ? releaseAt : releaseAt.getTime();
  const t = typeof now === "number" ? now : now.getTime();
  return t < at;
}

export type AutoPurchaseStatus = "paid" | "skipped" | "failed";

export const AUTO_PURCHASE_STATUS_LABELS: Record<AutoPurchaseStatus, string> = {
  paid: "購入済み",
  skipped: "購入を見送りました",
  failed: "お支払いできませんでした",
};

/** 月の上限金額: yen, tax included; none set means no limit. */
export const MONTHLY_CAP_MAX = 1_000_000;

export const PREORDER_MESSAGES = {
  notAnnounced: "この作品は予約を受け付けていません",
  closed: "配信が始まったため予約を受け付けていません。作品ページからご購入ください",
  owned: "この作品は購入済みです。本棚からお読みいただけます",
  free: "この作品は無料のため予約の必要はありません",
  noCard:
    "予約購入にはクレジットカードの登録が必要です。アカウントページでカードを登録してください",
  autoNoCard:
    "新刊自動購入にはクレジットカードの登録が必要です。アカウントページでカードを登録してください",
  cancelClosed: "配信日の前日を過ぎたため、予約をキャンセルできません",
  notFound: "予約が見つかりませんでした",
  seriesNotFound: "お探しの作品は見つかりませんでした",
  paymentCardMissing:
    "お支払いに使えるクレジットカードが登録されていません。カードを登録してからご購入ください",
  capReached: "月の上限金額に達したため購入しませんでした",
  paused: "一時停止中のため購入しませんでした",
  alreadyOwned: "購入済みのため購入しませんでした",
  notBuyable: "購入できない作品のため購入しませんでした",
} as const;
