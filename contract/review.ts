import { z } from "zod";
import { blankToUndefined, integerIn, oneOfNumbers, pageNumber, recordId } from "./input";
import { REPORT_COMMENT_MAX, REPORT_TYPES, REVIEW_LIMITS, REVIEW_SORTS } from "./review-rules";

/** Review calls (spec 001 §3 Review, §7.4 /api/review/*); their bounds are in review-rules.ts. */
const text = (label: string, max: number) =>
  z
    .string({ message: `${label}を入力してください` })
    .trim()
    .min(1, `${label}を入力してください`)
    .max(max, `${label}は${max}文字以内で入力してください`);

const tagText = z
  .string()
  .trim()
  .min(1, "タグを入力してください")
  .max(REVIEW_LIMITS.tag, `タグは1つ${REVIEW_LIMITS.tag}文字以内で入力してください`)
  .refine((t) => !t.includes(","), "タグに「,」は使えません");

export const reviewAddInput = z.object({
  series: recordId("series"),
  book: z.preprocess(blankToUndefined, recordId("book").optional()),
  nickname: text("ニックネーム", REVIEW_LIMITS.nickname),
  title: text("タイトル", REVIEW_LIMITS.title),
  comment: text("レビュー本文", REVIEW_LIMITS.comment),
  rating: integerIn(1, 5, "評価は1〜5の星で選んでください"),
  spoil: z.boolean({ message: "spoil は true か false で指定してください" }).default(false),
  tag: z
    .array(tagText, { message: "タグは文字列の配列で指定してください" })
    .max(REVIEW_LIMITS.tags, `タグは${REVIEW_LIMITS.tags}個までです`)
    .default([]),
});
export type ReviewAddInput = z.infer<typeof reviewAddInput>;

export const reviewListInput = z
  .object({
    profile_id: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,40}$/, "profile_id が正しくありません")
        .optional(),
    ),
    series: z.preprocess(blankToUndefined, recordId("series").optional()),
    book: z.preprocess(blankToUndefined, recordId("book").optional()),
    sort: z.preprocess(
      blankToUndefined,
      oneOfNumbers(REVIEW_SORTS, "sort は1〜3で指定してください").default(1),
    ),
    pn: pageNumber(1000, "pn"),
    /** 0: only reviews of the whole series; 1 (default): its volumes' reviews too. */
    review_book: z.preprocess(
      blankToUndefined,
      oneOfNumbers([0, 1] as const, "review_book は0か1で指定してください").default(1),
    ),
  })
  .refine((v) => v.profile_id !== undefined || v.series !== undefined, {
    message: "profile_id か series を指定してください",
    path: ["series"],
  })
  .refine((v) => v.book === undefined || v.series !== undefined, {
    message: "book には series も指定してください",
    path: ["book"],
  });
export type ReviewListInput = z.infer<typeof reviewListInput>;

export const reviewIdInput = z.object({ review_id: recordId("review_id") });

export const reviewReportInput = z.object({
  review_id: recordId("review_id"),
  report_type: oneOfNumbers(REPORT_TYPES, "通報の理由を選んでください"),
  comment: z.preprocess(
    blankToUndefined,
    z
      .string({ message: "コメントは文字列で指定してください" })
      .trim()
      .max(REPORT_COMMENT_MAX, `コメントは${REPORT_COMMENT_MAX}文字以内で入力してください`)
      .optional(),
  ),
});

export const reviewRecommendInput = z.object({
  genre: z.preprocess(
    blankToUndefined,
    integerIn(0, 99, "genre は0〜99の整数で指定してください").default(0),
  ),
});

/** One review as lists show it. Text is plain: pages render it escaped, never as HTML. */
export interface ReviewView {
  review_id: number;
  series_id: number;
  series_name: string;
  book_id: number | null;
  volume: number | null;
  /** タテヨミ: the volume is an episode, named 第N話 (contract/episodes). */
  episodes_flag: boolean;
  nickname: string;
  profile_id: string;
  title: string;
  comment: string;
  rating: number;
  spoil: boolean;
  tags: string[];
  like_count: number;
  liked_flag: boolean;
  /** The writer bought what the review is about (the volume, or a volume of the series): 購入者レビュー. */
  purchased_flag: boolean;
  /** The viewer wrote it: they may edit or remove it, not like or report it. */
  own_flag: boolean;
  created_at: string;
  updated_at: string;
  /**
   * Set only for the author of a review staff hid (issue 24): why, as staff wrote it. Everyone
   * else no longer gets the review at all.
   */
  hidden_reason: string | null;
}

export interface ReviewListAnswer {
  reviews: ReviewView[];
  total: number;
  page: number;
  per_page: number;
  /** The viewer has a live review of this series or volume (series lists only). */
  reviewed_flag: boolean;
  my_review: ReviewView | null;
}

/** A page of a review list that takes nothing else (/reviews). */
export const reviewPageInput = z.object({ pn: pageNumber(1000, "pn") });
