import { z } from "zod";
import { blankToUndefined, integerIn, pageNumber, recordId } from "./input";

/**
 * Member support in the back office (issue 24): the search, the member's page and the support
 * actions. Payloads are checked by the server and by the ops pages' forms alike; answers are what
 * /api/ops/members answers and the pages load.
 */

/** Rows on one page of /ops/members. */
export const MEMBER_SEARCH_PAGE_SIZE = 30;
/** Each list on a member's page shows at most this many rows, newest first. */
export const MEMBER_PAGE_ROWS = 50;
export const SUPPORT_REASON_MAX = 200;
export const GRANT_POINT_MAX = 100_000;
/** Points granted by support stay usable this long unless the form says otherwise. */
export const GRANT_POINT_DAYS = 180;
/** A present waits in the box this long before it is dropped. */
export const PRESENT_WAIT_DAYS = 30;

const SEARCH_MAX = 254;

/**
 * One search box: an address, a nickname, a member id or an order number. Blank lists the newest
 * members. The server decides what the text can be (see searchMembers).
 */
export const memberSearchQuery = z.object({
  q: z.preprocess(
    blankToUndefined,
    z.string().trim().max(SEARCH_MAX, `検索語は${SEARCH_MAX}文字以内で入力してください`).optional(),
  ),
  page: pageNumber(1000),
});
export type MemberSearchQuery = z.infer<typeof memberSearchQuery>;

export const memberIdParams = z.object({ memberId: recordId("memberId") });

/** Why support acted: kept in the audit log, and for points and presents shown to the member. */
const reason = z
  .string({ message: "理由を入力してください" })
  .trim()
  .min(1, "理由を入力してください")
  .max(SUPPORT_REASON_MAX, `理由は${SUPPORT_REASON_MAX}文字以内で入力してください`);

export const supportReasonPayload = z.object({ reason });

export const grantPointsPayload = z.object({
  point: integerIn(
    1,
    GRANT_POINT_MAX,
    `付与ポイントは1〜${GRANT_POINT_MAX}の整数で入力してください`,
  ),
  valid_days: z.preprocess(
    blankToUndefined,
    integerIn(1, 3650, "有効日数は1〜3650の整数で入力してください").default(GRANT_POINT_DAYS),
  ),
  reason,
});
export type GrantPointsPayload = z.infer<typeof grantPointsPayload>;

/** A present of points or of one volume; the reason is the message the member reads with it. */
export const grantPresentPayload = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("point"),
      point: integerIn(
        1,
        GRANT_POINT_MAX,
        `プレゼントのポイントは1〜${GRANT_POINT_MAX}の整数で入力してください`,
      ),
      reason,
    }),
    z.object({ kind: z.literal("volume"), book_id: recordId("book_id"), reason }),
  ],
  { message: "kind は point・volume のいずれかです" },
);
export type GrantPresentPayload = z.infer<typeof grantPresentPayload>;

export const mailIdParams = z.object({
  memberId: recordId("memberId"),
  mailId: recordId("mailId"),
});

export const refundLineParams = z.object({
  memberId: recordId("memberId"),
  orderId: recordId("orderId"),
  orderItemId: recordId("orderItemId"),
});

export const refundOrderParams = z.object({
  memberId: recordId("memberId"),
  orderId: recordId("orderId"),
});

/** What a search row says matched, so a number found as both an id and an order is clear. */
export type MemberMatch = "email" | "nickname" | "member_id" | "order_id" | "newest";

export interface MemberSearchRow {
  user_id: number;
  email: string | null;
  nickname: string | null;
  signup_at: string;
  locked: boolean;
  left: boolean;
  matched: MemberMatch;
}

export interface MemberSearchAnswer {
  q: string | null;
  total: number;
  page: number;
  page_size: number;
  rows: MemberSearchRow[];
}

export interface MemberOrderLine {
  order_item_id: number;
  name: string;
  item_id: number;
  book_id: number | null;
  cd_id: number | null;
  price_inc: number;
  discount: number;
  /** Set once support refunded the line (decision 0096): it is refunded once. */
  refund: { at: string; amount: number; point: number; reason: string } | null;
}

export interface MemberOrderRow {
  order_id: number;
  status: string;
  created_at: string;
  price: number;
  discount: number;
  coupon_discount: number;
  used_point: number;
  amount: number;
  add_point: number;
  payment_name: string;
  coupon_name: string | null;
  /**
   * What refunding the whole order would give back now (decision 0104): the lines not refunded
   * yet, their money and their spent points; all 0 once nothing is left or the order is not paid.
   */
  left_to_refund: { lines: number; amount: number; point: number };
  lines: MemberOrderLine[];
}

export interface MemberPointRow {
  point_entry_id: number;
  created_at: string;
  reason: string;
  reason_text: string;
  delta: number;
  expires_at: string | null;
  description: string | null;
  order_id: number | null;
}

export interface MemberCouponRow {
  coupon_id: number;
  name: string;
  received_at: string;
  expires_at: string;
  used_at: string | null;
  order_id: number | null;
}

export interface MemberPresentRow {
  present_id: number;
  caption: string;
  message: string | null;
  point: number;
  book_id: number | null;
  cd_id: number | null;
  coupon_id: number | null;
  created_at: string;
  expires_at: string | null;
  received_at: string | null;
}

export interface MemberShelfRow {
  item_id: number;
  book_id: number | null;
  cd_id: number | null;
  series_id: number | null;
  title: string;
  source: string;
  order_id: number | null;
  acquired_at: string;
}

export interface MemberSessionRow {
  /** The first characters of the session's stored hash: enough to tell rows apart, no token. */
  session_ref: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface MemberMailRow {
  mail_id: number;
  kind: string;
  to_address: string;
  subject: string;
  /** Null for a mail carrying a single-use link: staff never see the link. */
  body: string | null;
  created_at: string;
  sent_at: string | null;
  failed_at: string | null;
  resendable: boolean;
}

export interface MemberReviewRow {
  review_id: number;
  series_id: number;
  book_id: number | null;
  subject: string;
  title: string;
  comment: string;
  rating: number;
  deleted: boolean;
  /** Hidden by staff (review moderation): the reason the author reads. */
  hidden_reason: string | null;
  reports: number;
  created_at: string;
}

export interface MemberInquiryRow {
  inquiry_id: number;
  kind: string;
  subject: string | null;
  body: string;
  /** new, in_progress or answered: the inbox's status (/ops/inquiries/{id}). */
  status: string;
  created_at: string;
}

export interface MemberAccountAnswer {
  user_id: number;
  email: string | null;
  nickname: string | null;
  profile_id: string;
  user_type: string;
  signup_at: string;
  email_verified_at: string | null;
  newsletter: boolean;
  left_at: string | null;
  locked_at: string | null;
  point_balance: number;
}

export interface MemberPageAnswer {
  member: MemberAccountAnswer;
  orders: MemberOrderRow[];
  points: MemberPointRow[];
  coupons: MemberCouponRow[];
  presents: MemberPresentRow[];
  shelf: MemberShelfRow[];
  sessions: MemberSessionRow[];
  mails: MemberMailRow[];
  reviews: MemberReviewRow[];
  inquiries: MemberInquiryRow[];
}
