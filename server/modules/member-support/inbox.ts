import { volumeName } from "../../../contract/episodes";
import {
  INBOX_PAGE_SIZE,
  INQUIRY_STATUSES,
  type InboxAnswer,
  type InboxQuery,
  type InboxRow,
  type InquiryAnswer,
  type InquiryStatus,
  REVIEW_QUEUE_PAGE_SIZE,
  type ReviewQueueAnswer,
  type ReviewQueueQuery,
  type StaffOption,
} from "../../../contract/ops-inbox";

import { roleMay } from "../../../contract/ops-roles";
import { REPORT_TYPE_LABELS, REPORT_TYPES } from "../../../contract/review-rules";
import type { Db } from "../../db/client";
import { BadInput, Conflict, NotFound } from "../../lib/errors";
import { type Inquiry, inboxPage, inquiryById, setInquiry } from "../account/member-support";
import { type AuditedChange, auditedWrite } from "../audit/service";
import { seriesAndVolumeLabels } from "../catalog/service";
import { addNote, addReply, entriesOf } from "../inquiry/inbox";
import { receiptNumber } from "../inquiry/service";
import { type ModeratedReview, reportedReviews, setReviewHidden } from "../review/moderation";
import { listStaff, type Staff } from "../staff/service";

/**
 * The inquiries inbox and review moderation (issue 24), on member support's rights: reading needs
 * members.read, every change members.write, and each change is one auditedWrite.
 */

const iso = (d: Date) => d.toISOString();
const actorOf = (staff: Staff) => ({ userId: staff.userId, email: staff.email, role: staff.role });
const NO_INQUIRY = "お問い合わせが見つかりませんでした";

/** Who can be assigned a message: enabled staff whose role answers members. */
async function assignableStaff(db: Db): Promise<StaffOption[]> {
  return (await listStaff(db))
    .filter((s) => !s.disabled && roleMay(s.role, "members.write"))
    .map((s) => ({ user_id: s.userId, email: s.email }));
}

/** Every staff account by id, disabled ones too: old threads still name who wrote. */
async function staffById(db: Db): Promise<Map<number, StaffOption>> {
  return new Map(
    (await listStaff(db)).map((s) => [s.userId, { user_id: s.userId, email: s.email }]),
  );
}

const nameOf = (staff: Map<number, StaffOption>, userId: number): StaffOption =>
  staff.get(userId) ?? { user_id: userId, email: null };

function rowOf(i: Inquiry, staff: Map<number, StaffOption>): InboxRow {
  return {
    inquiry_id: i.inquiryId,
    receipt_no: receiptNumber(i.kind as "inquiry", i.inquiryId),
    kind: i.kind,
    subject: i.subject,
    email: i.email,
    member_id: i.userId,
    status: i.status as InquiryStatus,
    assignee: i.assigneeUserId === null ? null : nameOf(staff, i.assigneeUserId),
    created_at: iso(i.createdAt),
    updated_at: iso(i.updatedAt),
  };
}

export async function inbox(db: Db, staff: Staff, query: InboxQuery): Promise<InboxAnswer> {
  const assignee =
    query.assignee === undefined
      ? undefined
      : query.assignee === "none"
        ? null
        : query.assignee === "me"
          ? staff.userId
          : query.assignee;
  const limit = INBOX_PAGE_SIZE;
  const [page, names, options] = await Promise.all([
    inboxPage(db, { status: query.status, assignee }, { limit, offset: (query.page - 1) * limit }),
    staffById(db),
    assignableStaff(db),
  ]);
  const counts = Object.fromEntries(INQUIRY_STATUSES.map((s) => [s, 0])) as Record<
    InquiryStatus,
    number
  >;
  for (const { status, n } of page.perStatus) counts[status as InquiryStatus] = n;
  return {
    status: query.status ?? null,
    assignee: query.assignee === undefined ? null : String(query.assignee),
    total: page.total,
    page: query.page,
    page_size: limit,
    counts,
    rows: page.rows.map((r) => rowOf(r, names)),
    staff: options,
  };
}

