import { z } from "zod";
import { email } from "./account";
import { GIFT_MESSAGE_MAX } from "./gift-rules";
import { multiLine } from "./input";

/**
 * Gifts (ギフト, issue 25 item 5, decision 0113): a member buys one volume or drama CD for
 * someone else's address; the recipient claims it from the mailed link once signed in with that
 * address confirmed, and it waits in their present box.
 */

/** Days the mailed claim link works once the gift is paid. */
export const GIFT_CLAIM_DAYS = 60;

export const GIFT_OWN_ADDRESS_MESSAGE = "ご自身のメールアドレスにはギフトを贈れません";
export const GIFT_ONE_ITEM_MESSAGE = "ギフトは作品ページから1点ずつお贈りください";

/** What /api/checkout takes besides the purchase itself when the item is a gift. */
export const giftRequest = z.object({
  email,
  message: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    multiLine()
      .pipe(
        z
          .string()
          .max(GIFT_MESSAGE_MAX, `メッセージは${GIFT_MESSAGE_MAX}文字以内で入力してください`),
      )
      .optional(),
  ),
});
export type GiftRequest = z.infer<typeof giftRequest>;

/** The claim link's token: 32 random bytes, base64url. */
export const giftToken = z
  .string({ message: "リンクが正しくありません" })
  .regex(/^[A-Za-z0-9_-]{43}$/, "リンクが正しくありません");
export const giftClaimRequest = z.object({ token: giftToken });

/**
 * The /gift page (the mailed link), what the holder of the link may see: the volume, who sent it
 * and their message, and what stands between them and the gift.
 *   sign_in     nobody is signed in: sign in or sign up with the address it was sent to
 *   verify      signed in, but the address is not confirmed yet
 *   other       signed in with another address
 *   owned       the member already has the volume
 *   claimable   受け取る puts it in the present box
 *   claimed     already claimed by this member (in their present box or on their shelf)
 *   gone        claimed by someone else, expired or unknown
 */
export type GiftPageState =
  | "sign_in"
  | "verify"
  | "other"
  | "owned"
  | "claimable"
  | "claimed"
  | "gone";

export interface GiftPageAnswer {
  state: GiftPageState;
  /** Absent when the link is gone. */
  gift: {
    name: string;
    img: string;
    url: string;
    giver: string;
    message: string | null;
    /** "2026-11-21": the last day the link works. */
    expire_date: string | null;
    /** The address it was sent to, partly hidden ("ha***@example.jp"). */
    email_hint: string;
  } | null;
}

export interface GiftClaimAnswer {
  result: true;
  message: string;
}

/** "hanako@example.jp" → "ha***@example.jp": enough to recognise, not to learn. */
export function emailHint(address: string): string {
  const [local = "", domain = ""] = address.split("@");
  return `${local.slice(0, 2)}***@${domain}`;
}
