import type {
  BrowsePublisher,
  BrowseSection,
  MenuAnswer,
  MenuCampaign,
} from "../../../contract/menu";
import type { Db } from "../../db/client";
import { cachePer } from "../../lib/cache";
import { currentCampaignTimestamp } from "../../lib/campaign-timestamp";
import { freeAndSaleCount, menuCampaigns } from "../campaign/service";
import { browseLists } from "../catalog/service";
import { hotWordsOfGenre, menuTopicContent } from "../home/service";

/** Spec 001 §9: the drawer lists the first 10 campaigns and the first 15 labels. */
export const MENU_CAMPAIGN_CAP = 10;
export const MENU_LABEL_CAP = 15;

/**
 * Genres left out of the free-genre chips: voice dramas have no free reading, so /free has
 * nothing to show for them.
 */
export const FREE_GENRE_EXCLUDED_IDS: readonly number[] = [21];

/** Spec 001 §2.4: publisher 8 is promoted with a heading; publisher 193's long name needs a small chip. */
export const PROMOTED_PUBLISHER_ID = 8;
export const PROMOTED_PUBLISHER_HEADING = "【今月のイチオシ出版社】";
export const SMALL_CHIP_PUBLISHER_IDS: readonly number[] = [193];

type Lists = Awaited<ReturnType<typeof browseLists>>;

export interface BrowseMenuInput {
  hotword: Array<{ word: string }>;
  genre: Lists["genre"];
  publisher: Lists["publisher"];
  label: Lists["label"];
  /** Running campaigns of the genre, in order; coupon and info campaigns already left out. */
  campaign: MenuCampaign[];
  topic: unknown[] | null;
  /** The genre the menu is for; the drawer asks for its topic content by it. */
  genreId?: number;
}

/**
 * The drawer's browse menu (spec 001 §2.4) in its order: hot words, genres, free genres,
 * campaigns, publishers, labels, then the optional topic content. Empty sections are dropped.
 */
export function browseMenu(input: BrowseMenuInput): BrowseSection[] {
  const sections: BrowseSection[] = [
    { type: "hotword", items: input.hotword },
    { type: "genre", items: input.genre },
    {
      type: "free_genre",
      items: input.genre.filter((g) => !FREE_GENRE_EXCLUDED_IDS.includes(g.genre_id)),
    },
    { type: "campaign", items: input.campaign.slice(0, MENU_CAMPAIGN_CAP) },
    { type: "publisher", items: input.publisher.map(browsePublisher) },
    {
      type: "label",
      items: input.label.slice(0, MENU_LABEL_CAP).map(({ label_id, name }) => ({ label_id, name })),
    },
  ];
  const kept = sections.filter((s) => s.type === "topic" || s.items.length > 0);
  if (input.topic && input.topic.length > 0)
    kept.push({ type: "topic", genre: input.genreId ?? 0 });
  return kept;
}

function browsePublisher(p: Lists["publisher"][number]): BrowsePublisher {
  const chip: BrowsePublisher = {
    publisher_id: p.publisher_id,
    name: p.name,
    description: p.description,
  };
  if (p.publisher_id === PROMOTED_PUBLISHER_ID) {
    chip.heading = PROMOTED_PUBLISHER_HEADING;
    chip.description = PROMOTED_PUBLISHER_HEADING + (p.description ?? "");
  }
  if (SMALL_CHIP_PUBLISHER_IDS.includes(p.publisher_id)) chip.small = true;
  return chip;
}

/** The menu answer of a genre: the same for everybody, so it may be shared. */
export async function menuAnswer(db: Db, genreId: number, now = new Date()): Promise<MenuAnswer> {
  const [lists, hotword, freeAndSale, campaign, topic] = await Promise.all([
    browseLists(db),
    hotWordsOfGenre(db, genreId),
    freeAndSaleCount(db, now),
    menuCampaigns(db, genreId, now, MENU_CAMPAIGN_CAP),
    menuTopicContent(db, genreId),
  ]);
  return {
    ...lists,
    hotword,
    free_and_sale_count: freeAndSale,
    browse_menu: browseMenu({
      hotword,
      genre: lists.genre,
      publisher: lists.publisher,
      label: lists.label,
      campaign,
      topic,
      genreId,
    }),
  };
}

/** How long one process reuses a menu answer for the pages' sidebar. */
export const MENU_KEPT_MS = 30_000;
const keptMenus = cachePer<Db, MenuAnswer>({
  maxEntries: 500,
  ttlMs: MENU_KEPT_MS,
  catalog: true,
});

/**
 * The menu answer as the side column of every page shows it: the same for everybody (it is the
 * shared /api/shared/menu answer), so computed once per genre and campaign hour every
 * MENU_KEPT_MS in each process instead of on every page view (decision 0033).
 */
export function keptMenuAnswer(db: Db, genreId: number, now = new Date()): Promise<MenuAnswer> {
  return keptMenus(db).get(`${genreId}:${currentCampaignTimestamp(now)}`, () =>
    menuAnswer(db, genreId, now),
  );
}