export async function inquiryPage(db: Db, inquiryId: number): Promise<InquiryAnswer> {
  const inquiry = await inquiryById(db, inquiryId);
  if (!inquiry) throw new NotFound(NO_INQUIRY);
  const [entries, names, options] = await Promise.all([
    entriesOf(db, inquiryId),
    staffById(db),
    assignableStaff(db),
  ]);
  return {
    inquiry: { ...rowOf(inquiry, names), body: inquiry.body },
    entries: entries.map((e) => ({
      inquiry_entry_id: e.inquiryEntryId,
      kind: e.kind as "note" | "reply",
      staff: nameOf(names, e.staffUserId),
      body: e.body,
      mail_id: e.mailId,
      to_address: e.toAddress,
      created_at: iso(e.createdAt),
    })),
    staff: options,
  };
}

const handling = (i: Inquiry) => ({ status: i.status, assignee_user_id: i.assigneeUserId });

export async function changeInquiryStatus(
  db: Db,
  staff: Staff,
  inquiryId: number,
  status: InquiryStatus,
) {
  return auditedWrite(db, actorOf(staff), async (tx) => {
    const before = await inquiryById(tx, inquiryId, true);
    if (!before) throw new NotFound(NO_INQUIRY);
    const after = await setInquiry(tx, inquiryId, { status });
    return {
      action: "set_status",
      entity: "inquiry",
      entityId: inquiryId,
      before: handling(before),
      after: handling(after),
      result: { status: after.status },
    } satisfies AuditedChange<unknown>;
  });
}

/**
 * Assigns the message to a staff member who answers members (or to nobody). A new message taken
 * on moves to 対応中, so the inbox's 新規 means nobody has picked it up.
 */
export async function assignInquiry(
  db: Db,
  staff: Staff,
  inquiryId: number,
  assignee: number | null,
) {
  if (assignee !== null && !(await assignableStaff(db)).some((s) => s.user_id === assignee)) {
    throw new BadInput("assignee", "assignee: 担当にできるのはサポート担当・管理者のスタッフです");
  }
  return auditedWrite(db, actorOf(staff), async (tx) => {
    const before = await inquiryById(tx, inquiryId, true);
    if (!before) throw new NotFound(NO_INQUIRY);
    const status = assignee !== null && before.status === "new" ? "in_progress" : undefined;
    const after = await setInquiry(tx, inquiryId, { assigneeUserId: assignee, status });
    return {
      action: "assign",
      entity: "inquiry",
      entityId: inquiryId,
      before: handling(before),
      after: handling(after),
      result: { status: after.status, assignee_user_id: after.assigneeUserId },
    } satisfies AuditedChange<unknown>;
  });
}

/** An internal note: staff only, never mailed or shown to the sender. */
export async function noteInquiry(db: Db, staff: Staff, inquiryId: number, body: string) {
  return auditedWrite(db, actorOf(staff), async (tx) => {
    const inquiry = await inquiryById(tx, inquiryId, true);
    if (!inquiry) throw new NotFound(NO_INQUIRY);
    const entryId = await addNote(tx, inquiryId, staff.userId, body);
    return {
      action: "note",
      entity: "inquiry",
      entityId: inquiryId,
      before: null,
      after: { inquiry_entry_id: entryId, body },
      result: { inquiry_entry_id: entryId },
    } satisfies AuditedChange<unknown>;
  });
}

/**
 * A reply mailed to the sender's address through the outbox, kept on the thread; the message
 * becomes `status` (回答済み unless staff keep it open). An unassigned message becomes the
 * replier's.
 */
