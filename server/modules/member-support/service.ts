import { POINT_HISTORY_TEXT, type PointHistoryType } from "../../../contract/ledgers";
import {
  type GrantPointsPayload,
  type GrantPresentPayload,
  MEMBER_PAGE_ROWS,
  MEMBER_SEARCH_PAGE_SIZE,
  type MemberMatch,
  type MemberPageAnswer,
  type MemberSearchAnswer,
  type MemberSearchQuery,
  PRESENT_WAIT_DAYS,
} from "../../../contract/ops-members";
import { INT4_MAX } from "../../../contract/row-id";
import type { Db, Tx } from "../../db/client";
import { Conflict, NotFound } from "../../lib/errors";
import {
  endAllSessions,
  findMembers,
  inquiriesOf,
  liveSessions,
  type MemberFilter,
  setLocked,
  supportAccount,
} from "../account/member-support";
import { type AuditedChange, auditedWrite } from "../audit/service";
import { seriesAndVolumeLabels } from "../catalog/service";
import { shelfVolumes } from "../catalog/shelf-facts";
import { leftToRefund, refundedLines, refundOrderLines } from "../commerce/line-refunds";
import { heldCouponsOf, pointLedger, presentsOf } from "../commerce/member-support";
import { orderOwner, recentOrders } from "../commerce/orders";
import type { PaymentProvider } from "../commerce/payments/provider";
import { daysLater, earnPoints } from "../commerce/points";
import { PRESENT_POINT_DAYS, putInPresentBox } from "../commerce/presents";
import { pointBalance } from "../commerce/service";
import { cdCardFacts } from "../dramacd/cd-card-facts";
import { ownsItem } from "../library/service";
import { shelfItemsOf } from "../library/shelf-items";
import { mailCarriesLink, mailsTo, mailTo, queueCopy } from "../mail/outbox";
import { reviewsBy } from "../review/member-support";
import type { Staff } from "../staff/service";
import { isStaffAccount } from "../staff/service";

