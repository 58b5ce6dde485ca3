import { z } from "zod";
import { GENRE_IDS } from "./genres";
import { blankToUndefined, integerIn, multiLine, oneLine, pageNumber, recordId } from "./input";
import { catalogListQuery } from "./ops-catalog";
import type { RuleIssue } from "./ops-catalog-rules";
import { IMAGE_ADDRESS } from "./ops-extras-rules";
import {
  POPUP_LIMITS as L,
  POPUP_PAGE_LABELS,
  POPUP_TYPE_IDS,
  type PopupCounts,
  type PopupState,
  popupIssues,
  TRACKING_NAME,
} from "./ops-popups-rules";
import { safeLinkUrl } from "./safe-url";
import { parseTokyoDateTimeInput } from "./tokyo-time";

/**
 * Payload of /api/ops/popups (issue 24), shared by the server's validation and the /ops form:
 * the columns of a popups row and the keys of its display and target_rules JSON that the store
 * reads (server/modules/popup/service.ts matchesTarget and typeView, app/features/popup). Times
 * are Tokyo wall-clock minutes as a datetime-local field holds them.
 */

const optionalLine = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
    oneLine(label)
      .pipe(z.string().max(max, `${label}は${max}文字以内で入力してください`))
      .nullable(),
  );

const when = (field: string) =>
  z
    .string({ message: `${field} は日時（例: 2026-12-01T10:00）で指定してください` })
    .refine(
      (s) => parseTokyoDateTimeInput(s) !== null,
      `${field} は実在する日時（例: 2026-12-01T10:00）で指定してください`,
    );

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());
const optionalId = (field: string) => z.preprocess(blankToUndefined, recordId(field).nullish());
const flag = (field: string) =>
  z.boolean({ message: `${field} は true か false で指定してください` }).optional();
const image = (label: string) =>
  z
    .string({ message: `${label}はパスかアドレスで指定してください` })
    .max(L.url, `${label}は${L.url}文字以内で指定してください`)
    .refine(
      (s) => IMAGE_ADDRESS.test(s),
      `${label}は「/」で始まるサイト内のパスか https:// のアドレスで指定してください`,
    );

const utmRule = z.object({
  source: oneLine("utm_source").pipe(
    z.string().trim().min(1, "utm_source を入力してください").max(100),
  ),
  medium: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : (v ?? undefined)),
    oneLine("utm_medium").pipe(z.string().max(100)).optional(),
  ),
});

/** The display JSON's keys the store reads; each type reads its own (contract/popup.ts). */
export const popupDisplayPayload = z
  .object({
    dismissible: flag("dismissible"),
    pr: flag("pr"),
    scroll_ratio: optional(integerIn(1, 99, "scroll_ratio は1〜99の整数（%）で指定してください")),
    discount_rate: optional(integerIn(1, 99, "discount_rate は1〜99の整数（%）で指定してください")),
    price_min: optional(integerIn(0, 100_000, "price_min は0〜100000の整数で指定してください")),
    price_max: optional(integerIn(0, 100_000, "price_max は0〜100000の整数で指定してください")),
    display: flag("display"),
    genre_read: flag("genre_read"),
    image_name: optional(oneLine("画像名").pipe(z.string().max(100))),
    koma: z
      .array(image("コマ画像"), { message: "koma は画像の配列で指定してください" })
      .max(L.koma, `コマ画像は${L.koma}個までです`)
      .optional(),
    series_ids: z
      .array(recordId("series_ids"), { message: "series_ids は作品IDの配列で指定してください" })
      .max(L.seriesIds, `作品IDは${L.seriesIds}個までです`)
      .optional(),
    countdown: flag("countdown"),
    pickup: flag("pickup"),
    ctrl_titles: z
      .array(oneLine("グループ別タイトル").pipe(z.string().max(L.title)))
      .length(3, "グループ別タイトルは3つで指定してください")
      .optional(),
    nickname_title: optional(oneLine("ニックネーム入りタイトル").pipe(z.string().max(L.title))),
    position: z.literal("bottom-right").optional(),
    utm: z
      .array(utmRule, { message: "utm は {source, medium} の配列で指定してください" })
      .max(L.utm, `広告の条件は${L.utm}個までです`)
      .optional(),
  })
  .strip();

const OS = ["android", "ios", "pc"] as const;

