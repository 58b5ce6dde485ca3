import { type AppLoadContext, data } from "react-router";
import type { OtokuFilter } from "../../../contract/campaign";
import { idFromPath } from "../../../contract/row-id";
import { tokyoDateTime } from "../../../contract/tokyo-time";
import { currentCampaignTimestamp } from "../../../server/lib/campaign-timestamp";
import {
  campaignList,
  campaignPreviewPage,
  runningCampaignPage,
} from "../../../server/pages/campaign";
import { dailySpecialPage } from "../../../server/pages/daily-special";
import { freePage } from "../../../server/pages/free";
import { opsStaff } from "../../../server/pages/ops";
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

/**
 * The campaign page with ?preview=1 (decision 0101): for a staff member who may read /ops, the
 * page as it will look while the campaign runs, even before it starts; anyone else gets the page
 * as without the parameter. Answers null when there is no preview to give.
 */
export async function loadCampaignPreview(
  context: AppLoadContext,
  request: Request,
  rawId: string | undefined,
  page: number,
) {
  if (new URL(request.url).searchParams.get("preview") !== "1") return null;
  try {
    await opsStaff(
      context.services,
      { cookieHeader: request.headers.get("cookie"), member: context.request.member },
      "ops.read",
    );
  } catch {
    return null;
  }
  const id = idFromPath(rawId);
  if (id === null) throw data("お探しのキャンペーンは見つかりませんでした", { status: 404 });
  return orPageFailure(async () => {
    const { answer, at } = await campaignPreviewPage(context.services.db, id, page);
    return { answer, at: tokyoDateTime(at) };
  });
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
