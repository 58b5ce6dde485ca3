import type { HomeAnswer, HomeContentAnswer } from "../../contract/home";
import type { Db } from "../db/client";
import { currentCampaignTimestamp } from "../lib/campaign-timestamp";
import { runningCampaigns } from "../modules/campaign/item-campaigns";
import {
  flickBannersOf,
  homeLayoutsOf,
  pickupCampaignIdsOf,
  shownLayout,
} from "../modules/home/home-page";
import { sectionContent } from "../modules/home/section-content";
import { withMemberFlagsOnContent } from "../modules/library/member-flags";
import { latestNews } from "../modules/news/latest-news";

/** The home answer shows this many notices. */
export const LATEST_NEWS_COUNT = 3;

/**
 * POST /api/home: the section list of a genre's home (pagetype 1) or free top (2), its flick
 * banner, the newest notices and the running pickup campaigns. Nothing in it is personal.
 */
export async function homePage(
  db: Db,
  genre: number,
  pagetype: number,
  now: Date,
): Promise<HomeAnswer> {
  const [layouts, banners, news, pickupIds] = await Promise.all([
    homeLayoutsOf(db, genre, pagetype, now),
    flickBannersOf(db, genre, now),
    latestNews(db, LATEST_NEWS_COUNT, now),
    pickupCampaignIdsOf(db, genre),
  ]);
  const running = await runningCampaigns(db, pickupIds, now);
  return {
    genre,
    pagetype,
    home_layout: layouts,
    flick_banner: banners,
    latest_news: news,
    pickup_campaign_ids: running.map((c) => c.campaignId),
    use_cache: true,
    cache_key: String(currentCampaignTimestamp(now)),
  };
}

/**
 * One page of a home section. memberId null gives the shared answer (no user data, no viewing
 * history); a member gets their flags set and, for content type 5, their history. Null when the
 * section does not exist or is not shown now.
 */
export async function homeSection(
  db: Db,
  layoutId: number,
  num: number,
  page: number,
  memberId: number | null,
  now: Date,
): Promise<Omit<HomeContentAnswer, "cache"> | null> {
  const layout = await shownLayout(db, layoutId, now);
  if (!layout) return null;
  const answer = await sectionContent(db, layout, { num, page, memberId, now });
  return { ...answer, content: await withMemberFlagsOnContent(db, memberId, answer.content) };
}