/** The target_rules JSON (server/modules/popup/service.ts TargetRules): every key given must hold. */
export const popupTargetPayload = z
  .object({
    login: z
      .enum(["any", "member", "visitor"], { message: "login は any・member・visitor です" })
      .optional(),
    paid: z
      .enum(["any", "paid", "unpaid"], { message: "paid は any・paid・unpaid です" })
      .optional(),
    signup_within_days: optional(
      integerIn(0, L.days, `signup_within_days は0〜${L.days}の整数で指定してください`),
    ),
    signup_before: optional(
      z
        .string()
        .refine((s) => !Number.isNaN(Date.parse(s)), "signup_before は日時で指定してください"),
    ),
    newsletter: flag("newsletter"),
    os: z
      .array(z.enum(OS, { message: "os は android・ios・pc です" }))
      .max(3)
      .optional(),
    genres: z
      .array(
        z
          .number({ message: "genres はジャンルIDの配列で指定してください" })
          .refine((g) => (GENRE_IDS as readonly number[]).includes(g), "存在しないジャンルです"),
      )
      .max(20)
      .optional(),
    idle_days: optional(integerIn(1, L.days, `idle_days は1〜${L.days}の整数で指定してください`)),
  })
  .strip();

function withRules<T>(rules: (value: T) => RuleIssue[]) {
  return (value: T, ctx: z.RefinementCtx) => {
    for (const issue of rules(value)) {
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.field.split(".") });
    }
  };
}

export const popupPayload = z
  .object({
    popup_type: z
      .number({ message: "popup_type はポップアップの種類の番号で指定してください" })
      .refine(
        (t) => (POPUP_TYPE_IDS as number[]).includes(t),
        "popup_type は仕様にあるポップアップの種類の番号で指定してください",
      ),
    page: z.enum(Object.keys(POPUP_PAGE_LABELS) as [keyof typeof POPUP_PAGE_LABELS], {
      message: `page は ${Object.keys(POPUP_PAGE_LABELS).join("・")} のいずれかです`,
    }),
    priority: integerIn(
      -L.priority,
      L.priority,
      `priority は-${L.priority}〜${L.priority}の整数で指定してください`,
    ),
    tracking_name: z
      .string({ message: "tracking_name は英数字と _ の64文字以内で指定してください" })
      .regex(TRACKING_NAME, "tracking_name は英数字と _ の64文字以内で指定してください"),
    title: oneLine("タイトル").pipe(
      z
        .string()
        .trim()
        .min(1, "タイトルを入力してください")
        .max(L.title, `タイトルは${L.title}文字以内で入力してください`),
    ),
    body: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
      multiLine()
        .pipe(z.string().max(L.body, `本文は${L.body}文字以内で入力してください`))
        .nullable(),
    ),
    img: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
      image("画像").nullable(),
    ),
    link_url: optionalLine("リンク先", L.url).refine(
      (s) => s === null || safeLinkUrl(s) !== null,
      "リンク先は「/」で始まるサイト内のパスか http(s):// のアドレスで指定してください",
    ),
    button_label: optionalLine("ボタンの文言", L.button),
    series_id: optionalId("series_id"),
    book_id: optionalId("book_id"),
    campaign_id: optionalId("campaign_id"),
    display: popupDisplayPayload.default({}),
    target_rules: popupTargetPayload.default({}),
    display_limit: optionalId("display_limit").refine(
      (n) => n == null || n <= L.displayLimit,
      `display_limit は1〜${L.displayLimit}の整数で指定してください`,
    ),
    start_at: when("start_at"),
    end_at: z.preprocess(blankToUndefined, when("end_at").nullish()),
  })
  .superRefine(withRules(popupIssues));
export type PopupPayload = z.infer<typeof popupPayload>;

/** The list: a search word, a page, and the Tokyo days the counts cover. */
const isoDay = (field: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine(
        (s) => parseTokyoDateTimeInput(`${s}T00:00`) !== null,
        `${field} は日付（例: 2026-12-01）で指定してください`,
      )
      .optional(),
  );
export const popupListQuery = catalogListQuery.pick({ q: true }).extend({
  page: pageNumber(),
  from: isoDay("from"),
  to: isoDay("to"),
});
export type PopupListQuery = z.infer<typeof popupListQuery>;
export const popupCountsQuery = popupListQuery.pick({ from: true, to: true });

export interface PopupEditorAnswer extends PopupPayload, PopupCounts {
  popup_id: number;
  state: PopupState;
  end_at: string | null;
  /** The Tokyo days the counts cover. */
  from: string;
  to: string;
}
