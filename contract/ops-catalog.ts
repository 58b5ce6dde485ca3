import { z } from "zod";
import { blankToUndefined, integerIn, multiLine, oneLine, pageNumber, recordId } from "./input";
import {
  AUTHOR_ROLES,
  dramaCdIssues,
  CATALOG_LIMITS as L,
  REFERENCE_ID_FIELD,
  type RuleIssue,
  volumeIssues,
} from "./ops-catalog-rules";
import { parseTokyoDateTimeInput } from "./tokyo-time";

/**
 * Payloads of /api/ops/catalog (decision 0091), shared by the server's validation and the
 * editor's forms. Dates are Tokyo wall-clock minutes as a datetime-local field holds them
 * ("2026-12-01T10:00"); the rules themselves are in ops-catalog-rules.ts, which the forms run as
 * the editor types.
 */

const name = (label: string, max: number = L.name) =>
  oneLine(label)
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, `${label}を入力してください`)
        .max(max, `${label}は${max}文字以内で入力してください`),
    );

const optionalText = (label: string, max: number = L.description) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    multiLine().pipe(z.string().max(max, `${label}は${max}文字以内で入力してください`)),
  );

const flag = (label: string) =>
  z.boolean({ message: `${label}は true か false で指定してください` }).default(false);

const optionalId = (field: string) => z.preprocess(blankToUndefined, recordId(field).nullish());

const ids = (field: string) =>
  z
    .array(recordId(field), { message: `${field} は id の配列で指定してください` })
    .max(L.links, `${field} は${L.links}件までです`)
    .default([])
    .transform((list) => [...new Set(list)]);

const sortOrder = integerIn(
  0,
  L.sortOrder,
  `sort_order は0〜${L.sortOrder}の整数で指定してください`,
).default(0);

const yen = (field: string) =>
  integerIn(0, L.price, `${field} は0〜${L.price}円の整数（税込）で指定してください`);

/** A Tokyo datetime-local value; kept as text so the rules compare what the editor typed. */
const when = (field: string) =>
  z
    .string({ message: `${field} は日時（例: 2026-12-01T10:00）で指定してください` })
    .refine(
      (s) => parseTokyoDateTimeInput(s) !== null,
      `${field} は実在する日時（例: 2026-12-01T10:00）で指定してください`,
    );
const optionalWhen = (field: string) => z.preprocess(blankToUndefined, when(field).nullish());

/** Each rule broken becomes a zod issue on its field, so the 400 names it. */
function withRules<T>(rules: (value: T) => RuleIssue[]) {
  return (value: T, ctx: z.RefinementCtx) => {
    for (const issue of rules(value)) {
      ctx.addIssue({ code: "custom", message: issue.message, path: [issue.field] });
    }
  };
}

/** Lists: a search word and a page. */
export const catalogListQuery = z.object({
  q: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    oneLine("検索語")
      .pipe(z.string().max(L.query, `q は${L.query}文字以内です`))
      .default(""),
  ),
  page: pageNumber(),
  series_id: z.preprocess(blankToUndefined, recordId("series_id").optional()),
});
export type CatalogListQuery = z.infer<typeof catalogListQuery>;

export const catalogIdParams = z.object({ id: recordId("id") });

export const previewQuery = z.object({
  as: z.enum(["visitor", "member"], { message: "as は visitor か member です" }).default("visitor"),
});

const credit = z.object({
  author_id: recordId("author_id"),
  role: z.enum(AUTHOR_ROLES, { message: `role は ${AUTHOR_ROLES.join("・")} のいずれかです` }),
});

/** A series: what its page and cards show, its links, and when it goes into the store. */
export const seriesPayload = z.object({
  name: name("作品名"),
  name_kana: name("作品名の読み", L.kana),
  description: optionalText("紹介文"),
  publisher_id: recordId("publisher_id"),
  label_id: optionalId("label_id"),
  magazine_id: optionalId("magazine_id"),
  genre_ids: ids("genre_ids"),
  category_ids: ids("category_ids"),
  tag_ids: ids("tag_ids"),
  authors: z
    .array(credit, { message: "authors は著者と役割の配列で指定してください" })
    .min(1, "著者を1人以上指定してください")
    .max(L.credits, `著者は${L.credits}人までです`),
  complete_flag: flag("完結"),
  new_flag: flag("新作"),
  /** Schedules (schedules.write): when a published series enters the store; blank: at once. */
  publish_at: optionalWhen("publish_at"),
});
export type SeriesPayload = z.infer<typeof seriesPayload>;

