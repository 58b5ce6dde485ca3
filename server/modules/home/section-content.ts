import type {
  AuthorPickupRow,
  CarouselItem,
  HomeContent,
  PickupCampaign,
} from "../../../contract/home";
import type { DramaCdItem, FeatureItem, SeriesItem } from "../../../contract/items";
import type { Db } from "../../db/client";
import {
  campaignSeriesTargets,
  endDateLabel,
  runningCampaigns,
  runningCampaignTargetPage,
} from "../campaign/item-campaigns";
import { dramaCdItems } from "../cards/cd-items";
import { bookItems, seriesItems } from "../cards/series-items";
import { authorNames, seriesNames } from "../catalog/series-lookups";
import { viewedSeriesPage } from "../library/series-marks";
import { continueBookIds } from "../library/service";
import { type RankingType, rankingList } from "../ranking/service";
import { bannersByIds, layoutItemPage, pickupCampaignIdsOf } from "./home-page";
import type { HomeLayout, HomeLayoutItem } from "./schema";
import { hotWordsOfGenre } from "./service";

/** Layout types by what they render (spec 000 §2 "Home section types"). */
const BANNER_TYPES = new Set([5, 8, 9, 12, 16, 19]);
const FEATURE_TYPES = new Set([3, 15, 22]);
const APPEAL_TYPES = new Set([10, 11, 30]);
const CAROUSEL_TYPES = new Set([23, 24, 25, 26]);
const DRAMA_CD_TYPES = new Set([27, 28, 29]);

export interface SectionRequest {
  /** Items per page (the section's display_number as the page asks it). */
  num: number;
  page: number;
  /** The member whose viewing history content type 5 shows; null in shared answers. */
  memberId: number | null;
  now: Date;
}

export interface SectionAnswer {
  content: HomeContent;
  more_flag: boolean;
}

/**
 * What a home section shows on one page. Every answer is the same for everybody except content
 * type 5 (the member's viewing history), which is empty without a member. `draftItems` are the
 * items of a section not yet published (the editor's preview), read instead of the stored ones.
 */
export async function sectionContent(
  db: Db,
  layout: HomeLayout,
  req: SectionRequest,
  draftItems?: readonly HomeLayoutItem[],
): Promise<SectionAnswer> {
  const offset = (req.page - 1) * req.num;
  const { now } = req;
  const type = layout.layoutType;

  if (layout.contentType === 5) {
    if (req.memberId === null) return { content: { kind: "series", items: [] }, more_flag: false };
    const viewed = await viewedSeriesPage(db, req.memberId, offset, req.num);
    const [cards, resume] = await Promise.all([
      seriesItems(db, viewed.seriesIds, { now }),
      continueBookIds(db, req.memberId, viewed.seriesIds),
    ]);
    // 続きを読む opens where the member left off in each series they have read.
    const items = cards.map((card) => {
      const bookId = resume.get(card.series_id);
      return bookId === undefined ? card : { ...card, continue_cid: String(bookId) };
    });
    return {
      content: { kind: "series", items },
      more_flag: viewed.total > offset + req.num,
    };
  }

  if (layout.contentType === 1 && layout.campaignId !== null) {
    const page = await runningCampaignTargetPage(db, layout.campaignId, offset, req.num, now);
    const more_flag = page.total > offset + req.num;
    const cdIds = page.targets.flatMap((t) => (t.cdId !== null ? [t.cdId] : []));
    if (DRAMA_CD_TYPES.has(type) || (cdIds.length > 0 && cdIds.length === page.targets.length)) {
      return {
        content: { kind: "dramacds", items: await dramaCdItems(db, cdIds, { now }) },
        more_flag,
      };
    }
    const seriesIds = page.targets.flatMap((t) => (t.seriesId !== null ? [t.seriesId] : []));
    const items = await seriesItems(db, seriesIds, { now });
    return { content: { kind: "series", items }, more_flag };
  }

  if (type === 4) {
    const tp = (layout.rankingType ?? 2) as RankingType;
    const ranking = await rankingList(
      db,
      { pagetype: layout.pagetype === 2 ? 2 : 1, tp, genre: layout.genre, ln: req.num },
      { now },
    );
    // The block always offers the full ranking page when it has anything to show.
    return {
      content: { kind: "ranking", items: ranking.data },
      more_flag: ranking.data.length > 0,
    };
  }

  if (type === 17) {
    const words = await hotWordsOfGenre(db, layout.genre);
    return { content: { kind: "hot_words", items: words }, more_flag: false };
  }

  if (type === 14) return pickupCampaignContent(db, layout, req);

  const stored = draftItems
    ? { rows: draftItems.slice(offset, offset + req.num), total: draftItems.length }
    : await layoutItemPage(db, layout.layoutId, offset, req.num);
  const more_flag = stored.total > offset + req.num;
  const rows = stored.rows;

  if (BANNER_TYPES.has(type)) {
    const ids = rows.flatMap((r) => (r.linkRotationId !== null ? [r.linkRotationId] : []));
    return { content: { kind: "banners", items: await bannersByIds(db, ids, now) }, more_flag };
  }
  if (DRAMA_CD_TYPES.has(type)) {
    return { content: { kind: "dramacds", items: await cdCards(db, rows, now) }, more_flag };
  }
  if (FEATURE_TYPES.has(type)) {
    return { content: { kind: "features", items: await featureCards(db, rows, now) }, more_flag };
  }
  if (CAROUSEL_TYPES.has(type)) {
    return { content: { kind: "carousel", items: await carouselSlides(db, rows) }, more_flag };
  }
  if (type === 20) {
    return { content: { kind: "authors", items: await authorRows(db, rows, now) }, more_flag };
  }
  if (APPEAL_TYPES.has(type)) {
    return {
      content: { kind: "appeal", items: await appealCards(db, rows, type, now) },
      more_flag,
    };
  }
  if (layout.contentType === 18) {
    const bookIds = rows.flatMap((r) => (r.bookId !== null ? [r.bookId] : []));
    return { content: { kind: "series", items: await bookItems(db, bookIds, { now }) }, more_flag };
  }
  const seriesIds = rows.flatMap((r) => (r.seriesId !== null ? [r.seriesId] : []));
  return {
    content: { kind: "series", items: await seriesItems(db, seriesIds, { now }) },
    more_flag,
  };
}

