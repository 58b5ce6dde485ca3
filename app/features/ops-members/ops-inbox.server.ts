import type { AppLoadContext } from "react-router";
import { inboxQuery, inquiryIdParams, reviewQueueQuery } from "../../../contract/ops-inbox";
import { parseInput } from "../../../server/lib/input";
import { opsInboxPage, opsInquiryPage, opsReviewQueuePage } from "../../../server/pages/ops-inbox";
import { orPageFailure, pageQuery } from "../../lib/page-failure.server";
import { requireOpsRight } from "../ops/ops.server";

/**
 * The inquiries inbox and review moderation pages (issue 24), on member support's rights: each
 * asks for members.read; the actions are /api/ops/inquiries and /api/ops/reviews calls, which
 * check members.write themselves.
 */
export async function loadInbox(context: AppLoadContext, request: Request) {
  const staff = await requireOpsRight(context, request, "members.read");
  return orPageFailure(() =>
    opsInboxPage(context.services, staff, parseInput(inboxQuery, pageQuery(request))),
  );
}

export async function loadInquiry(
  context: AppLoadContext,
  request: Request,
  rawId: string | undefined,
) {
  const staff = await requireOpsRight(context, request, "members.read");
  return orPageFailure(() => {
    const { inquiryId } = parseInput(inquiryIdParams, { inquiryId: rawId });
    return opsInquiryPage(context.services, staff, inquiryId);
  });
}

export async function loadReviewQueue(context: AppLoadContext, request: Request) {
  const staff = await requireOpsRight(context, request, "members.read");
  return orPageFailure(() =>
    opsReviewQueuePage(context.services, staff, parseInput(reviewQueueQuery, pageQuery(request))),
  );
}