const volumeFields = z.object({
  volume: integerIn(1, L.volume, `volume は1〜${L.volume}の整数で指定してください`),
  title: name("巻のタイトル"),
  description: optionalText("巻の紹介文"),
  page_count: integerIn(1, L.pages, `page_count は1〜${L.pages}の整数で指定してください`),
  trial_page_count: integerIn(
    0,
    L.pages,
    `trial_page_count は0〜${L.pages}の整数で指定してください`,
  ),
  trial_increase_flag: flag("立ち読み増量"),
  onsale_flag: flag("販売する"),
  // Prices (prices.write), tax included.
  price_inc: yen("price_inc"),
  sale_price_inc: z.preprocess(blankToUndefined, yen("sale_price_inc").nullish()),
  sale_start_at: optionalWhen("sale_start_at"),
  sale_end_at: optionalWhen("sale_end_at"),
  free_flag: flag("無料"),
  free_start_at: optionalWhen("free_start_at"),
  free_end_at: optionalWhen("free_end_at"),
  member_free_flag: flag("会員無料"),
  member_free_start_at: optionalWhen("member_free_start_at"),
  member_free_end_at: optionalWhen("member_free_end_at"),
  // Schedules (schedules.write): the release date cards show, and when the volume enters the store.
  item_start_date: when("item_start_date"),
  publish_at: optionalWhen("publish_at"),
});

export const volumeUpdatePayload = volumeFields.superRefine(withRules(volumeIssues));
export const volumeCreatePayload = volumeFields
  .extend({ series_id: recordId("series_id") })
  .superRefine(withRules(volumeIssues));
export type VolumePayload = z.infer<typeof volumeUpdatePayload>;

// Which of these fields also need prices.write or schedules.write: PRICE_FIELDS and
// SCHEDULE_FIELDS in ops-catalog-rules.ts, zod-free so the forms lock the same fields.

const dramaCdFields = z.object({
  name: name("タイトル"),
  name_kana: name("タイトルの読み", L.kana),
  brand_id: recordId("brand_id"),
  label_id: recordId("label_id"),
  series_id: optionalId("series_id"),
  description: optionalText("紹介文"),
  appeal_text: optionalText("キャッチコピー", L.name),
  ethic_type: z
    .union([z.literal(0), z.literal(1)], { message: "ethic_type は0か1です" })
    .default(0),
  final_flag: flag("完結"),
  price_inc: yen("price_inc"),
  before_price_inc: z.preprocess(blankToUndefined, yen("before_price_inc").nullish()),
  sale_start_date: when("sale_start_date"),
  sale_end_date: optionalWhen("sale_end_date"),
});
export const dramaCdPayload = dramaCdFields.superRefine(withRules(dramaCdIssues));
export type DramaCdPayload = z.infer<typeof dramaCdPayload>;

/** A track's name and place; its audio, duration and trial come from the upload screen. */
export const trackPayload = z.object({
  track_no: integerIn(1, L.trackNo, `track_no は1〜${L.trackNo}の整数で指定してください`),
  name: name("トラック名"),
});
export type TrackPayload = z.infer<typeof trackPayload>;

/** The reference lists the editor keeps, each with its own fields. */
export type ReferenceKind = keyof typeof REFERENCE_ID_FIELD;
export const REFERENCE_KINDS = Object.keys(REFERENCE_ID_FIELD) as [
  ReferenceKind,
  ...ReferenceKind[],
];

export const referencePayloads = {
  authors: z.object({
    name: name("著者名"),
    name_kana: name("著者名の読み", L.kana),
    profile: optionalText("プロフィール"),
  }),
  publishers: z.object({
    name: name("出版社名"),
    name_kana: name("出版社名の読み", L.kana),
    description: optionalText("説明"),
    sort_order: sortOrder,
  }),
  labels: z.object({
    name: name("レーベル名"),
    publisher_id: recordId("publisher_id"),
    sort_order: sortOrder,
  }),
  magazines: z.object({
    name: name("掲載誌名"),
    publisher_id: recordId("publisher_id"),
    sort_order: sortOrder,
  }),
  genres: z.object({ name: name("ジャンル名"), sort_order: sortOrder }),
  categories: z.object({ name: name("カテゴリ名"), sort_order: sortOrder }),
  tags: z.object({ name: name("タグ名"), sort_order: sortOrder }),
} as const satisfies Record<ReferenceKind, z.ZodType>;
export type ReferencePayload<K extends ReferenceKind> = z.infer<(typeof referencePayloads)[K]>;

export const referenceKindParams = z.object({
  kind: z.enum(REFERENCE_KINDS, { message: "一覧の種類が正しくありません" }),
});
export const referenceParams = referenceKindParams.extend({ id: recordId("id") });
