// Answers of the lottery calls (spec 001 §3 Lottery, §7.4 /api/lottery/{name}, /status, /play).

/** 1 once a day (Tokyo), 2 once per lottery period, 3 once per purchase. */
export type PlayConditionType = 1 | 2 | 3;

export const PLAY_CONDITION_TEXT: Record<PlayConditionType, string> = {
  1: "1日1回抽選できます",
  2: "期間中1回抽選できます",
  3: "作品を1回購入するごとに1回抽選できます",
};

/** What a prize gives; the client shows it as it is. A prize with nothing in it is a blank. */
export interface LotteryPrizeView {
  name: string;
  rank: number | null;
  img: string | null;
  description: string | null;
  point: number;
  coupon_id: number | null;
  item_id: number | null;
}

export interface LotteryView {
  name: string;
  title: string;
  img: string | null;
  upper_page_content: string;
  lower_page_content: string;
  share_url: string;
  start_date: string;
  end_date: string | null;
  prizes: LotteryPrizeView[];
}

export interface LotteryAnswer {
  result: true;
  lottery: LotteryView;
}

export interface LotteryStatus {
  play_condition_type: PlayConditionType;
  /** True while the member has a play right now. */
  can_play: boolean;
  /** Why not, in the shop's words; null when can_play. */
  message: string | null;
}

export interface LotteryStatusAnswer {
  result: true;
  status: LotteryStatus;
}

export interface LotteryPlayAnswer {
  result: true;
  /** null: a blank (はずれ). */
  prize: LotteryPrizeView | null;
  /** The present holding the prize; the member takes it from the present box. */
  present_id: number | null;
  status: LotteryStatus;
}
