import {
  type SessionStatus,
  SHELL_PAGES,
  type UserStatus,
  VISITOR_USER_STATUS,
  type Workspace,
} from "../../contract/status";
import {
  tokyoDateNumber,
  tokyoDateTime,
  tokyoEndOfMonth,
  tokyoMonth,
  tokyoTime,
} from "../../contract/tokyo-time";
import type { Db } from "../db/client";
import { currentCampaignTimestamp } from "../lib/campaign-timestamp";
import type { AppServices, SessionMember } from "../lib/context";
import { detectDevice } from "../lib/device";
import { getMember, publicSessionId } from "../modules/account/service";
import { bookshelfNewCount } from "../modules/bookshelf/service";
import { enabledRefundIds } from "../modules/commerce/refunds";
import {
  cartSummary,
  couponSummary,
  paymentSummary,
  pointBalance,
} from "../modules/commerce/service";
import { lastReadAt } from "../modules/library/service";
import { targetPopupIds } from "../modules/popup/service";
import { stampStatusPressingToday } from "../modules/stamp/service";
import { unreadNoticeCount } from "../modules/volume-notices/service";

/** Terms last changed on this date; members who agreed before it are asked again. */
export const TERMS_UPDATED_AT = new Date("2026-04-01T00:00:00+09:00");

export interface StatusRequest {
  member: SessionMember | null;
  sessionToken: string | null;
  visitorId: string;
  userAgent?: string;
}

/** The status fields that only the clock decides, the same for every caller within one second. */
function clockFields(now: Date) {
  const hour = tokyoTime(now).hour;
  const cpTs = currentCampaignTimestamp(now);
  return {
    now: tokyoDateTime(now),
    hour,
    today: tokyoDateNumber(now),
    this_month: tokyoMonth(now),
    last_month: tokyoMonth(now, -1),
    end_of_month: tokyoEndOfMonth(now),
    timestamp: Math.floor(now.getTime() / 1000),
    time_group: Math.floor(hour / 6),
    current_cp_ts: cpTs,
    cache_key: String(cpTs),
  };
}

// /api/status is called on every page view; the date formatting was a sixth of its time.
let lastClock: { second: number; fields: ReturnType<typeof clockFields> } | null = null;
function clockFieldsAt(now: Date) {
  const second = Math.floor(now.getTime() / 1000);
  if (lastClock?.second !== second) lastClock = { second, fields: clockFields(now) };
  return lastClock.fields;
}

/** The status's session field: the session's public id, or the browser's for a visitor. */
export function publicSession(req: Pick<StatusRequest, "sessionToken" | "visitorId">): string {
  return publicSessionId(req.sessionToken || req.visitorId);
}

export async function sessionStatus(
  services: AppServices,
  req: StatusRequest,
  now = new Date(),
): Promise<SessionStatus> {
  const member = req.member;
  const clock = clockFieldsAt(now);
  const { payments, lastRead } = member
    ? (await keptMemberStatus(services, member.userId, now)).session
    : { payments: null, lastRead: null };
  const { os, device } = detectDevice(req.userAgent);
  return {
    is_login: Boolean(member),
    is_paid: (payments?.payCount ?? 0) > 0,
    now: clock.now,
    hour: clock.hour,
    today: clock.today,
    this_month: clock.this_month,
    last_month: clock.last_month,
    end_of_month: clock.end_of_month,
    timestamp: clock.timestamp,
    time_group: clock.time_group,
    current_cp_ts: clock.current_cp_ts,
    uid: member ? String(member.userId) : "",
    user_type: member?.userType ?? "general",
    session: publicSession(req),
    // Visitors get a stable group from their browser id so their title text does not flicker.
    ctrl_group: member?.ctrlGroup ?? visitorCtrlGroup(req.visitorId),
    pay_count: payments?.payCount ?? 0,
    signup_date: member ? tokyoDateNumber(member.signupAt) : "",
    last_pay_date: payments?.lastPaidAt ? tokyoDateNumber(payments.lastPaidAt) : "",
    last_read_date: lastRead ? tokyoDateNumber(lastRead) : "",
    signup_time: member ? Math.floor(member.signupAt.getTime() / 1000) : 0,
    signup_month: member ? tokyoMonth(member.signupAt) : "",
    month_pay_max: payments?.monthPayMax ?? 0,
    ...SHELL_PAGES,
    os,
    device,
    adef: "",
    use_cache: true,
    cache_key: clock.cache_key,
  };
}

/** A visitor's control group (1–9), from their browser id. */
export function visitorCtrlGroup(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return (h % 9) + 1;
}