function bySeries(items: SeriesItem[]): Map<number, SeriesItem> {
  return new Map(items.map((i) => [i.series_id, i]));
}

async function cdCards(db: Db, rows: HomeLayoutItem[], now: Date): Promise<DramaCdItem[]> {
  const cards = await dramaCdItems(
    db,
    rows.flatMap((r) => (r.cdId !== null ? [r.cdId] : [])),
    { now },
  );
  const byCd = new Map(cards.map((c) => [c.cd_id, c]));
  return rows.flatMap((r) => {
    const card = r.cdId !== null ? byCd.get(r.cdId) : undefined;
    if (!card) return [];
    // The section's own appeal copy wins over the CD's catalogue copy.
    return [
      {
        ...card,
        appeal_text: r.appealText ?? card.appeal_text,
        appeal_tags: r.appealTags.length > 0 ? r.appealTags : card.appeal_tags,
      },
    ];
  });
}

async function featureCards(db: Db, rows: HomeLayoutItem[], now: Date): Promise<FeatureItem[]> {
  const series = bySeries(
    await seriesItems(
      db,
      rows.flatMap((r) => (r.seriesId !== null ? [r.seriesId] : [])),
      { now },
    ),
  );
  return rows.flatMap((r) => {
    if (!r.title || !r.url) return [];
    const s = r.seriesId !== null ? series.get(r.seriesId) : undefined;
    return [
      {
        img: r.img ?? s?.latest_cover ?? "",
        title: r.title,
        description: r.description ?? "",
        series_name: s?.series_name ?? "",
        series_id: s?.series_id ?? null,
        url: r.url,
        feature_tag: r.featureTag ?? "",
        get_flag: false,
        free_flag: s?.free_flag ?? false,
        free_count: s?.free_count ?? 0,
        policy_type: s?.policy_type ?? null,
        trial_page_count: s?.trial_page_count ?? 0,
      },
    ];
  });
}