export async function replyToInquiry(
  db: Db,
  staff: Staff,
  inquiryId: number,
  input: { body: string; status: InquiryStatus },
) {
  return auditedWrite(db, actorOf(staff), async (tx) => {
    const before = await inquiryById(tx, inquiryId, true);
    if (!before) throw new NotFound(NO_INQUIRY);
    if (!before.email) {
      throw new Conflict(
        "送信者のメールアドレスがないため、返信できません（ご意見・リクエストのみのメッセージです）",
      );
    }
    const receiptNo = receiptNumber(before.kind as "inquiry", inquiryId);
    const sent = await addReply(
      tx,
      { ...before, email: before.email },
      receiptNo,
      staff.userId,
      input.body,
    );
    const after = await setInquiry(tx, inquiryId, {
      status: input.status,
      assigneeUserId: before.assigneeUserId ?? staff.userId,
    });
    return {
      action: "reply",
      entity: "inquiry",
      entityId: inquiryId,
      before: handling(before),
      after: {
        ...handling(after),
        inquiry_entry_id: sent.inquiryEntryId,
        mail_id: sent.mailId,
        to_address: before.email,
        body: input.body,
      },
      result: {
        inquiry_entry_id: sent.inquiryEntryId,
        mail_id: sent.mailId,
        status: after.status,
      },
    } satisfies AuditedChange<unknown>;
  });
}

export async function reviewQueue(db: Db, query: ReviewQueueQuery): Promise<ReviewQueueAnswer> {
  const limit = REVIEW_QUEUE_PAGE_SIZE;
  const { rows, total } = await reportedReviews(db, query.state, {
    limit,
    offset: (query.page - 1) * limit,
  });
  const labels = await seriesAndVolumeLabels(
    db,
    rows.map((r) => r.review.seriesId),
    rows.flatMap((r) => (r.review.bookId ? [r.review.bookId] : [])),
  );
  return {
    state: query.state,
    total,
    page: query.page,
    page_size: limit,
    rows: rows.map(({ review: r, reports, lastReportedAt, reportRows }) => {
      const series = labels.names.get(r.seriesId) ?? `作品 ${r.seriesId}`;
      const volume = r.bookId ? labels.volumes.get(r.bookId) : undefined;
      return {
        review_id: r.reviewId,
        series_id: r.seriesId,
        book_id: r.bookId,
        subject:
          volume !== undefined
            ? `${series} ${volumeName(volume, labels.episodic.has(r.seriesId))}`
            : series,
        author_id: r.userId,
        nickname: r.nickname,
        title: r.title,
        comment: r.comment,
        rating: r.rating,
        deleted: r.deleted,
        hidden_at: r.hiddenAt ? iso(r.hiddenAt) : null,
        hidden_reason: r.hiddenReason,
        reports,
        reasons: REPORT_TYPES.map((t) => ({
          report_type: t,
          label: REPORT_TYPE_LABELS[t],
          count: reportRows.filter((p) => p.reportType === t).length,
        })).filter((c) => c.count > 0),
        comments: reportRows.flatMap((p) =>
          p.comment
            ? [{ report_type: p.reportType, comment: p.comment, created_at: iso(p.createdAt) }]
            : [],
        ),
        last_reported_at: iso(lastReportedAt),
      };
    }),
  };
}

const moderated = (r: ModeratedReview) => ({
  hidden_at: r.hiddenAt ? iso(r.hiddenAt) : null,
  hidden_reason: r.hiddenReason,
});

/**
 * Hides a review from everyone but its author, who reads `reason` beside it; or restores it
 * (the reason is the audit row's). The series' rating follows in the same transaction.
 */
export async function moderateReview(
  db: Db,
  staff: Staff,
  reviewId: number,
  hide: boolean,
  reason: string,
) {
  return auditedWrite(db, actorOf(staff), async (tx) => {
    const { before, after } = await setReviewHidden(tx, reviewId, hide ? reason : null);
    if (hide === (before.hiddenAt !== null) && before.hiddenReason === after.hiddenReason) {
      throw new Conflict(hide ? "このレビューはすでに非表示です" : "このレビューは表示中です");
    }
    return {
      action: hide ? "hide" : "unhide",
      entity: "review",
      entityId: reviewId,
      before: moderated(before),
      after: { ...moderated(after), reason, author_id: after.userId, series_id: after.seriesId },
      result: { ...moderated(after), author_id: after.userId },
    } satisfies AuditedChange<unknown>;
  });
}