/**
 * Member support in the back office (issue 24): finding a member, the one page that shows what
 * the store holds of them, and the support actions. The page is put together here from each
 * module's own reads; every action is one auditedWrite (decision 0084) whose row keeps the
 * staff member's reason.
 */

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** What one search text can be: a number is a member id or an order number, "@" an address. */
async function filterOf(
  db: Db,
  q: string | undefined,
): Promise<{ filter: MemberFilter; matchOf: (userId: number) => MemberMatch }> {
  if (!q) return { filter: { kind: "newest" }, matchOf: () => "newest" };
  const digits = q.replace(/^#/, "");
  if (/^\d{1,10}$/.test(digits) && Number(digits) <= INT4_MAX) {
    const n = Number(digits);
    const owner = await orderOwner(db, n);
    const userIds = owner === null || owner === n ? [n] : [n, owner];
    return {
      filter: { kind: "ids", userIds },
      matchOf: (userId) => (userId === n ? "member_id" : "order_id"),
    };
  }
  if (q.includes("@")) return { filter: { kind: "email", text: q }, matchOf: () => "email" };
  return { filter: { kind: "name", text: q }, matchOf: () => "nickname" };
}

export async function searchMembers(db: Db, query: MemberSearchQuery): Promise<MemberSearchAnswer> {
  const { filter, matchOf } = await filterOf(db, query.q);
  const limit = MEMBER_SEARCH_PAGE_SIZE;
  const { rows, total } = await findMembers(db, filter, {
    limit,
    offset: (query.page - 1) * limit,
  });
  return {
    q: query.q ?? null,
    total,
    page: query.page,
    page_size: limit,
    rows: rows.map((r) => ({
      user_id: r.userId,
      email: r.email,
      nickname: r.nickname,
      signup_at: iso(r.signupAt),
      locked: r.lockedAt !== null,
      left: r.leftAt !== null,
      // A name match may have come by the start of the address.
      matched:
        filter.kind === "name" && r.email?.startsWith(query.q?.toLowerCase() ?? "\0")
          ? "email"
          : matchOf(r.userId),
    })),
  };
}

const NO_MEMBER = "会員が見つかりませんでした";

/** Everything the store holds of one member, each list newest first, at most MEMBER_PAGE_ROWS. */
export async function memberPage(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<MemberPageAnswer> {
  const account = await supportAccount(db, userId);
  if (!account) throw new NotFound(NO_MEMBER);
  const n = MEMBER_PAGE_ROWS;
  const [balance, orders, points, coupons, presents, shelf, sessions, mails, reviews, inquiries] =
    await Promise.all([
      pointBalance(db, userId, now),
      recentOrders(db, userId, n),
      pointLedger(db, userId, n),
      heldCouponsOf(db, userId, n),
      presentsOf(db, userId, n),
      shelfItemsOf(db, userId, n),
      liveSessions(db, userId, now),
      account.email ? mailsTo(db, account.email, n) : Promise.resolve([]),
      reviewsBy(db, userId, n),
      inquiriesOf(db, userId, n),
    ]);
  const refunds = await refundedLines(
    db,
    orders.map((o) => o.order.orderId),
  );
  const bookIds = shelf.flatMap((s) => (s.bookId ? [s.bookId] : []));
  const cdIds = shelf.flatMap((s) => (s.cdId && !s.bookId ? [s.cdId] : []));
  const [volumes, cds, labels] = await Promise.all([
    shelfVolumes(db, bookIds),
    cdIds.length > 0 ? cdCardFacts(db, cdIds) : Promise.resolve(null),
    seriesAndVolumeLabels(
      db,
      reviews.map((r) => r.seriesId),
      reviews.flatMap((r) => (r.bookId ? [r.bookId] : [])),
    ),
  ]);
  const volumeTitle = new Map(volumes.map((v) => [v.bookId, v.title]));
  const cdName = new Map((cds?.cds ?? []).map((c) => [c.cdId, c.name]));
  return {
    member: {
      user_id: account.userId,
      email: account.email,
      nickname: account.nickname,
      profile_id: account.profileId,
      user_type: account.userType,
      signup_at: iso(account.signupAt),
      email_verified_at: isoOrNull(account.emailVerifiedAt),
      newsletter: account.newsletterFlag,
      left_at: isoOrNull(account.leftAt),
      locked_at: isoOrNull(account.lockedAt),
      point_balance: balance,
    },
    orders: orders.map(({ order, items, paymentName, couponName }) => ({
      order_id: order.orderId,
      status: order.status,
      created_at: iso(order.createdAt),
      price: order.price,
      discount: order.discount,
      coupon_discount: order.couponDiscount,
      used_point: order.usedPoint,
      amount: order.amount,
      add_point: order.addPoint,
      payment_name: paymentName,
      coupon_name: couponName,
      left_to_refund:
        order.status === "paid"
          ? leftToRefund(
              order,
              items,
              new Set(items.flatMap((l) => (refunds.has(l.orderItemId) ? [l.orderItemId] : []))),
            )
          : { lines: 0, amount: 0, point: 0 },
      lines: items.map((line) => {
        const refund = refunds.get(line.orderItemId);
        return {
          order_item_id: line.orderItemId,
          name: line.name,
          item_id: line.itemId,
          book_id: line.bookId,
          cd_id: line.cdId,
          price_inc: line.priceInc,
          discount: line.discount,
          refund: refund
            ? {
                at: iso(refund.createdAt),
                amount: refund.amount,
                point: refund.point,
                reason: refund.reason,
              }
            : null,
        };
      }),
    })),
    points: points.map((p) => ({
      point_entry_id: p.pointEntryId,
      created_at: iso(p.createdAt),
      reason: p.reason,
      reason_text: POINT_HISTORY_TEXT[p.reason as PointHistoryType] ?? p.reason,
      delta: p.delta,
      expires_at: isoOrNull(p.expiresAt),
      description: p.description,
      order_id: p.orderId,
    })),
    coupons: coupons.map((c) => ({
      coupon_id: c.couponId,
      name: c.name,
      received_at: iso(c.receivedAt),
      expires_at: iso(c.expiresAt),
      used_at: isoOrNull(c.usedAt),
      order_id: c.orderId,
    })),
    presents: presents.map((p) => ({
      present_id: p.presentId,
      caption: p.caption,
      message: p.message,
      point: p.point,
      book_id: p.bookId,
      cd_id: p.cdId,
      coupon_id: p.couponId,
      created_at: iso(p.createdAt),
      expires_at: isoOrNull(p.expiresAt),
      received_at: isoOrNull(p.receivedAt),
    })),
    shelf: shelf.map((s) => ({
      item_id: s.itemId,
      book_id: s.bookId,
      cd_id: s.cdId,
      series_id: s.seriesId,
      title:
        (s.bookId ? volumeTitle.get(s.bookId) : s.cdId ? cdName.get(s.cdId) : undefined) ??
        `商品 ${s.itemId}`,
      source: s.source,
      order_id: s.orderId,
      acquired_at: iso(s.acquiredAt),
    })),
    sessions: sessions.map((s) => ({
      session_ref: s.sessionHash.slice(0, 8),
      created_at: iso(s.createdAt),
      last_seen_at: iso(s.lastSeenAt),
      expires_at: iso(s.expiresAt),
      ip: s.ip,
      user_agent: s.userAgent,
    })),
    mails: mails.map((m) => ({
      mail_id: m.mailId,
      kind: m.kind,
      to_address: m.toAddress,
      subject: m.subject,
      body: mailCarriesLink(m.kind) ? null : m.body,
      created_at: iso(m.createdAt),
      sent_at: isoOrNull(m.sentAt),
      failed_at: isoOrNull(m.failedAt),
      resendable: !mailCarriesLink(m.kind),
    })),
    reviews: reviews.map((r) => {
      const series = labels.names.get(r.seriesId) ?? `作品 ${r.seriesId}`;
      const volume = r.bookId ? labels.volumes.get(r.bookId) : undefined;
      return {
        review_id: r.reviewId,
        series_id: r.seriesId,
        book_id: r.bookId,
        subject: volume !== undefined ? `${series}（${volume}）` : series,
        title: r.title,
        comment: r.comment,
        rating: r.rating,
        deleted: r.deleted,
        hidden_reason: r.hiddenAt ? (r.hiddenReason ?? "") : null,
        reports: r.reports,
        created_at: iso(r.createdAt),
      };
    }),
    inquiries: inquiries.map((i) => ({
      inquiry_id: i.inquiryId,
      kind: i.kind,
      subject: i.subject,
      body: i.body,
      status: i.status,
      created_at: iso(i.createdAt),
    })),
  };
}

const actorOf = (staff: Staff) => ({ userId: staff.userId, email: staff.email, role: staff.role });

/** The member an action is for, read in the action's transaction; a member who left is refused. */
async function liveMember(tx: Tx, userId: number) {
  const account = await supportAccount(tx, userId);
  if (!account) throw new NotFound(NO_MEMBER);
  if (account.leftAt) throw new Conflict("退会済みの会員には操作できません");
  return account;
}

/**
 * Points granted as a lot of their own, reason "adjust" (調整), the reason as the line's
 * description: the member reads it in their points history.
 */
export async function grantPoints(
  db: Db,
  staff: Staff,
  userId: number,
  input: GrantPointsPayload,
  now = new Date(),
) {
  return auditedWrite(db, actorOf(staff), async (tx) => {
    await liveMember(tx, userId);
    const before = await pointBalance(tx, userId, now);
    const expiresAt = daysLater(now, input.valid_days);
    const pointEntryId = await earnPoints(tx, {
      userId,
      point: input.point,
      reason: "adjust",
      expiresAt,
      now,
      description: input.reason,
    });
    const after = before + input.point;
    return {
      action: "grant_points",
      entity: "member_points",
      entityId: userId,
      before: { balance: before },
      after: {
        balance: after,
        point: input.point,
        point_entry_id: pointEntryId,
        expires_at: iso(expiresAt),
        reason: input.reason,
      },
      result: { point_entry_id: pointEntryId, balance: after },
    } satisfies AuditedChange<unknown>;
  });
}

/** A present in the member's box: points or one volume, the reason as its message. */
export async function grantPresent(
  db: Db,
  staff: Staff,
  userId: number,
  input: GrantPresentPayload,
  now = new Date(),
) {
  return auditedWrite(db, actorOf(staff), async (tx) => {
    await liveMember(tx, userId);
    const expiresAt = daysLater(now, PRESENT_WAIT_DAYS);
    let content: Parameters<typeof putInPresentBox>[1];
    if (input.kind === "point") {
      content = {
        userId,
        point: input.point,
        pointValidDays: PRESENT_POINT_DAYS,
        caption: `${input.point.toLocaleString("ja-JP")}ポイント`,
        message: input.reason,
        createdAt: now,
        expiresAt,
      };
    } else {
      const [volume] = await shelfVolumes(tx, [input.book_id]);
      if (!volume) throw new NotFound("巻が見つかりませんでした", {});
      if (await ownsItem(tx, userId, volume.itemId)) {
        throw new Conflict("この巻はすでに会員の本棚にあります", { field: "book_id" });
      }
      content = {
        userId,
        itemId: volume.itemId,
        itemType: 0,
        seriesId: volume.seriesId,
        bookId: volume.bookId,
        caption: volume.title,
        message: input.reason,
        createdAt: now,
        expiresAt,
      };
    }
    const presentId = await putInPresentBox(tx, content);
    return {
      action: "grant_present",
      entity: "member_present",
      entityId: userId,
      before: null,
      after: {
        present_id: presentId,
        kind: input.kind,
        point: content.point ?? 0,
        book_id: content.bookId ?? null,
        caption: content.caption,
        expires_at: iso(expiresAt),
        reason: input.reason,
      },
      result: { present_id: presentId },
    } satisfies AuditedChange<unknown>;
  });
}

/** Ends every session of the member: they are signed out everywhere on their next request. */
export async function revokeSessions(db: Db, staff: Staff, userId: number, reason: string) {
  return auditedWrite(db, actorOf(staff), async (tx) => {
    await liveMember(tx, userId);
    const live = (await liveSessions(tx, userId, new Date())).length;
    const ended = await endAllSessions(tx, userId);
    return {
      action: "revoke_sessions",
      entity: "member_sessions",
      entityId: userId,
      before: { live_sessions: live },
      after: { live_sessions: 0, reason },
      result: { sessions_ended: ended },
    } satisfies AuditedChange<unknown>;
  });
}

/**
 * Locks (the member cannot sign in, their sessions end) or unlocks the account. Staff accounts
 * are left to staff management, so support cannot lock out an administrator.
 */
export async function lockMember(
  db: Db,
  staff: Staff,
  userId: number,
  locked: boolean,
  reason: string,
) {
  return auditedWrite(db, actorOf(staff), async (tx) => {
    await liveMember(tx, userId);
    if (await isStaffAccount(tx, userId)) {
      throw new Conflict("スタッフのアカウントはスタッフ管理で無効化してください");
    }
    const changed = await setLocked(tx, userId, locked);
    if (!changed) throw new NotFound(NO_MEMBER);
    return {
      action: locked ? "lock" : "unlock",
      entity: "member",
      entityId: userId,
      before: { locked_at: isoOrNull(changed.before) },
      after: {
        locked_at: isoOrNull(changed.after),
        sessions_ended: changed.sessionsEnded,
        reason,
      },
      result: { locked_at: isoOrNull(changed.after), sessions_ended: changed.sessionsEnded },
    } satisfies AuditedChange<unknown>;
  });
}

/**
 * Queues a copy of a mail sent to the member's current address. Mails carrying a single-use link
 * are refused: the link is used or expired, and the member asks for a new one themselves.
 */
export async function resendMail(
  db: Db,
  staff: Staff,
  userId: number,
  mailId: number,
  reason: string,
) {
  return auditedWrite(db, actorOf(staff), async (tx) => {
    const account = await liveMember(tx, userId);
    const mail = account.email ? await mailTo(tx, mailId, account.email) : null;
    if (!mail) throw new NotFound("この会員に送ったメールが見つかりませんでした");
    if (mailCarriesLink(mail.kind)) {
      throw new Conflict(
        "ログインや確認用のリンクを含むメールは再送できません。会員ご本人に再度お手続きをご案内ください",
      );
    }
    const copyId = await queueCopy(tx, mail);
    return {
      action: "resend",
      entity: "mail",
      entityId: userId,
      before: { mail_id: mail.mailId, kind: mail.kind, subject: mail.subject },
      after: { mail_id: copyId, to_address: mail.toAddress, reason },
      result: { mail_id: copyId },
    } satisfies AuditedChange<unknown>;
  });
}

/**
 * Refunds one line of the member's order (decision 0096), or every line of it not refunded yet
 * (decision 0104), with its audit row, in one transaction: see refundOrderLines for what moves.
 * Both go through the same rules; the audit row keeps the lines before and the refund after.
 */
async function refund(
  db: Db,
  provider: PaymentProvider,
  staff: Staff,
  input: {
    userId: number;
    orderId: number;
    lines: { orderItemId: number } | "rest";
    reason: string;
  },
  now: Date,
) {
  return auditedWrite(db, actorOf(staff), async (tx) => {
    const account = await supportAccount(tx, input.userId);
    if (!account) throw new NotFound(NO_MEMBER);
    const done = await refundOrderLines(tx, provider, {
      ...input,
      staffUserId: staff.userId,
      email: account.leftAt ? null : account.email,
      now,
    });
    const lines = done.lines.map((l) => ({
      order_item_id: l.orderItemId,
      name: l.name,
      amount: l.amount,
      point: l.point,
      earned_taken_back: l.earnedTakenBack,
    }));
    const summary = {
      amount: done.amount,
      point: done.point,
      earned_taken_back: done.earnedTakenBack,
      coupon_returned: done.couponReturned,
      order_refunded: done.orderRefunded,
    };
    const whole = input.lines === "rest";
    return {
      action: whole ? "refund_order" : "refund",
      entity: "order",
      entityId: input.orderId,
      before: whole
        ? { order_item_ids: lines.map((l) => l.order_item_id), refunded: false }
        : { order_item_id: lines[0]!.order_item_id, name: lines[0]!.name, refunded: false },
      after: {
        ...(whole ? { lines } : { order_item_id: lines[0]!.order_item_id }),
        member_id: input.userId,
        ...summary,
        provider_ref: done.providerRef,
        reason: input.reason,
      },
      result: whole
        ? { order_refund_ids: done.lines.map((l) => l.orderRefundId), lines, ...summary }
        : { order_refund_id: done.lines[0]!.orderRefundId, ...summary },
    } satisfies AuditedChange<unknown>;
  });
}

export function refundLine(
  db: Db,
  provider: PaymentProvider,
  staff: Staff,
  input: { userId: number; orderId: number; orderItemId: number; reason: string },
  now = new Date(),
) {
  const { orderItemId, ...rest } = input;
  return refund(db, provider, staff, { ...rest, lines: { orderItemId } }, now);
}

/** Refunds every line of the order not refunded yet, once: a second request finds none left. */
export function refundOrder(
  db: Db,
  provider: PaymentProvider,
  staff: Staff,
  input: { userId: number; orderId: number; reason: string },
  now = new Date(),
) {
  return refund(db, provider, staff, { ...input, lines: "rest" }, now);
}
