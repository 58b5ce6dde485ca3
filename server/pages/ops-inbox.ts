import type { InboxQuery, ReviewQueueQuery } from "../../contract/ops-inbox";
import { roleMay } from "../../contract/ops-roles";
import type { AppServices } from "../lib/context";
import { inbox, inquiryPage, reviewQueue } from "../modules/member-support/inbox";
import type { Staff } from "../modules/staff/service";

/**
 * /ops/inquiries, /ops/inquiries/{id} and /ops/reviews (issue 24): what the matching GET calls
 * answer, and whether this staff member may act (the forms show only then; the calls check again).
 */
export async function opsInboxPage(services: AppServices, staff: Staff, query: InboxQuery) {
  return { ...(await inbox(services.db, staff, query)), me: staff.userId };
}

export async function opsInquiryPage(services: AppServices, staff: Staff, inquiryId: number) {
  return {
    ...(await inquiryPage(services.db, inquiryId)),
    me: staff.userId,
    mayAct: roleMay(staff.role, "members.write"),
  };
}

export async function opsReviewQueuePage(
  services: AppServices,
  staff: Staff,
  query: ReviewQueueQuery,
) {
  return {
    ...(await reviewQueue(services.db, query)),
    mayAct: roleMay(staff.role, "members.write"),
  };
}
