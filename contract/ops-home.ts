import { z } from "zod";
import { oneLine } from "./input";
import { INT4_MAX } from "./row-id";
import { parseTokyoDateTimeInput } from "./tokyo-time";

/**
 * The home-layout editor of /ops/home (issue 24, decision 0100): the section types of spec 000
 * "Home section types" by what fills them, their names as the editor shows them, and the payload
 * of a genre's draft, shared by the server's validation and the editor's form. Times are Tokyo
 * wall-clock minutes as a datetime-local field holds them ("2026-12-01T10:00").
 */

/** What fills a section of each layout type, as server/modules/home/section-content.ts reads it. */
export type SectionFill =
  | "series"
  | "banner"
  | "feature"
  | "appeal"
  | "author"
  | "carousel"
  | "dramacd"
  | "ranking"
  | "hot_words"
  | "pickup";

/** Spec 000's layout types (18 is none of them), each with its name and what fills it. */
export const LAYOUT_TYPES: ReadonlyArray<{ type: number; name: string; fill: SectionFill }> = [
  { type: 1, name: "4列グリッド", fill: "series" },
  { type: 2, name: "3列グリッド", fill: "series" },
  { type: 6, name: "4列横スクロール", fill: "series" },
  { type: 7, name: "3列横スクロール", fill: "series" },
  { type: 21, name: "3列横スクロール（別デザイン）", fill: "series" },
  { type: 13, name: "3列グリッド（PCは横スクロール）", fill: "series" },
  { type: 4, name: "ランキング", fill: "ranking" },
  { type: 5, name: "バナー列", fill: "banner" },
  { type: 19, name: "バナー列（別デザイン）", fill: "banner" },
  { type: 9, name: "スクロールバナー", fill: "banner" },
  { type: 12, name: "小バナー（横スクロール）", fill: "banner" },
  { type: 16, name: "小バナー（正方形・横スクロール）", fill: "banner" },
  { type: 8, name: "マルチバナー", fill: "banner" },
  { type: 3, name: "特集カード（横スクロール）", fill: "feature" },
  { type: 15, name: "特集カード（横スクロール・別デザイン）", fill: "feature" },
  { type: 22, name: "特集カード（縦並び）", fill: "feature" },
  { type: 10, name: "ピックアップカード", fill: "appeal" },
  { type: 11, name: "スタッフおすすめカード", fill: "appeal" },
  { type: 30, name: "POP表示", fill: "appeal" },
  { type: 20, name: "作家ピックアップ", fill: "author" },
  { type: 23, name: "縦カルーセル（筆文字）", fill: "carousel" },
  { type: 24, name: "横カルーセル（筆文字）", fill: "carousel" },
  { type: 25, name: "縦カルーセル", fill: "carousel" },
  { type: 26, name: "横カルーセル", fill: "carousel" },
  { type: 27, name: "ドラマCD（シンプル）", fill: "dramacd" },
  { type: 28, name: "ドラマCD（アピール文つき）", fill: "dramacd" },
  { type: 29, name: "ドラマCD（アピール文・試聴つき）", fill: "dramacd" },
  { type: 14, name: "ピックアップキャンペーン", fill: "pickup" },
  { type: 17, name: "注目ワード（スマホのみ）", fill: "hot_words" },
];

const BY_TYPE = new Map(LAYOUT_TYPES.map((t) => [t.type, t]));

export function layoutTypeName(type: number): string {
  return BY_TYPE.get(type)?.name ?? `不明な種類（${type}）`;
}

export function sectionFill(type: number): SectionFill | null {
  return BY_TYPE.get(type)?.fill ?? null;
}

/** Content types of spec 000: 1 a campaign's items, 5 the viewing history, 18 volume cards. */
export const CONTENT_TYPES = [
  [1, "キャンペーンの対象作品"],
  [5, "閲覧履歴（会員ごと）"],
  [18, "巻のカード"],
] as const;

