import { z } from "zod";
import { blankToUndefined, integerIn, multiLine, oneLine, recordId } from "./input";
import type { RuleIssue } from "./ops-catalog-rules";
import {
  IMAGE_ADDRESS,
  EXTRAS_LIMITS as L,
  LOTTERY_NAME,
  lotteryIssues,
  stampCardIssues,
} from "./ops-extras-rules";
import { sameSitePath } from "./safe-url";
import { parseTokyoDateTimeInput } from "./tokyo-time";

/**
 * Payloads of /api/ops/news, /api/ops/stamp-cards and /api/ops/lotteries (issue 24), shared by
 * the server's validation and the /ops forms. Times are Tokyo wall-clock minutes as a
 * datetime-local field holds them ("2026-12-01T10:00"), days "2026-12-01" (Tokyo days, as the
 * stamp card's date columns hold them).
 */

const line = (label: string, max: number) =>
  oneLine(label)
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, `${label}を入力してください`)
        .max(max, `${label}は${max}文字以内で入力してください`),
    );

/** Blank (or absent) is null; otherwise one line within `max`. */
const optionalLine = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
    oneLine(label)
      .pipe(z.string().max(max, `${label}は${max}文字以内で入力してください`))
      .nullable(),
  );

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    multiLine().pipe(z.string().max(max, `${label}は${max}文字以内で入力してください`)),
  );

const image = (label: string) =>
  line(label, L.url).refine(
    (s) => IMAGE_ADDRESS.test(s),
    `${label}は「/」で始まるサイト内のパスか https:// のアドレスで指定してください`,
  );
const optionalImage = (label: string) =>
  optionalLine(label, L.url).refine(
    (s) => s === null || IMAGE_ADDRESS.test(s),
    `${label}は「/」で始まるサイト内のパスか https:// のアドレスで指定してください`,
  );

const when = (field: string) =>
  z
    .string({ message: `${field} は日時（例: 2026-12-01T10:00）で指定してください` })
    .refine(
      (s) => parseTokyoDateTimeInput(s) !== null,
      `${field} は実在する日時（例: 2026-12-01T10:00）で指定してください`,
    );

const day = (field: string) =>
  z
    .string({ message: `${field} は日付（例: 2026-12-01）で指定してください` })
    .refine(
      (s) => parseTokyoDateTimeInput(`${s}T00:00`) !== null,
      `${field} は実在する日付（例: 2026-12-01）で指定してください`,
    );

const flag = (label: string) =>
  z.boolean({ message: `${label}は true か false で指定してください` }).default(false);

const amount = (field: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    integerIn(0, max, `${field} は0〜${max}の整数で指定してください`).nullish(),
  );
const optionalId = (field: string) => z.preprocess(blankToUndefined, recordId(field).nullish());

function withRules<T>(rules: (value: T) => RuleIssue[]) {
  return (value: T, ctx: z.RefinementCtx) => {
    for (const issue of rules(value)) {
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.field.split(".") });
    }
  };
}

// ---------------------------------------------------------------- news

/** A notice: its title and body, its publish time (Tokyo) and the 重要 mark. */
export const newsPayload = z.object({
  title: line("タイトル", L.title),
  body: optionalText("本文", L.body).refine((s) => s.trim() !== "", "本文を入力してください"),
  published_at: when("published_at"),
  important: flag("important"),
});
export type NewsPayload = z.infer<typeof newsPayload>;

// ---------------------------------------------------------------- stamp cards

export const stampCellPayload = z.object({
  image_url_on: image("押した後の画像"),
  image_url_off: image("押す前の画像"),
  reward_point: amount("reward_point", L.reward),
  reward_coupon_id: optionalId("reward_coupon_id"),
  reward_present_point: amount("reward_present_point", L.reward),
});

/** A login stamp card: its look, its Tokyo days, and its cells in stamp order. */
export const stampCardPayload = z
  .object({
    image_url: image("カード画像"),
    start_date: day("start_date"),
    end_date: day("end_date"),
    description: optionalLine("説明", L.description),
    bg_color: optionalLine("背景色", 6).refine(
      (s) => s === null || /^[0-9a-fA-F]{6}$/.test(s),
      "背景色は # を除いた6桁の16進数（例: fff4e6）で指定してください",
    ),
    bg_image_url: optionalImage("背景画像"),
    band_style: optionalLine("帯のスタイル", L.url),
    cells: z
      .array(stampCellPayload, { message: "cells はマス目の配列で指定してください" })
      .max(L.stampCells, `マス目は${L.stampCells}個までです`),
  })
  .superRefine(withRules(stampCardIssues));
export type StampCardPayload = z.infer<typeof stampCardPayload>;

// ---------------------------------------------------------------- lotteries

export const prizePayload = z.object({
  /** A prize already saved keeps its id (its plays point at it); a new one has none. */
  prize_id: optionalId("prize_id"),
  name: line("景品名", L.title),
  rank: amount("rank", L.rank),
  img: optionalImage("景品画像"),
  description: optionalLine("景品の説明", L.description),
  point: amount("point", L.reward),
  coupon_id: optionalId("coupon_id"),
  item_id: optionalId("item_id"),
  weight: integerIn(1, L.weight, `weight は1〜${L.weight}の整数で指定してください`),
  stock: amount("stock", L.stock).transform((v) => v ?? null),
  /**
   * The stock the form was loaded with. Plays take stock while the editor types: a stock left as
   * it was keeps what the draws left, and a stock changed is refused if draws moved it meanwhile.
   */
  stock_seen: amount("stock_seen", L.stock),
});
export type PrizePayload = z.infer<typeof prizePayload>;

export const lotteryPayload = z
  .object({
    name: z
      .string({ message: "name は英小文字・数字・_・- の64文字以内で指定してください" })
      .regex(LOTTERY_NAME, "name は英小文字・数字・_・- の64文字以内で指定してください"),
    title: line("タイトル", L.title),
    img: optionalImage("画像"),
    upper_page_content: optionalText("上部の説明", L.body),
    lower_page_content: optionalText("下部の説明", L.body),
    share_url: optionalLine("シェアURL", L.url).refine(
      (s) => s === null || sameSitePath(s) !== null,
      "シェアURLは「/」で始まるサイト内のパスで指定してください",
    ),
    play_condition_type: z.union([z.literal(1), z.literal(2), z.literal(3)], {
      message: "play_condition_type は1〜3で指定してください",
    }),
    start_at: when("start_at"),
    end_at: z.preprocess(blankToUndefined, when("end_at").nullish()),
    prizes: z
      .array(prizePayload, { message: "prizes は景品の配列で指定してください" })
      .max(L.prizes, `景品は${L.prizes}個までです`),
  })
  .superRefine(withRules(lotteryIssues));
export type LotteryPayload = z.infer<typeof lotteryPayload>;
