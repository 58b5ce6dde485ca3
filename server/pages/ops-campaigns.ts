import type { CampaignListQuery } from "../../contract/ops-campaigns";
import type { RefundCampaignListQuery } from "../../contract/ops-refund-campaigns";
import type { AppServices } from "../lib/context";
import { getRefundCampaign, listRefundCampaigns } from "../modules/campaign-editor/refund-service";
import {
  campaignFormChoices,
  getCampaign,
  listCampaigns,
} from "../modules/campaign-editor/service";

/**
 * The pages of the campaign editor (issue 24, decision 0101): the same answers as the GET calls
 * of /api/ops/campaigns, and the choices of the form. A null id is a new campaign's empty form.
 */

export const opsCampaignList = (services: AppServices, query: CampaignListQuery) =>
  listCampaigns(services.db, query);

export async function opsCampaignPage(services: AppServices, id: number | null) {
  const campaign = id === null ? null : await getCampaign(services.db, id);
  return { campaign, choices: await campaignFormChoices(services.db) };
}

/** The ポイント還元 pages (decision 0105): the answers of GET /api/ops/refund-campaigns. */
export const opsRefundCampaignList = (services: AppServices, query: RefundCampaignListQuery) =>
  listRefundCampaigns(services.db, query);

export async function opsRefundCampaignPage(services: AppServices, id: number | null) {
  return { campaign: id === null ? null : await getRefundCampaign(services.db, id) };
}
