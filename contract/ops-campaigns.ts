import { z } from "zod";
import { GENRE_IDS } from "./genres";
import { blankToUndefined, integerIn, multiLine, oneLine, recordId } from "./input";
import { CAMPAIGN_KINDS, campaignIssues, CAMPAIGN_LIMITS as L } from "./ops-campaigns-rules";
import { catalogListQuery } from "./ops-catalog";
import type { RuleIssue } from "./ops-catalog-rules";
import { parseTokyoDateTimeInput } from "./tokyo-time";

/**
 * Payloads of /api/ops/campaigns (issue 24, decision 0101), shared by the server's validation and
 * the /ops form. Times are Tokyo wall-clock minutes as a datetime-local field holds them.
 */

const when = (field: string, label: string) =>
  z
    .string({ message: `${label}を日時（例: 2026-12-01T10:00）で指定してください` })
    .refine(
      (s) => parseTokyoDateTimeInput(s) !== null,
      `${label}は実在する日時（例: 2026-12-01T10:00）で指定してください`,
    )
    .describe(field);

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
    oneLine(label)
      .pipe(z.string().max(max, `${label}は${max}文字以内で入力してください`))
      .nullable(),
  );

const optionalInt = (label: string, min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    integerIn(min, max, `${label}は${min}〜${max}の整数で指定してください`).nullish(),
  );

const ids = (field: string, label: string) =>
  z
    .array(recordId(field), { message: `${label}はIDの配列で指定してください` })
    .max(L.targets, `${label}は${L.targets}件までです`)
    .default([])
    .transform((list) => [...new Set(list)]);

const flag = (label: string) =>
  z.boolean({ message: `${label}は true か false で指定してください` }).default(false);

const genreList = (label: string) =>
  z
    .array(
      z
        .number({ message: `${label}はジャンルIDの配列で指定してください` })
        .refine(
          (n) => (GENRE_IDS as readonly number[]).includes(n),
          `${label}に存在しないジャンルが含まれています`,
        ),
      { message: `${label}はジャンルIDの配列で指定してください` },
    )
    .default([])
    .transform((list) => [...new Set(list)].sort((a, b) => a - b));

/**
 * The form's id for one creation (decision 0105): a double click or a retry sends it again and
 * is answered with the campaign it made, never a second one. Optional for callers that create
 * once by other means (scripts); the /ops forms always send it.
 */
export const createRequestId = z
  .string({ message: "request_id を指定してください" })
  .regex(/^[A-Za-z0-9-]{8,64}$/, "request_id は英数字とハイフンの8〜64文字で指定してください")
  .optional();

export const campaignPolicyPayload = z.object({
  policy_type: z.number({ message: "特典の種類は101〜106で指定してください" }).int(),
  sale_pct: optionalInt("割引率", 1, 100),
  free_count: optionalInt("対象の巻数", 1, L.freeCount),
  trial_page_count: optionalInt("立ち読みのページ数", 1, L.trialPages),
  label: optionalText("特典の表示名", L.label),
});

export const campaignPayload = z
  .object({
    request_id: createRequestId,
    name: oneLine("キャンペーン名")
      .transform((s) => s.trim())
      .pipe(
        z
          .string()
          .min(1, "キャンペーン名を入力してください")
          .max(L.name, `キャンペーン名は${L.name}文字以内で入力してください`),
      ),
    description: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
      multiLine()
        .pipe(z.string().max(L.description, `説明は${L.description}文字以内で入力してください`))
        .nullable(),
    ),
    kind: z.enum(Object.keys(CAMPAIGN_KINDS) as ["policy", "coupon", "info"], {
      message: "kind は policy・coupon・info のどれかで指定してください",
    }),
    action_url: optionalText("リンク先", L.url),
    genre_ids: genreList("表示するジャンル"),
    new_flag: flag("新着"),
    moment_flag: flag("タイムセール"),
    pickup_more_url: optionalText("ピックアップの「もっと見る」", L.url),
    pickup_display_number: z.preprocess(
      (v) => blankToUndefined(v) ?? 6,
      integerIn(
        1,
        L.pickupDisplay,
        `ピックアップの表示数は1〜${L.pickupDisplay}の整数で指定してください`,
      ),
    ),
    pickup_genres: genreList("ピックアップするホーム"),
    sort_order: z.preprocess(
      (v) => blankToUndefined(v) ?? 0,
      integerIn(0, L.sortOrder, `表示順は0〜${L.sortOrder}の整数で指定してください`),
    ),
    start_at: when("start_at", "開始日時"),
    end_at: z.preprocess(blankToUndefined, when("end_at", "終了日時").nullish()),
    policies: z
      .array(campaignPolicyPayload, { message: "policies は特典の配列で指定してください" })
      .max(6, "特典は6つまでです")
      .default([]),
    series_ids: ids("series_ids", "作品ID"),
    item_ids: ids("item_ids", "巻の商品ID"),
    cd_ids: ids("cd_ids", "ドラマCDのID"),
  })
  .superRefine((value, ctx) => {
    for (const issue of campaignIssues(value) as RuleIssue[]) {
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.field.split(".") });
    }
  });
export type CampaignPayload = z.infer<typeof campaignPayload>;

/** The list's filter: 開催中, 予定, 終了, or all. */
export const campaignListQuery = catalogListQuery.pick({ q: true, page: true }).extend({
  state: z.preprocess(
    blankToUndefined,
    z
      .enum(["running", "upcoming", "ended"], {
        message: "state は running・upcoming・ended のどれかで指定してください",
      })
      .optional(),
  ),
});
export type CampaignListQuery = z.infer<typeof campaignListQuery>;

/**
 * GET /api/ops/campaigns/target-series?label_id= | ?genre_id=: a label's or a genre's series,
 * which the form adds to the campaign's series targets (a campaign for a label or a genre).
 */
export const targetSeriesQuery = z
  .object({
    label_id: z.preprocess(blankToUndefined, recordId("label_id").optional()),
    genre_id: z.preprocess(blankToUndefined, recordId("genre_id").optional()),
  })
  .refine(
    (q) => (q.label_id === undefined) !== (q.genre_id === undefined),
    "label_id か genre_id のどちらか一方を指定してください",
  );

export interface TargetSeriesAnswer {
  /** The label's or genre's name. */
  name: string;
  /** Its series, oldest first, at most as many as a campaign may target. */
  series_ids: number[];
  /** How many series it has in all (more than series_ids when past the limit). */
  total: number;
}
