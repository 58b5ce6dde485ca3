import { Hono } from "hono";
import {
  campaignListQuery,
  campaignPayload,
  targetSeriesQuery,
} from "../../../contract/ops-campaigns";
import { catalogIdParams } from "../../../contract/ops-catalog";
import {
  refundCampaignListQuery,
  refundCampaignPayload,
} from "../../../contract/ops-refund-campaigns";
import type { AppEnv, AppServices } from "../../lib/context";
import { readJson, readParams, readQuery } from "../../lib/input";
import { readUpload } from "../content/routes";
import { staffWith } from "../staff/request";
import {
  createRefundCampaign,
  editRefundCampaign,
  getRefundCampaign,
  listRefundCampaigns,
} from "./refund-service";
import {
  createCampaign,
  editCampaign,
  getCampaign,
  listCampaigns,
  targetSeries,
  uploadBanner,
} from "./service";

/**
 * /api/ops/campaigns (issue 24, decision 0101): thin handlers, each the role check first
 * (reading: ops.read; saving and the banner: prices.write, dates also schedules.write), then the
 * zod payload, then one audited write. /api/ops/refund-campaigns (decision 0105): the ポイント還元
 * campaigns, under the same rights.
 */
export function campaignEditorRoutes(services: AppServices): Hono<AppEnv> {
  const deps = { db: services.db, changes: services.changes, storage: services.storage };
  const routes = new Hono<AppEnv>();

  routes.get("/campaigns", async (c) => {
    await staffWith(c, services, "ops.read");
    return c.json({
      result: true,
      ...(await listCampaigns(services.db, readQuery(c, campaignListQuery))),
    });
  });
  // Before /campaigns/:id, which would take "target-series" for an id.
  routes.get("/campaigns/target-series", async (c) => {
    await staffWith(c, services, "ops.read");
    return c.json({
      result: true,
      ...(await targetSeries(services.db, readQuery(c, targetSeriesQuery))),
    });
  });
  routes.get("/campaigns/:id", async (c) => {
    await staffWith(c, services, "ops.read");
    const { id } = readParams(c, catalogIdParams);
    return c.json({ result: true, campaign: await getCampaign(services.db, id) });
  });
  routes.post("/campaigns", async (c) => {
    const staff = await staffWith(c, services, "prices.write");
    const input = await readJson(c, campaignPayload);
    return c.json({ result: true, campaign: await createCampaign(deps, staff, input) });
  });
  routes.post("/campaigns/:id", async (c) => {
    const staff = await staffWith(c, services, "prices.write");
    const { id } = readParams(c, catalogIdParams);
    const input = await readJson(c, campaignPayload);
    return c.json({ result: true, campaign: await editCampaign(deps, staff, id, input) });
  });
  routes.post("/campaigns/:id/banner", async (c) => {
    const staff = await staffWith(c, services, "prices.write");
    const { id } = readParams(c, catalogIdParams);
    const { files } = await readUpload(c, 1);
    return c.json({ result: true, campaign: await uploadBanner(deps, staff, id, files[0]!) });
  });

  routes.get("/refund-campaigns", async (c) => {
    await staffWith(c, services, "ops.read");
    return c.json({
      result: true,
      ...(await listRefundCampaigns(services.db, readQuery(c, refundCampaignListQuery))),
    });
  });
  routes.get("/refund-campaigns/:id", async (c) => {
    await staffWith(c, services, "ops.read");
    const { id } = readParams(c, catalogIdParams);
    return c.json({ result: true, refund_campaign: await getRefundCampaign(services.db, id) });
  });
  routes.post("/refund-campaigns", async (c) => {
    const staff = await staffWith(c, services, "prices.write");
    const input = await readJson(c, refundCampaignPayload);
    return c.json({
      result: true,
      refund_campaign: await createRefundCampaign(deps, staff, input),
    });
  });
  routes.post("/refund-campaigns/:id", async (c) => {
    const staff = await staffWith(c, services, "prices.write");
    const { id } = readParams(c, catalogIdParams);
    const input = await readJson(c, refundCampaignPayload);
    return c.json({
      result: true,
      refund_campaign: await editRefundCampaign(deps, staff, id, input),
    });
  });

  return routes;
}
