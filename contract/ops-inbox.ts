import { z } from "zod";
import { blankToUndefined, multiLine, pageNumber, recordId } from "./input";

/**
 * The inquiries inbox and review moderation in the back office (issue 24): payloads checked by
 * the server and the ops pages' forms alike, and what /api/ops/inquiries and /api/ops/reviews
 * answer.
 */

export const INQUIRY_STATUSES = ["new", "in_progress", "answered"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  new: "新規",
  in_progress: "対応中",
  answered: "回答済み",
};
export const INQUIRY_KIND_LABELS: Record<string, string> = {
  inquiry: "お問い合わせ",
  opinion: "ご意見",
  request: "作品リクエスト",
};

export const INBOX_PAGE_SIZE = 30;
export const REVIEW_QUEUE_PAGE_SIZE = 30;
export const INQUIRY_TEXT_MAX = 4000;
export const MODERATION_REASON_MAX = 200;

const statusField = z.enum(INQUIRY_STATUSES, {
  message: "status は new・in_progress・answered のいずれかです",
});

/** assignee: a staff member's user id, "me", or "none" (nobody yet); blank: anyone. */
export const inboxQuery = z.object({
  status: z.preprocess(blankToUndefined, statusField.optional()),
  assignee: z.preprocess(
    blankToUndefined,
    z
      .union([z.enum(["me", "none"]), recordId("assignee")], {
        message: "assignee は me・none・スタッフの会員IDのいずれかです",
      })
      .optional(),
  ),
  page: pageNumber(1000),
});
export type InboxQuery = z.infer<typeof inboxQuery>;

export const inquiryIdParams = z.object({ inquiryId: recordId("inquiryId") });
export const reviewIdParams = z.object({ reviewId: recordId("reviewId") });

export const inquiryStatusPayload = z.object({ status: statusField });

/** null takes the assignment away. */
export const inquiryAssignPayload = z.object({
  assignee: z.union([recordId("assignee"), z.null()], {
    message: "assignee はスタッフの会員ID か null です",
  }),
});

const text = (what: string) =>
  multiLine()
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, `${what}を入力してください`)
        .max(INQUIRY_TEXT_MAX, `${what}は${INQUIRY_TEXT_MAX}文字以内で入力してください`),
    );

export const inquiryNotePayload = z.object({
  body: z.string({ message: "メモを入力してください" }).pipe(text("メモ")),
});

/** A reply is mailed to the sender; answered (回答済み) unless staff keep it in progress. */
export const inquiryReplyPayload = z.object({
  body: z.string({ message: "返信の本文を入力してください" }).pipe(text("返信の本文")),
  status: z.preprocess(blankToUndefined, statusField.default("answered")),
});

export const reviewQueueQuery = z.object({
  state: z.preprocess(
    blankToUndefined,
    z.enum(["open", "hidden"], { message: "state は open・hidden のいずれかです" }).default("open"),
  ),
  page: pageNumber(1000),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuery>;

/** The author reads this reason beside their hidden review; it is also the audit row's. */
export const moderationPayload = z.object({
  reason: z
    .string({ message: "理由を入力してください" })
    .trim()
    .min(1, "理由を入力してください")
    .max(MODERATION_REASON_MAX, `理由は${MODERATION_REASON_MAX}文字以内で入力してください`),
});

export interface StaffOption {
  user_id: number;
  email: string | null;
}

export interface InboxRow {
  inquiry_id: number;
  receipt_no: string;
  kind: string;
  subject: string | null;
  email: string | null;
  member_id: number | null;
  status: InquiryStatus;
  assignee: StaffOption | null;
  created_at: string;
  updated_at: string;
}

export interface InboxAnswer {
  status: InquiryStatus | null;
  assignee: string | null;
  total: number;
  page: number;
  page_size: number;
  counts: Record<InquiryStatus, number>;
  rows: InboxRow[];
  staff: StaffOption[];
}

export interface InquiryEntryView {
  inquiry_entry_id: number;
  kind: "note" | "reply";
  staff: StaffOption;
  body: string;
  mail_id: number | null;
  to_address: string | null;
  created_at: string;
}

export interface InquiryAnswer {
  inquiry: InboxRow & { body: string };
  entries: InquiryEntryView[];
  staff: StaffOption[];
}

export interface ReportReasonCount {
  report_type: number;
  label: string;
  count: number;
}

export interface ReviewQueueRow {
  review_id: number;
  series_id: number;
  book_id: number | null;
  subject: string;
  author_id: number;
  nickname: string;
  title: string;
  comment: string;
  rating: number;
  deleted: boolean;
  hidden_at: string | null;
  hidden_reason: string | null;
  reports: number;
  reasons: ReportReasonCount[];
  comments: Array<{ report_type: number; comment: string; created_at: string }>;
  last_reported_at: string;
}

export interface ReviewQueueAnswer {
  state: "open" | "hidden";
  total: number;
  page: number;
  page_size: number;
  rows: ReviewQueueRow[];
}
