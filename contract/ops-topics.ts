import { z } from "zod";
import { blankToUndefined, multiLine, oneLine } from "./input";
import { parseTokyoDateTimeInput } from "./tokyo-time";
import type { ShownRow, TopicPageFields } from "./topic";

/**
 * Payloads and answers of /api/ops/topic-pages (issue 24), shared by the server's validation and
 * the /ops topic editor. Times are Tokyo wall-clock minutes as a datetime-local field holds them
 * ("2026-12-01T10:00"). The content is checked again by the topic module's own check
 * (checkTopicJson) on the server.
 */

export const TOPIC_PAGE_NAME = /^[A-Za-z0-9_-]{1,64}$/;
export const TOPIC_CONTENT_MAX = 500_000;

export const TOPIC_PAGE_TYPES = {
  topic: "特集ページ（/topic）",
  page: "固定ページ（/page）",
} as const;
export type TopicPageKind = keyof typeof TOPIC_PAGE_TYPES;

const pageType = z.enum(["topic", "page"], {
  message: "page_type は topic か page で指定してください",
});

const line = (label: string, max: number) =>
  oneLine(label)
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, `${label}を入力してください`)
        .max(max, `${label}は${max}文字以内で入力してください`),
    );

const when = (field: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ message: `${field} は日時（例: 2026-12-01T10:00）で指定してください` })
      .refine(
        (s) => parseTokyoDateTimeInput(s) !== null,
        `${field} は実在する日時（例: 2026-12-01T10:00）で指定してください`,
      )
      .nullish(),
  );

/** The page's own fields: title, description and display window. */
const pageFields = {
  title: line("タイトル", 120),
  description: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
    multiLine().pipe(z.string().max(300, "説明は300文字以内で入力してください")).nullable(),
  ),
  start_at: when("start_at"),
  end_at: when("end_at"),
};

const windowInOrder = (v: { start_at?: string | null; end_at?: string | null }) =>
  !v.start_at || !v.end_at || v.start_at < v.end_at;
const WINDOW_MESSAGE = {
  message: "公開終了は公開開始より後の日時にしてください",
  path: ["end_at"],
};

const content = z
  .string({ message: "content は文字列（JSON）で指定してください" })
  .max(TOPIC_CONTENT_MAX, "内容が長すぎます");

/** A new page: its address, kind and fields; it starts as a draft with an empty content. */
export const newTopicPagePayload = z
  .object({
    page_name: z
      .string({ message: "ページ名を入力してください" })
      .regex(TOPIC_PAGE_NAME, "ページ名は半角英数字・ハイフン・下線の64文字以内で入力してください"),
    page_type: pageType.default("topic"),
    ...pageFields,
  })
  .refine(windowInOrder, WINDOW_MESSAGE);
export type NewTopicPagePayload = z.infer<typeof newTopicPagePayload>;

/**
 * A save: the fields and the content, and the update time the editor opened, so a save over
 * someone else's newer one is refused instead of silently undoing it.
 */
export const topicPageSavePayload = z
  .object({
    ...pageFields,
    content,
    seen_updated_at: z.string({ message: "seen_updated_at を指定してください" }).max(40),
  })
  .refine(windowInOrder, WINDOW_MESSAGE);
export type TopicPageSavePayload = z.infer<typeof topicPageSavePayload>;

/** Content drawn as the three audiences see it, before it is saved. */
export const topicPreviewPayload = z.object({
  content,
  page_type: pageType.default("topic"),
  /** The saved page whose release date and search fields the preview uses, if any. */
  page_name: z.preprocess(blankToUndefined, z.string().regex(TOPIC_PAGE_NAME).optional()),
});

export const topicPageQuery = z.object({ type: pageType.default("topic") });

export type TopicPageState = "draft" | "scheduled" | "live" | "ended";
export const TOPIC_PAGE_STATES: Record<TopicPageState, string> = {
  draft: "下書き",
  scheduled: "公開予定",
  live: "公開中",
  ended: "公開終了",
};

export interface TopicPageRow {
  page_name: string;
  page_type: TopicPageKind;
  title: string;
  state: TopicPageState;
  start_at: string | null;
  end_at: string | null;
  updated_at: string;
}

export interface TopicPageEditorAnswer extends TopicPageRow {
  description: string | null;
  content: string;
  fields: TopicPageFields;
}

/** The preview's three audiences: visitor, member who never paid, member who paid. */
export interface TopicPreviewAnswer {
  visitor: ShownRow[] | null;
  member: ShownRow[] | null;
  paid: ShownRow[] | null;
  fields: TopicPageFields;
}