async function carouselSlides(db: Db, rows: HomeLayoutItem[]): Promise<CarouselItem[]> {
  const names = await seriesNames(
    db,
    rows.flatMap((r) => (r.seriesId !== null ? [r.seriesId] : [])),
  );
  return rows.flatMap((r) => {
    if (!r.img) return [];
    const seriesName = r.seriesId !== null ? (names.get(r.seriesId) ?? "") : "";
    return [
      {
        series_id: r.seriesId,
        img: r.img,
        title: r.title ?? seriesName,
        url: r.url ?? (r.seriesId !== null ? `/series/${r.seriesId}` : "/home"),
        series_name: seriesName,
      },
    ];
  });
}

async function authorRows(db: Db, rows: HomeLayoutItem[], now: Date): Promise<AuthorPickupRow[]> {
  const [names, items] = await Promise.all([
    authorNames(
      db,
      rows.flatMap((r) => (r.authorId !== null && r.seriesId === null ? [r.authorId] : [])),
    ),
    seriesItems(
      db,
      rows.flatMap((r) => (r.seriesId !== null ? [r.seriesId] : [])),
      { now },
    ),
  ]);
  const series = bySeries(items);
  return rows.flatMap((r): AuthorPickupRow[] => {
    // Spec 000 §2: an item with an image shows the author card, otherwise a series row.
    if (r.img && r.authorId !== null && r.seriesId === null) {
      const name = names.get(r.authorId);
      if (!name) return [];
      return [
        {
          row: "author",
          author_id: r.authorId,
          name,
          img: r.img,
          introduction: r.appealIntro ?? "",
        },
      ];
    }
    const item = r.seriesId !== null ? series.get(r.seriesId) : undefined;
    if (!item) return [];
    // A row under an author is one of that author's works, or it does not belong there.
    if (r.authorId !== null && !item.authors.some((a) => a.author_id === r.authorId)) return [];
    return [{ row: "series", author_id: r.authorId, item }];
  });
}

async function appealCards(
  db: Db,
  rows: HomeLayoutItem[],
  type: number,
  now: Date,
): Promise<SeriesItem[]> {
  const series = bySeries(
    await seriesItems(
      db,
      rows.flatMap((r) => (r.seriesId !== null ? [r.seriesId] : [])),
      { now },
    ),
  );
  return rows.flatMap((r) => {
    const item = r.seriesId !== null ? series.get(r.seriesId) : undefined;
    if (!item) return [];
    return [
      {
        ...item,
        // Staff picks (11) carry their photo as img; appeal and POP cards their appeal image.
        appeal_img: (type === 11 ? r.img : r.appealImg) ?? item.appeal_img ?? null,
        comment_img: r.commentImg ?? item.comment_img ?? null,
        appeal_title: r.appealTitle ?? item.appeal_title ?? null,
        appeal_intro: r.appealIntro ?? item.appeal_intro ?? null,
      },
    ];
  });
}

async function pickupCampaignContent(
  db: Db,
  layout: HomeLayout,
  req: SectionRequest,
): Promise<SectionAnswer> {
  const offset = (req.page - 1) * req.num;
  const running = await runningCampaigns(db, await pickupCampaignIdsOf(db, layout.genre), req.now);
  const shown = running.slice(offset, offset + req.num);
  const targets = await campaignSeriesTargets(
    db,
    shown.map((c) => c.campaignId),
    Math.max(1, ...shown.map((c) => c.pickupDisplayNumber)),
  );
  const items = bySeries(
    await seriesItems(
      db,
      [...targets.values()].flatMap((t) => t.seriesIds),
      { now: req.now },
    ),
  );
  const campaigns: PickupCampaign[] = shown.map((c) => {
    const t = targets.get(c.campaignId) ?? { seriesIds: [], total: 0 };
    return {
      campaign_id: c.campaignId,
      name: c.name,
      img: c.img,
      url: c.actionUrl ?? `/campaign/${c.campaignId}`,
      genre_id: c.genreIds,
      coupon_flag: c.couponFlag,
      info_flag: c.infoFlag,
      cp_end_date_label: endDateLabel(c.endAt),
      pickup_more_url: c.pickupMoreUrl ?? `/campaign/${c.campaignId}`,
      pickup_display_number: c.pickupDisplayNumber,
      items: t.seriesIds
        .map((id) => items.get(id))
        .filter((i): i is SeriesItem => i !== undefined)
        .slice(0, c.pickupDisplayNumber),
      item_count: t.total,
    };
  });
  return {
    content: { kind: "campaigns", items: campaigns },
    more_flag: running.length > offset + req.num,
  };
}
