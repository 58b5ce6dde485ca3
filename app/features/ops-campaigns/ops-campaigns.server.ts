import type { AppLoadContext } from "react-router";
import { campaignListQuery } from "../../../contract/ops-campaigns";
import { refundCampaignListQuery } from "../../../contract/ops-refund-campaigns";
import { roleMay } from "../../../contract/ops-roles";
import { idFromPath } from "../../../contract/row-id";
import { NotFound } from "../../../server/lib/errors";
import { parseInput } from "../../../server/lib/input";
import {
  opsCampaignList,
  opsCampaignPage,
  opsRefundCampaignList,
  opsRefundCampaignPage,
} from "../../../server/pages/ops-campaigns";
import { orPageFailure, pageQuery } from "../../lib/page-failure.server";
import { requireOpsRight } from "../ops/ops.server";

/**
 * The campaign editor's pages (issue 24, decision 0101). Each asks for ops.read first, as the
 * calls do, and says whether the staff member may save (prices.write) and change the dates
 * (schedules.write), so a support member reads the campaign without buttons that would be refused.
 */
async function reader(context: AppLoadContext, request: Request) {
  const staff = await requireOpsRight(context, request, "ops.read");
  return {
    mayWrite: roleMay(staff.role, "prices.write"),
    maySchedule: roleMay(staff.role, "schedules.write"),
  };
}

export async function loadCampaignList(context: AppLoadContext, request: Request) {
  const { mayWrite } = await reader(context, request);
  return orPageFailure(async () => {
    const query = parseInput(campaignListQuery, pageQuery(request));
    return { query, mayWrite, list: await opsCampaignList(context.services, query) };
  });
}

export async function loadCampaign(
  context: AppLoadContext,
  request: Request,
  rawId: string | undefined,
) {
  const rights = await reader(context, request);
  return orPageFailure(async () => {
    let id: number | null = null;
    if (rawId !== undefined) {
      id = idFromPath(rawId);
      if (id === null) throw new NotFound("キャンペーンが見つかりませんでした");
    }
    return { ...rights, ...(await opsCampaignPage(context.services, id)) };
  });
}

export async function loadRefundCampaignList(context: AppLoadContext, request: Request) {
  const { mayWrite } = await reader(context, request);
  return orPageFailure(async () => {
    const query = parseInput(refundCampaignListQuery, pageQuery(request));
    return { query, mayWrite, list: await opsRefundCampaignList(context.services, query) };
  });
}

export async function loadRefundCampaign(
  context: AppLoadContext,
  request: Request,
  rawId: string | undefined,
) {
  const rights = await reader(context, request);
  return orPageFailure(async () => {
    let id: number | null = null;
    if (rawId !== undefined) {
      id = idFromPath(rawId);
      if (id === null) throw new NotFound("ポイント還元キャンペーンが見つかりませんでした");
    }
    return { ...rights, ...(await opsRefundCampaignPage(context.services, id)) };
  });
}
