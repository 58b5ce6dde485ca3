import { z } from "zod";
import { EMAIL_MAX } from "./account-rules";
import { integerIn, multiLine, oneLine, oneOfNumbers } from "./input";

/**
 * The three message forms (/inquiry, /opinion, /request): their fields, limits and choices, used
 * by the pages' inputs and by the server's validation (server/modules/inquiry/routes.ts).
 */
export const SUBJECT_MAX = 100;
export const INQUIRY_BODY_MAX = 2000;
export const OPINION_BODY_MAX = 1000;
export const REQUEST_FIELD_MAX = 100;
export const REQUEST_COMMENT_MAX = 1000;

export const INQUIRY_CATEGORIES = [
  { id: 1, label: "作品の購入・お支払いについて" },
  { id: 2, label: "ポイント・クーポンについて" },
  { id: 3, label: "作品の閲覧・ドラマCDの再生について" },
  { id: 4, label: "会員登録・ログインについて" },
  { id: 5, label: "退会・アカウントについて" },
  { id: 6, label: "不具合のご報告" },
  { id: 9, label: "その他" },
] as const;

export const OPINION_RATINGS = [
  { value: 5, label: "とても満足" },
  { value: 4, label: "満足" },
  { value: 3, label: "ふつう" },
  { value: 2, label: "不満" },
  { value: 1, label: "とても不満" },
] as const;

export function categoryLabel(id: number): string {
  return INQUIRY_CATEGORIES.find((c) => c.id === id)?.label ?? "その他";
}

/**
 * A random token the page makes once per filled-in form; the server stores a message only once
 * per token within ten minutes, so a double click or a resent request is not stored twice.
 */
const nonce = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "送信トークンの形式が正しくありません")
  .optional();

const optionalEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX, `メールアドレスは${EMAIL_MAX}文字以内で入力してください`)
  .refine(
    (v) => v === "" || z.email().safeParse(v).success,
    "メールアドレスの形式が正しくありません",
  )
  .optional();

export const inquiryPayload = z.object({
  category: oneOfNumbers(
    INQUIRY_CATEGORIES.map((c) => c.id),
    "お問い合わせの種類を選択してください",
  ),
  /** Required for visitors; members may leave it empty and are answered at their own address. */
  email: optionalEmail,
  subject: oneLine("件名")
    .trim()
    .min(1, "件名を入力してください")
    .max(SUBJECT_MAX, `件名は${SUBJECT_MAX}文字以内で入力してください`),
  body: multiLine()
    .trim()
    .min(1, "お問い合わせ内容を入力してください")
    .max(INQUIRY_BODY_MAX, `お問い合わせ内容は${INQUIRY_BODY_MAX}文字以内で入力してください`),
  nonce,
});

export const opinionPayload = z.object({
  body: multiLine()
    .trim()
    .min(1, "ご意見・ご感想を入力してください")
    .max(OPINION_BODY_MAX, `ご意見・ご感想は${OPINION_BODY_MAX}文字以内で入力してください`),
  rating: z
    .union([z.literal(""), integerIn(1, 5, "満足度は1〜5で選択してください")])
    .optional()
    .transform((v) => (v === "" || v === undefined ? null : v)),
  nonce,
});

const requestField = (label: string) =>
  oneLine(label)
    .trim()
    .max(REQUEST_FIELD_MAX, `${label}は${REQUEST_FIELD_MAX}文字以内で入力してください`)
    .optional()
    .transform((v) => v ?? "");

export const requestPayload = z.object({
  title: oneLine("作品名")
    .trim()
    .min(1, "作品名を入力してください")
    .max(REQUEST_FIELD_MAX, `作品名は${REQUEST_FIELD_MAX}文字以内で入力してください`),
  author: requestField("著者名"),
  publisher: requestField("出版社名"),
  comment: multiLine()
    .trim()
    .max(REQUEST_COMMENT_MAX, `コメントは${REQUEST_COMMENT_MAX}文字以内で入力してください`)
    .optional()
    .transform((v) => v ?? ""),
  nonce,
});

export type InquiryPayload = z.infer<typeof inquiryPayload>;
export type OpinionPayload = z.infer<typeof opinionPayload>;
export type RequestPayload = z.infer<typeof requestPayload>;

/** The answer of the three calls, shown on the confirmation. */
export interface MessageReceipt {
  receipt_no: string;
  /** "2026-05-12 09:30" in Tokyo time. */
  received_at: string;
}