/** The user status a page or /api/user shows: a member's is kept between their changes. */
export async function shownUserStatus(
  services: AppServices,
  userId: number | null,
  now = new Date(),
): Promise<UserStatus> {
  if (userId === null) return structuredClone(VISITOR_USER_STATUS) as UserStatus;
  return (await keptMemberStatus(services, userId, now)).user;
}

interface MemberStatus {
  user: UserStatus;
  session: {
    payments: Awaited<ReturnType<typeof paymentSummary>>;
    lastRead: Date | null;
  };
}

/**
 * A member's user status and the member part of the session status, kept per member between
 * their changes (decision 0038) and per campaign hour: a new hour is also a new Tokyo day now
 * and then, and the first status of a Tokyo day presses the stamp, once. Null when the member
 * is gone: the visitor's status then, as userStatus answers.
 */
async function keptMemberStatus(
  services: AppServices,
  userId: number,
  now: Date,
): Promise<MemberStatus> {
  const hour = currentCampaignTimestamp(now);
  const kept = await services.memberKept.get<MemberStatus>(
    userId,
    `status:${hour}`,
    async () => {
      const [user, payments, lastRead] = await Promise.all([
        userStatus(services.db, userId, now),
        paymentSummary(services.db, userId),
        lastReadAt(services.db, userId),
      ]);
      // A countdown reaching zero changes more than its own field (enable_coupon, the sale).
      const ends = [user.signup_coupon_expire_seconds, user.special_sale_expire_seconds]
        .filter((s) => s > 0)
        .map((s) => now.getTime() + s * 1000);
      return {
        value: { user, session: { payments, lastRead } },
        until: ends.length > 0 ? Math.min(...ends) : undefined,
      };
    },
    now.getTime(),
  );
  const elapsed = Math.floor((now.getTime() - kept.computedAt) / 1000);
  if (elapsed <= 0) return kept.value;
  const left = (s: number) => Math.max(0, s - elapsed);
  const user = kept.value.user;
  return {
    ...kept.value,
    user: {
      ...user,
      signup_coupon_expire_seconds: left(user.signup_coupon_expire_seconds),
      special_sale_expire_seconds: left(user.special_sale_expire_seconds),
    },
  };
}

/** target_popup: the popups the member is targeted by, by the rule /api/popups applies. */
async function memberPopupTargets(
  db: Db,
  member: { userId: number; signupAt: Date; newsletterFlag: boolean },
  now: Date,
) {
  const payments = await paymentSummary(db, member.userId);
  return targetPopupIds(
    db,
    member.userId,
    {
      isPaid: payments.payCount > 0,
      signupAt: member.signupAt,
      newsletter: member.newsletterFlag,
      os: null,
    },
    now,
  );
}

export async function userStatus(
  db: Db,
  userId: number | null,
  now = new Date(),
): Promise<UserStatus> {
  const member = userId === null ? null : await getMember(db, userId);
  if (!member) return structuredClone(VISITOR_USER_STATUS) as UserStatus;
  // The first page of a Tokyo day presses the stamp, before the points its cell may give are read.
  const stamp = await stampStatusPressingToday(db, member.userId, now);
  const [point, cart, coupons, refunds, popups, newCount, unreadNotices] = await Promise.all([
    pointBalance(db, member.userId, now),
    cartSummary(db, member.userId),
    couponSummary(db, member.userId, now),
    enabledRefundIds(db, now),
    memberPopupTargets(db, member, now),
    bookshelfNewCount(db, member.userId, now),
    unreadNoticeCount(db, member.userId),
  ]);
  return {
    nickname: member.nickname ?? "",
    introduction: member.introduction ?? "",
    profile_id: member.profileId,
    badge: { no_buy_new: newCount > 0 },
    display_agreement_flag: !member.agreedAt || member.agreedAt < TERMS_UPDATED_AT,
    workspace: (member.workspace as Workspace | null) ?? null,
    current_stamp_no: stamp.currentStampNo,
    point,
    cart_count: cart.count,
    cart_price: cart.price,
    coupon_count: coupons.enabled.length,
    enable_coupon: coupons.enabled,
    used_coupon: coupons.used,
    received_coupon: coupons.received,
    upcoming_coupon_ids: coupons.upcoming,
    enable_refund: refunds,
    target_popup: popups,
    bookshelf_new_count: newCount,
    notice_unread_count: unreadNotices,
    signup_coupon_expire_seconds: coupons.signupCouponExpireSeconds,
    special_sale_expire_seconds: coupons.specialSaleExpireSeconds,
    newsletter_flag: member.newsletterFlag,
    is_today_stamp: stamp.isTodayStamp,
  };
}
