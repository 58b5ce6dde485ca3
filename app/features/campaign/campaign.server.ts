import { type AppLoadContext, data } from "react-router";
import type { OtokuFilter } from "../../../contract/campaign";
import { idFromPath } from "../../../contract/row-id";
import { currentCampaignTimestamp } from "../../../server/lib/campaign-timestamp";
import { campaignList, runningCampaignPage } from "../../../server/pages/campaign";
import { dailySpecialPage } from "../../../server/pages/daily-special";
import { freePage } from "../../../server/pages/free";
import {
  recommendFramesPage,
  recommendPage,
  recommendTypeOf,
} from "../../../server/pages/recommend";
import { orPageFailure } from "../../lib/page-failure.server";

const memberId = (context: AppLoadContext) => context.request.member?.userId ?? null;

export async function loadCampaignList(
  context: AppLoadContext,
  opts: { genre: number | null; filter: OtokuFilter | null },
) {
  const now = new Date();
  return campaignList(context.services.db, { ...opts, ts: currentCampaignTimestamp(now) }, now);
}

export async function loadCampaignPage(
  context: AppLoadContext,
  rawId: string | undefined,
  page: number,
) {
  const id = idFromPath(rawId);
  if (id === null) throw data("お探しのキャンペーンは見つかりませんでした", { status: 404 });
  return orPageFailure(() => runningCampaignPage(context.services.db, id, page, memberId(context)));
}

export async function loadFreeList(
  context: AppLoadContext,
  opts: { genre: number | null; minFree: number; page: number },
) {
  return freePage(context.services.db, opts);
}

export function recommendTypeParam(url: URL) {
  return recommendTypeOf(url.searchParams.get("tp"));
}

export async function loadRecommendList(
  context: AppLoadContext,
  opts: {
    tp: NonNullable<ReturnType<typeof recommendTypeOf>>;
    seriesId: number | null;
    page: number;
  },
) {
  return recommendPage(context.services.db, {
    tp: opts.tp,
    seriesId: opts.seriesId,
    userId: memberId(context),
    page: opts.page,
  });
}

export async function loadDailySpecial(context: AppLoadContext, targetDate: string | null) {
  return dailySpecialPage(context.services.db, targetDate);
}

export async function loadRecommendFrames(context: AppLoadContext, seriesId: number | null) {
  return recommendFramesPage(context.services.db, seriesId, memberId(context));
}

export function seriesParam(url: URL): number | null {
  return idFromPath(url.searchParams.get("series"));
}