/** Ranking blocks' period (ranking tp); a block without one shows the weekly ranking. */
export const RANKING_TYPES = [
  [1, "デイリー"],
  [2, "週間"],
  [3, "月間"],
] as const;

/** The display flags of a section, as the home answer names them, with their labels. */
export const DISPLAY_FLAGS = [
  ["read_flag", "読むボタン"],
  ["display_new_flag", "NEW"],
  ["display_final_flag", "完結"],
  ["display_appeal_flag", "アピール"],
  ["display_policy_flag", "販売形態"],
  ["display_end_label_flag", "終了日"],
  ["display_name_flag", "作品名"],
] as const;
export type DisplayFlag = (typeof DISPLAY_FLAGS)[number][0];

/** Bounds the store's pages were built for: a home of 60 sections, 200 items in one. */
export const HOME_EDITOR_LIMITS = {
  sections: 60,
  items: 200,
  displayNumber: 100,
  text: 200,
  longText: 2000,
  url: 500,
  tags: 10,
} as const;

/** The preview's query keys on /home: the signed token and whose view (visitor or member). */
export const HOME_PREVIEW_PARAM = "preview";
export const HOME_PREVIEW_AS_PARAM = "as";
export type PreviewAs = "visitor" | "member";

const L = HOME_EDITOR_LIMITS;

const id = (label: string) =>
  z
    .number({ message: `${label}は1以上の整数で指定してください` })
    .int(`${label}は1以上の整数で指定してください`)
    .min(1, `${label}は1以上の整数で指定してください`)
    .max(INT4_MAX, `${label}は${INT4_MAX}以下で指定してください`)
    .nullable()
    .default(null);

const text = (label: string, max: number = L.text) =>
  oneLine(label)
    .max(max, `${label}は${max}文字以内で入力してください`)
    .nullable()
    .default(null)
    .transform((s) => (s === null || s.trim() === "" ? null : s.trim()));

const longText = (label: string) =>
  z
    .string()
    .max(L.longText, `${label}は${L.longText}文字以内で入力してください`)
    .nullable()
    .default(null)
    .transform((s) => (s === null || s.trim() === "" ? null : s));

/** A link the store follows: a path of its own or an https address. */
const link = (label: string) =>
  text(label, L.url).refine(
    (s) => s === null || s.startsWith("/") || /^https?:\/\//.test(s),
    `${label}は「/」で始まるパスか http(s):// で始まるアドレスで入力してください`,
  );

const when = (label: string) =>
  z
    .string({ message: `${label}は日時（例: 2026-12-01T10:00）で指定してください` })
    .nullable()
    .default(null)
    .transform((s) => (s === null || s.trim() === "" ? null : s))
    .refine(
      (s) => s === null || parseTokyoDateTimeInput(s) !== null,
      `${label}は実在する日時（例: 2026-12-01T10:00）で指定してください`,
    );

export const homeItemPayload = z.object({
  series_id: id("作品ID"),
  book_id: id("巻ID"),
  cd_id: id("ドラマCD ID"),
  link_rotation_id: id("バナーID"),
  author_id: id("著者ID"),
  img: link("画像"),
  title: text("見出し"),
  description: longText("説明"),
  url: link("リンク先"),
  feature_tag: text("特集タグ"),
  appeal_img: link("アピール画像"),
  comment_img: link("コメント画像"),
  appeal_title: text("アピール見出し"),
  appeal_intro: longText("アピール文"),
  appeal_text: longText("アピールテキスト"),
  appeal_tags: z
    .array(oneLine("アピールタグ").max(30, "アピールタグは30文字以内で入力してください"))
    .max(L.tags, `アピールタグは${L.tags}個までです`)
    .default([]),
});
export type HomeItemDraft = z.infer<typeof homeItemPayload>;

const flag = z.boolean({ message: "表示設定は true か false で指定してください" }).default(false);

