// Answer of /api/login_stamps (spec 001 §3 Login stamp, §7.4; spec 000 §3 Stamp data).

/** Spec 000 §8: six cells per row. */
export const STAMP_CELLS_PER_ROW = 6;
/** Spec 000 §2/§4: the band shown to members whose stamp for today is already pressed. */
export const STAMP_ALREADY_GOT = "本日のスタンプはGET済みです！";

export interface StampCardView {
  image_url: string;
  start_date: string;
  end_date: string;
  description: string | null;
  /** Hex without '#'. */
  bg_color: string | null;
  bg_image_url: string | null;
  band_style: string | null;
  stamp_count: number;
  /** The next reward in words (the appeal, clamped to two lines). */
  appeal: string | null;
}

export interface StampBoxView {
  stamp_no: number;
  image_url_on: string;
  image_url_off: string;
}

export interface StampStatusView {
  current_stamp_no: number;
  /** True when this call pressed today's stamp. */
  press_flag: boolean;
  /** Numbers just pressed, which animate. */
  press_stamps: number[];
}

export interface LoginStampsAnswer {
  result: true;
  /** Null when no card is running today. */
  stamps: StampCardView | null;
  /** Rows of cells, in stamp order within a row. */
  boxes: StampBoxView[][];
  status: StampStatusView;
}
