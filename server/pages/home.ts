import type { HomeAnswer, HomeContent, HomeContentAnswer } from "../../contract/home";
import type { UserItems } from "../../contract/items";
import type { Db } from "../db/client";
import { cachePer } from "../lib/cache";
import { currentCampaignTimestamp } from "../lib/campaign-timestamp";
import type { AppServices } from "../lib/context";
import { runningCampaigns } from "../modules/campaign/item-campaigns";
import { memberItems, withMemberFlagsOnContent } from "../modules/commerce/member-flags";
import { itemRowsOf, layoutRowOf } from "../modules/home/editing";
import {
  flickBannersOf,
  homeLayoutsOf,
  layoutConfig,
  pickupCampaignIdsOf,
  shownLayout,
} from "../modules/home/home-page";
import { sectionContent } from "../modules/home/section-content";
import { readHomePreviewToken, sectionsToShow } from "../modules/home-editor/service";
import { latestNews } from "../modules/news/latest-news";
import { type OpsRequest, opsStaff } from "./ops";

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
 * How long one process reuses a home answer: a section whose display window opens or closes
 * shows at most this late, as the shared section answers (kept per campaign hour) already do.
 */
export const HOME_PAGE_KEPT_MS = 30_000;

const keptHomes = cachePer<Db, HomeAnswer>({
  maxEntries: 500,
  ttlMs: HOME_PAGE_KEPT_MS,
  catalog: true,
});

/**
 * The home answer as the /home page renders it: the same for everybody, so computed once per
 * genre, page type and campaign hour every HOME_PAGE_KEPT_MS in each process instead of five
 * queries per page view (decision 0033).
 */
export function keptHomePage(db: Db, genre: number, pagetype: number, now: Date) {
  const key = `${genre}:${pagetype}:${currentCampaignTimestamp(now)}`;
  return keptHomes(db).get(key, () => homePage(db, genre, pagetype, now));
}

const keptSections = cachePer<Db, Omit<HomeContentAnswer, "cache"> | null>({
  maxEntries: 500,
  ttlMs: HOME_PAGE_KEPT_MS,
  catalog: true,
});

/**
 * The first page of a section as everybody shares it (the /api/shared/home answer), for the
 * sections /home renders on the server; kept like the home answer.
 */
export function keptSharedSection(db: Db, layoutId: number, num: number, now: Date) {
  const key = `${layoutId}:${num}:${currentCampaignTimestamp(now)}`;
  return keptSections(db).get(key, () => homeSection(db, layoutId, num, 1, null, now));
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

/**
 * The member's cart, owned and 気になる lists among the items of the first sections /home
 * renders, kept between the member's changes like their status (decision 0038): those items
 * are the same for every member while the kept sections last, and any add to cart, purchase or
 * 気になる of the member moves their version, so a card never offers カートに入れる for a
 * volume they own after their own purchase.
 */
export async function keptMemberItems(
  services: AppServices,
  userId: number,
  itemIds: readonly number[],
  now: Date,
): Promise<UserItems> {
  const asked = [...new Set(itemIds)].sort((a, b) => a - b);
  const kept = await services.memberKept.get(
    userId,
    `items:${currentCampaignTimestamp(now)}:${asked.join(",")}`,
    async () => ({ value: await memberItems(services.db, userId, asked) }),
    now.getTime(),
  );
  return kept.value;
}

/** A home drawn from a genre's draft (decision 0100): every section's first page with it. */
export interface HomePreview {
  home: HomeAnswer;
  sections: Record<number, { content: HomeContent; more_flag: boolean }>;
}

const emptyContent = (content: HomeContent) =>
  content.kind === "campaigns"
    ? content.items.every((c) => c.items.length === 0)
    : content.items.length === 0;

/**
 * /home?preview={token}: the genre's draft as /home will show it once published, drawn by the
 * store's own page. Null (the live home is shown instead) unless the token's signature holds, it
 * names this genre and has not expired, and the request carries the ops session of the staff
 * member it names, whose role still holds content.write: a token passed on shows nothing.
 * Sections added in the draft have no id yet and take negative ones; the first page of every
 * section comes with the page, since the shared section answers know only published sections.
 */
export async function homePreviewPage(
  services: AppServices,
  request: OpsRequest,
  token: string,
  genre: number,
  now: Date,
): Promise<HomePreview | null> {
  const named = readHomePreviewToken(services.sessionSecret, token, now);
  if (!named || named.genre !== genre) return null;
  try {
    const staff = await opsStaff(services, request, "content.write");
    if (staff.userId !== named.staffId) return null;
  } catch {
    return null;
  }
  const db = services.db;
  const [drafted, live] = await Promise.all([
    sectionsToShow(db, genre),
    keptHomePage(db, genre, 1, now),
  ]);
  let added = 0;
  const rows = drafted
    .map((section, i) => {
      const layoutId = section.layout_id ?? --added;
      return {
        layout: layoutRowOf(section, genre, i + 1, layoutId),
        items: itemRowsOf(section, layoutId),
      };
    })
    .filter(
      ({ layout }) =>
        (layout.startAt === null || layout.startAt <= now) &&
        (layout.endAt === null || layout.endAt > now),
    );
  const answers = await Promise.all(
    rows.map(({ layout, items }) =>
      sectionContent(
        db,
        layout,
        { num: Math.max(1, layout.displayNumber), page: 1, memberId: null, now },
        items,
      ),
    ),
  );
  const sections: HomePreview["sections"] = {};
  const shown = rows.filter(({ layout }, i) => {
    const answer = answers[i]!;
    if (emptyContent(answer.content)) return false;
    sections[layout.layoutId] = { content: answer.content, more_flag: answer.more_flag };
    return true;
  });
  return {
    home: {
      ...live,
      home_layout: shown.map(({ layout }) => layoutConfig(layout)),
      // Shared answers would be asked by layout id; the preview's come with the page.
      use_cache: false,
    },
    sections,
  };
}