const sectionShape = z.object({
  /** The live section this one edits; null for a section added in the draft. */
  layout_id: id("セクションID"),
  layout_type: z.number({ message: "セクションの種類を選んでください" }).int(),
  content_type: z
    .union([z.literal(1), z.literal(5), z.literal(18)], {
      message: "表示内容は キャンペーン(1)・閲覧履歴(5)・巻(18) のいずれかです",
    })
    .nullable()
    .default(null),
  title: text("タイトル"),
  /** The icon's name the page's section heading shows (sale, new, ranking …). */
  icon: text("アイコン", 50),
  more_url: text("もっと見るのリンク先", L.url).refine(
    (s) => s === null || s.toLowerCase() === "hide" || s.startsWith("/") || /^https?:\/\//.test(s),
    "もっと見るのリンク先は「/」で始まるパス、http(s):// のアドレス、または hide です",
  ),
  display_number: z
    .number({ message: `表示件数は1〜${L.displayNumber}の整数で指定してください` })
    .int(`表示件数は1〜${L.displayNumber}の整数で指定してください`)
    .min(1, `表示件数は1〜${L.displayNumber}の整数で指定してください`)
    .max(L.displayNumber, `表示件数は1〜${L.displayNumber}の整数で指定してください`),
  campaign_id: id("キャンペーンID"),
  ranking_type: z
    .union([z.literal(1), z.literal(2), z.literal(3)], {
      message: "ランキングの期間は デイリー(1)・週間(2)・月間(3) のいずれかです",
    })
    .nullable()
    .default(null),
  frame_class: text("枠のクラス", 100),
  read_flag: flag,
  display_new_flag: flag,
  display_final_flag: flag,
  display_appeal_flag: flag,
  display_policy_flag: flag,
  display_end_label_flag: flag,
  display_name_flag: flag,
  start_at: when("表示開始"),
  end_at: when("表示終了"),
  items: z.array(homeItemPayload).max(L.items, `アイテムは${L.items}件までです`).default([]),
});
export type HomeSectionDraft = z.output<typeof sectionShape>;
export type HomeSectionInput = z.input<typeof sectionShape>;

/** What an item of a section of this fill must name, or null when it names enough. */
function itemIssue(
  fill: SectionFill,
  contentType: number | null,
  item: HomeItemDraft,
): string | null {
  switch (fill) {
    case "banner":
      return item.link_rotation_id === null ? "バナーIDを入力してください" : null;
    case "feature":
      return item.title === null || item.url === null
        ? "特集カードには見出しとリンク先を入力してください"
        : null;
    case "appeal":
      return item.series_id === null ? "作品IDを入力してください" : null;
    case "author":
      if (item.author_id === null) return "著者IDを入力してください";
      return item.series_id === null && item.img === null
        ? "作家カードには画像を、作品の行には作品IDを入力してください"
        : null;
    case "carousel":
      return item.img === null ? "カルーセルには画像を入力してください" : null;
    case "dramacd":
      return item.cd_id === null ? "ドラマCD IDを入力してください" : null;
    case "series":
      // A seeded item may name a series that has no volume yet: the store skips it until it has.
      if (contentType === 18) {
        return item.book_id === null && item.series_id === null ? "巻IDを入力してください" : null;
      }
      return item.series_id === null ? "作品IDを入力してください" : null;
    default:
      return null;
  }
}

/** Fills whose items come from a rule (the ranking, hot words, pickup campaigns), not a list. */
const RULE_FILLS: ReadonlySet<SectionFill> = new Set(["ranking", "hot_words", "pickup"]);

export function isRuleFilled(section: Pick<HomeSectionDraft, "layout_type" | "content_type">) {
  const fill = sectionFill(section.layout_type);
  return (
    fill === null ||
    RULE_FILLS.has(fill) ||
    section.content_type === 1 ||
    section.content_type === 5
  );
}

