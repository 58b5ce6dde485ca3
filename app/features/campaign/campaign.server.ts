import { type AppLoadContext, data } from "react-router";
import type { OtokuFilter } from "../../../contract/campaign";
import { idFromPath } from "../../../contract/row-id";
import { currentCampaignTimestamp } from "../../../server/lib/campaign-timestamp";
import {
  dailySpecial,
  dailySpecialDates,
  freeSeries,
  RECOMMEND_TITLES,
  type RecommendType,
  recommendFrames,
  recommendList,
} from "../../../server/modules/campaign/series-picks";
import { campaignList, runningCampaignPage } from "../../../server/pages/campaign";
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
  return freeSeries(context.services.db, opts);
}

export function recommendTypeParam(url: URL): RecommendType | null {
  const tp = Number(url.searchParams.get("tp"));
  return tp in RECOMMEND_TITLES ? (tp as RecommendType) : null;
}

export async function loadRecommendList(
  context: AppLoadContext,
  opts: { tp: RecommendType; seriesId: number | null; page: number },
) {
  return recommendList(context.services.db, {
    tp: opts.tp,
    seriesId: opts.seriesId,
    userId: memberId(context),
    page: opts.page,
  });
}

export async function loadDailySpecial(context: AppLoadContext, targetDate: string | null) {
  const now = new Date();
  const date = targetDate && dailySpecialDates(now).includes(targetDate) ? targetDate : null;
  return dailySpecial(context.services.db, date, now);
}

export async function loadRecommendFrames(context: AppLoadContext, seriesId: number | null) {
  return recommendFrames(context.services.db, {
    pageName: "recommend",
    seriesId,
    userId: memberId(context),
  });
}

export function seriesParam(url: URL): number | null {
  return idFromPath(url.searchParams.get("series"));
}
