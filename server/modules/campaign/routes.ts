import { Hono } from "hono";
import { z } from "zod";
import {
  type CampaignListAnswer,
  type CampaignPageAnswer,
  OTOKU_FILTERS,
  type OtokuFilter,
} from "../../../contract/campaign";
import { GENRE_IDS } from "../../../contract/genres";
import { blankToUndefined, oneOfNumbers, pageNumber, recordId } from "../../../contract/input";
import type { Db } from "../../db/client";
import { currentCampaignTimestamp } from "../../lib/campaign-timestamp";
import type { AppEnv, AppServices } from "../../lib/context";
import { readFields, readParams, readQuery } from "../../lib/input";
import { sharedAnswer } from "../../lib/shared-answers";

const genre = z.preprocess(
  blankToUndefined,
  oneOfNumbers([0, ...GENRE_IDS], "ジャンルが正しくありません").optional(),
);
const pageNo = pageNumber();
const filter = z.preprocess(
  blankToUndefined,
  oneOfNumbers(
    Object.keys(OTOKU_FILTERS).map(Number),
    "絞り込みは 1〜4 で指定してください",
  ).optional(),
);
const cacheKey = z.string().min(1).max(64);

/** Campaign calls (spec 001 §7.3 campaign init, campaigns, campaign/{id}/{page}). */
/** The campaign list and page answers, assembled in server/pages/campaign.ts; the router registry hands them in. */
export interface CampaignPages {
  campaignList(
    db: Db,
    opts: { genre?: number | null; filter?: OtokuFilter | null; ts: number },
    now?: Date,
  ): Promise<CampaignListAnswer>;
  /** A running campaign's page; an ended or unknown campaign throws its typed failure. */
  runningCampaignPage(
    db: Db,
    campaignId: number,
    pageNo: number,
    userId: number | null,
  ): Promise<CampaignPageAnswer>;
}

export function campaignRoutes(
  services: AppServices,
  { campaignList, runningCampaignPage }: CampaignPages,
) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  const listSchema = z.object({ genre, filter });
  routes.post("/personal/campaigns", async (c) => {
    const q = await readFields(c, listSchema);
    const now = new Date();
    const answer = await campaignList(
      db,
      {
        genre: q.genre,
        filter: (q.filter ?? null) as OtokuFilter | null,
        ts: Math.floor(now.getTime() / 1000),
      },
      now,
    );
    return c.json({ result: true, ...answer });
  });
  routes.get("/shared/campaigns", async (c) => {
    const q = readQuery(c, listSchema.extend({ k: cacheKey }));
    return sharedAnswer(c, services.sharedAnswers, async () => {
      const now = new Date();
      return {
        ...(await campaignList(
          db,
          {
            genre: q.genre,
            filter: (q.filter ?? null) as OtokuFilter | null,
            ts: currentCampaignTimestamp(now),
          },
          now,
        )),
      };
    });
  });

  const pageParams = z.object({ campaignId: recordId("campaignId"), page: pageNo });
  routes.post("/personal/campaign/:campaignId/:page", async (c) => {
    const p = readParams(c, pageParams);
    const answer = await runningCampaignPage(
      db,
      p.campaignId,
      p.page,
      c.get("member")?.userId ?? null,
    );
    return c.json({ result: true, ...answer });
  });
  routes.get("/shared/campaign/:campaignId/:page", async (c) => {
    const p = readParams(c, pageParams);
    readQuery(c, z.object({ k: cacheKey }));
    // Checked before caching so a failure is never stored as an answer.
    const answer = await runningCampaignPage(db, p.campaignId, p.page, null);
    return sharedAnswer(c, services.sharedAnswers, async () => ({ ...answer }));
  });

  return routes;
}