export const homeSectionPayload = sectionShape.superRefine((s, ctx) => {
  const fill = sectionFill(s.layout_type);
  if (fill === null) {
    ctx.addIssue({
      code: "custom",
      path: ["layout_type"],
      message: `セクションの種類 ${s.layout_type} はありません。一覧から選んでください`,
    });
    return;
  }
  const start = s.start_at === null ? null : parseTokyoDateTimeInput(s.start_at);
  const end = s.end_at === null ? null : parseTokyoDateTimeInput(s.end_at);
  if (start && end && end <= start) {
    ctx.addIssue({
      code: "custom",
      path: ["end_at"],
      message: "表示終了は表示開始より後の日時にしてください",
    });
  }
  if (
    s.content_type !== null &&
    fill !== "series" &&
    !(fill === "dramacd" && s.content_type === 1)
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["content_type"],
      message: "この種類のセクションには表示内容を選べません",
    });
  }
  if (s.content_type === 1 && s.campaign_id === null) {
    ctx.addIssue({
      code: "custom",
      path: ["campaign_id"],
      message: "キャンペーンの対象作品を出すにはキャンペーンIDを入力してください",
    });
  }
  if (s.ranking_type !== null && fill !== "ranking") {
    ctx.addIssue({
      code: "custom",
      path: ["ranking_type"],
      message: "ランキングの期間はランキングのセクションにだけ設定できます",
    });
  }
  if (isRuleFilled(s)) return;
  if (s.items.length === 0) {
    ctx.addIssue({
      code: "custom",
      path: ["items"],
      message: "アイテムを1件以上追加してください",
    });
  }
  s.items.forEach((item, i) => {
    const issue = itemIssue(fill, s.content_type, item);
    if (issue)
      ctx.addIssue({ code: "custom", path: ["items", i], message: `${i + 1}件目: ${issue}` });
  });
});

export const homeDraftPayload = z
  .object({
    sections: z.array(homeSectionPayload).max(L.sections, `セクションは${L.sections}個までです`),
  })
  .superRefine((d, ctx) => {
    const seen = new Set<number>();
    d.sections.forEach((s, i) => {
      if (s.layout_id === null) return;
      if (seen.has(s.layout_id)) {
        ctx.addIssue({
          code: "custom",
          path: ["sections", i, "layout_id"],
          message: `セクションID ${s.layout_id} が2回あります`,
        });
      }
      seen.add(s.layout_id);
    });
  });
export type HomeDraftPayload = z.output<typeof homeDraftPayload>;

/** The editor's answer for one genre tab. */
export interface HomeEditorAnswer {
  genre: number;
  genre_name: string;
  /** The sections of the draft when there is one, else the live sections. */
  sections: HomeSectionDraft[];
  /** The live sections, for telling what the draft changes. */
  live: HomeSectionDraft[];
  draft: { updated_at: string; updated_by: string } | null;
}

/** The tab list: each genre with its live section count and whether a draft waits. */
export interface HomeEditorTab {
  genre: number;
  name: string;
  sections: number;
  draft_updated_at: string | null;
}

/** A blank section of a type, as the editor adds it. */
export function blankSection(type: number): HomeSectionDraft {
  const fill = sectionFill(type);
  return {
    layout_id: null,
    layout_type: type,
    content_type: null,
    title: fill === "ranking" ? "ランキング" : null,
    icon: null,
    more_url: null,
    display_number: fill === "pickup" ? 3 : fill === "ranking" ? 10 : 12,
    campaign_id: null,
    ranking_type: fill === "ranking" ? 2 : null,
    frame_class: null,
    read_flag: false,
    display_new_flag: false,
    display_final_flag: false,
    display_appeal_flag: false,
    display_policy_flag: false,
    display_end_label_flag: false,
    display_name_flag: false,
    start_at: null,
    end_at: null,
    items: [],
  };
}

export function blankItem(): HomeItemDraft {
  return {
    series_id: null,
    book_id: null,
    cd_id: null,
    link_rotation_id: null,
    author_id: null,
    img: null,
    title: null,
    description: null,
    url: null,
    feature_tag: null,
    appeal_img: null,
    comment_img: null,
    appeal_title: null,
    appeal_intro: null,
    appeal_text: null,
    appeal_tags: [],
  };
}
