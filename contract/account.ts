// Payloads of the account calls, shared by the server's validation and the pages' forms.
import { z } from "zod";
import {
  EMAIL_MAX,
  INTRODUCTION_MAX,
  NICKNAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from "./account-rules";
import { multiLine, oneLine, oneOfNumbers } from "./input";
import { containsStoreName, STORE_NAME_IN_NICKNAME } from "./reserved-names";

export const email = z
  .string()
  .trim()
  .min(1, "メールアドレスを入力してください")
  .max(EMAIL_MAX, `メールアドレスは${EMAIL_MAX}文字以内で入力してください`)
  .email("メールアドレスの形式が正しくありません");

export const signupPayload = z.object({
  email,
  password: z
    .string()
    .min(PASSWORD_MIN, `パスワードは${PASSWORD_MIN}文字以上で入力してください`)
    .max(PASSWORD_MAX, `パスワードは${PASSWORD_MAX}文字以内で入力してください`),
  nickname: oneLine("ニックネーム")
    .trim()
    .max(NICKNAME_MAX, `ニックネームは${NICKNAME_MAX}文字以内で入力してください`)
    // Nobody signs up as the store: staff accounts are made by the store.
    .refine((nickname) => !containsStoreName(nickname), STORE_NAME_IN_NICKNAME)
    .optional(),
  newsletter: z.boolean().optional(),
  agree: z.literal(true, { message: "利用規約への同意が必要です" }),
});

export const loginPayload = z.object({
  email,
  password: z.string().min(1, "パスワードを入力してください").max(PASSWORD_MAX),
});

/** Reasons offered on /leave; the number is stored. */
export const LEAVE_REASONS = [
  { id: 1, label: "読みたい作品がない" },
  { id: 2, label: "価格が高い" },
  { id: 3, label: "使い方がわかりにくい" },
  { id: 4, label: "他のサービスを利用する" },
  { id: 5, label: "メールが多い" },
  { id: 9, label: "その他" },
] as const;

const currentPassword = z
  .string()
  .min(1, "現在のパスワードを入力してください")
  .max(PASSWORD_MAX, "現在のパスワードが正しくありません");

/** Leaving asks for the password again: a borrowed session must not be able to do it. */
export const leavePayload = z.object({
  current_password: currentPassword,
  reason: oneOfNumbers(
    LEAVE_REASONS.map((r) => r.id),
    "退会理由を選択してください",
  ),
  opinion: multiLine().trim().max(1000, "ご意見は1000文字以内で入力してください").optional(),
});

export const profilePayload = z.object({
  nickname: oneLine("ニックネーム")
    .trim()
    .max(NICKNAME_MAX, `ニックネームは${NICKNAME_MAX}文字以内で入力してください`),
  introduction: multiLine()
    .trim()
    .max(INTRODUCTION_MAX, `自己紹介は${INTRODUCTION_MAX}文字以内で入力してください`)
    .optional(),
});

export const newsletterPayload = z.object({ enable: z.boolean().default(false) });

export type SignupPayload = z.infer<typeof signupPayload>;
export type LoginPayload = z.infer<typeof loginPayload>;

const newPassword = z
  .string()
  .min(PASSWORD_MIN, `新しいパスワードは${PASSWORD_MIN}文字以上で入力してください`)
  .max(PASSWORD_MAX, `新しいパスワードは${PASSWORD_MAX}文字以内で入力してください`);
export const passwordChangePayload = z.object({
  current_password: currentPassword,
  new_password: newPassword,
});

export const emailChangePayload = z.object({ current_password: currentPassword, email });

/** Forgotten password: the address to mail the reset link to. */
export const passwordResetRequestPayload = z.object({ email });

/** The token of a mailed link, as its page posts it back. */
const linkToken = z
  .string()
  .trim()
  .min(1, "リンクが正しくありません。メールのリンクをもう一度お確かめください")
  .max(200, "リンクが正しくありません。メールのリンクをもう一度お確かめください");

export const linkTokenPayload = z.object({ token: linkToken });

export const passwordResetPayload = z.object({ token: linkToken, new_password: newPassword });

/** The one-click unsubscribe link's query: the profile id and its signature. */
export const unsubscribePayload = z.object({
  u: z.string().trim().min(1, "配信停止のリンクが正しくありません").max(64),
  s: z.string().trim().min(1, "配信停止のリンクが正しくありません").max(128),
});

/** The form body RFC 8058 has a mail program post to the List-Unsubscribe address. */
export const oneClickPayload = z.object({
  "List-Unsubscribe": z.literal("One-Click", {
    error: "List-Unsubscribe=One-Click を送信してください",
  }),
});

/**
 * What a member whose account support locked reads when they sign in with the right password
 * (issue 24): the error dialog's text of spec 001, answered with a 403.
 */
export const ACCOUNT_LOCKED_MESSAGE =
  "このアカウントは現在ご利用いただけません。お心当たりのない場合はお問い合わせフォームからご連絡ください";
