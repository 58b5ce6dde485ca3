import { z } from "zod";
import { blankToUndefined, integerIn, oneLine } from "./input";
import { createRequestId } from "./ops-campaigns";
import { catalogListQuery } from "./ops-catalog";
import {
  isCalendarDate,
  REFUND_LIMITS as L,
  RATE_MESSAGE,
  refundCampaignIssues,
} from "./ops-refund-campaigns-rules";
import { parseTokyoDateTimeInput } from "./tokyo-time";

/**
 * Payloads of /api/ops/refund-campaigns (issue 24, decision 0105), shared by the server's
 * validation and the /ops form. Times are Tokyo wall-clock minutes, the grant day a Tokyo date.
 */

const when = (label: string) =>
  z
    .string({ message: `${label}を日時（例: 2026-12-01T10:00）で指定してください` })
    .refine(
      (s) => parseTokyoDateTimeInput(s) !== null,
      `${label}は実在する日時（例: 2026-12-01T10:00）で指定してください`,
    );

export const refundCampaignPayload = z
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
    rate_percent: integerIn(1, 100, RATE_MESSAGE),
    purchase_start_at: when("購入期間の開始"),
    purchase_end_at: when("購入期間の終了"),
    period_date: z
      .string({ message: "ポイント付与日を日付（例: 2026-12-15）で指定してください" })
      .refine(isCalendarDate, "ポイント付与日は実在する日付（例: 2026-12-15）で指定してください"),
    point_valid_days: z.preprocess(
      (v) => blankToUndefined(v) ?? L.defaultValidDays,
      integerIn(
        1,
        L.validDays,
        `ポイントの有効期限は1〜${L.validDays}の整数（日数）で指定してください`,
      ),
    ),
  })
  .superRefine((value, ctx) => {
    for (const issue of refundCampaignIssues(value)) {
      ctx.addIssue({ code: "custom", message: issue.message, path: [issue.field] });
    }
  });
export type RefundCampaignPayload = z.infer<typeof refundCampaignPayload>;

/** The list's filter, as the campaign list's: 開催中, 予定, 終了, or all. */
export const refundCampaignListQuery = catalogListQuery.pick({ q: true, page: true }).extend({
  state: z.preprocess(
    blankToUndefined,
    z
      .enum(["running", "upcoming", "ended"], {
        message: "state は running・upcoming・ended のどれかで指定してください",
      })
      .optional(),
  ),
});
export type RefundCampaignListQuery = z.infer<typeof refundCampaignListQuery>;
