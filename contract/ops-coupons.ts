import { z } from "zod";
import { blankToUndefined, integerIn, multiLine, oneLine, recordId } from "./input";
import type { RuleIssue } from "./ops-catalog-rules";
import { BOUGHT_FILTERS, couponIssues, COUPON_LIMITS as L } from "./ops-coupons-rules";
import { parseTokyoDateTimeInput } from "./tokyo-time";

/**
 * Payloads of /api/ops/coupons (issue 24), shared by the server's validation and the /ops form.
 * Times are Tokyo wall-clock minutes as a datetime-local field holds them ("2026-12-01T10:00").
 */

const when = (field: string) =>
  z
    .string({ message: `${field} は日時（例: 2026-12-01T10:00）で指定してください` })
    .refine(
      (s) => parseTokyoDateTimeInput(s) !== null,
      `${field} は実在する日時（例: 2026-12-01T10:00）で指定してください`,
    );

const day = (field: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ message: `${field} は日付（例: 2026-12-01）で指定してください` })
      .refine(
        (s) => parseTokyoDateTimeInput(`${s}T00:00`) !== null,
        `${field} は実在する日付（例: 2026-12-01）で指定してください`,
      )
      .nullish(),
  );

const optional = (field: string, min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    integerIn(min, max, `${field} は${min}〜${max}の整数で指定してください`).nullish(),
  );

const flag = (label: string) =>
  z.boolean({ message: `${label}は true か false で指定してください` }).default(false);

const ids = (field: string) =>
  z
    .array(recordId(field), { message: `${field} はIDの配列で指定してください` })
    .max(L.targets, `${field} は${L.targets}件までです`)
    .default([])
    .transform((list) => [...new Set(list)]);

export const couponPayload = z
  .object({
    name: oneLine("クーポン名")
      .transform((s) => s.trim())
      .pipe(
        z
          .string()
          .min(1, "クーポン名を入力してください")
          .max(L.name, `クーポン名は${L.name}文字以内で入力してください`),
      ),
    description: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
      multiLine()
        .pipe(z.string().max(L.description, `説明は${L.description}文字以内で入力してください`))
        .nullable(),
    ),
    coupon_type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], {
      message: "coupon_type は1〜5で指定してください",
    }),
    discount_type: z.union([z.literal(1), z.literal(2)], {
      message: "discount_type は1（％引き）か2（円引き）で指定してください",
    }),
    discount_value: integerIn(-L.yen, L.yen * 10, "discount_value は整数で指定してください"),
    max_discount: optional("max_discount", 1, L.yen),
    min_price: z.preprocess(
      (v) => blankToUndefined(v) ?? 0,
      integerIn(0, L.minPrice, `min_price は0〜${L.minPrice}の整数で指定してください`),
    ),
    campaign_id: z.preprocess(blankToUndefined, recordId("campaign_id").nullish()),
    series_ids: ids("series_ids"),
    item_ids: ids("item_ids"),
    genre_id: optional("genre_id", 1, 32_767),
    start_at: when("start_at"),
    end_at: when("end_at"),
    valid_hours: optional("valid_hours", 1, L.validHours),
    receivable: flag("receivable"),
    signup_coupon: flag("signup_coupon"),
    stock: optional("stock", 0, L.stock),
  })
  .superRefine((value, ctx) => {
    for (const issue of couponIssues(value) as RuleIssue[]) {
      ctx.addIssue({ code: "custom", message: issue.message, path: [issue.field] });
    }
  });
export type CouponPayload = z.infer<typeof couponPayload>;

/** A retried click sends the same id: the issue it names is answered again, not made twice. */
const requestId = z
  .string({ message: "request_id を指定してください" })
  .regex(/^[A-Za-z0-9-]{8,64}$/, "request_id は英数字とハイフンの8〜64文字で指定してください");

export const issueFilter = z
  .object({
    registered_from: day("registered_from"),
    registered_to: day("registered_to"),
    bought: z.enum(Object.keys(BOUGHT_FILTERS) as ["any", "yes", "no"], {
      message: "bought は any・yes・no のどれかで指定してください",
    }),
  })
  .superRefine((f, ctx) => {
    if (f.registered_from && f.registered_to && f.registered_to < f.registered_from) {
      ctx.addIssue({
        code: "custom",
        message: "登録日の終わりは始まり以降の日付にしてください",
        path: ["registered_to"],
      });
    }
  });
export type IssueFilter = z.infer<typeof issueFilter>;

/** The count before a filter issue: the same filter the issue takes. */
export const filterCountPayload = z.object({ filter: issueFilter });

export const issuePayload = z.discriminatedUnion(
  "to",
  [
    z.object({
      request_id: requestId,
      to: z.literal("members"),
      /** E-mail addresses or member ids, one a line (a pasted list or a CSV file's text). */
      lines: z
        .string({ message: "配布先を入力してください" })
        .max(L.listChars, `配布先のリストは${L.listChars.toLocaleString("ja-JP")}文字までです`)
        .refine((s) => s.trim() !== "", "配布先のメールアドレスか会員IDを入力してください")
        .refine(
          (s) => s.split(/\r\n|\r|\n/).length <= L.lines,
          `一度に配布できるリストは${L.lines.toLocaleString("ja-JP")}行までです（それ以上は条件で配布してください）`,
        ),
    }),
    z.object({ request_id: requestId, to: z.literal("filter"), filter: issueFilter }),
  ],
  { message: "to は members か filter で指定してください" },
);
export type IssuePayload = z.infer<typeof issuePayload>;
