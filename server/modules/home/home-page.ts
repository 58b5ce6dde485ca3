import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { BannerItem, LayoutConfig } from "../../../contract/items";
import type { Db } from "../../db/client";
import {
  flickBanners,
  type HomeLayout,
  type HomeLayoutItem,
  homeLayoutItems,
  homeLayouts,
  linkRotations,
  pickupCampaigns,
} from "./schema";

function layoutShown(now: Date) {
  return and(
    or(isNull(homeLayouts.startAt), lte(homeLayouts.startAt, now)),
    or(isNull(homeLayouts.endAt), gt(homeLayouts.endAt, now)),
  );
}

function bannerShown(now: Date) {
  return and(
    or(isNull(linkRotations.startAt), lte(linkRotations.startAt, now)),
    or(isNull(linkRotations.endAt), gt(linkRotations.endAt, now)),
  );
}

export function layoutConfig(row: HomeLayout): LayoutConfig {
  return {
    layout_id: row.layoutId,
    layout_type: row.layoutType,
    content_type: row.contentType,
    title: row.title ?? "",
    icon: row.icon,
    more_url: row.moreUrl,
    display_number: row.displayNumber,
    campaign_id: row.campaignId,
    frame_class: row.frameClass,
    read_flag: row.readFlag,
    display_new_flag: row.displayNewFlag,
    display_final_flag: row.displayFinalFlag,
    display_appeal_flag: row.displayAppealFlag,
    display_policy_flag: row.displayPolicyFlag,
    display_end_label_flag: row.displayEndLabelFlag,
    display_name_flag: row.displayNameFlag,
  };
}

/** The sections of a genre's home (pagetype 1) or free top (2) shown at `now`, in order. */
export async function homeLayoutsOf(
  db: Db,
  genre: number,
  pagetype: number,
  now: Date,
): Promise<LayoutConfig[]> {
  const rows = await db
    .select()
    .from(homeLayouts)
    .where(and(eq(homeLayouts.genre, genre), eq(homeLayouts.pagetype, pagetype), layoutShown(now)))
    .orderBy(asc(homeLayouts.position), asc(homeLayouts.layoutId));
  return rows.map(layoutConfig);
}

/** One section shown at `now`, or null (unknown, not started or over). */
export async function shownLayout(db: Db, layoutId: number, now: Date): Promise<HomeLayout | null> {
  const [row] = await db
    .select()
    .from(homeLayouts)
    .where(and(eq(homeLayouts.layoutId, layoutId), layoutShown(now)));
  return row ?? null;
}

/** A page of a section's stored items in order, and how many it holds. */
export async function layoutItemPage(
  db: Db,
  layoutId: number,
  offset: number,
  limit: number,
): Promise<{ rows: HomeLayoutItem[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(homeLayoutItems)
      .where(eq(homeLayoutItems.layoutId, layoutId))
      .orderBy(asc(homeLayoutItems.position))
      .offset(offset)
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(homeLayoutItems)
      .where(eq(homeLayoutItems.layoutId, layoutId)),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

function bannerItem(row: {
  linkRotationId: number;
  url: string;
  img: string;
  name: string;
  alt: string | null;
  actionType: number;
}): BannerItem {
  return {
    link_rotation_id: row.linkRotationId,
    url: row.url,
    img: row.img,
    alt: row.alt || row.name,
    action_type: row.actionType,
  };
}

const bannerColumns = {
  linkRotationId: linkRotations.linkRotationId,
  url: linkRotations.url,
  name: linkRotations.name,
  alt: linkRotations.alt,
  img: linkRotations.img,
  actionType: linkRotations.actionType,
};

/** Banners by id, shown at `now`, in the order given. */
export async function bannersByIds(
  db: Db,
  ids: readonly number[],
  now: Date,
): Promise<BannerItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(bannerColumns)
    .from(linkRotations)
    .where(and(inArray(linkRotations.linkRotationId, [...new Set(ids)]), bannerShown(now)));
  const byId = new Map(rows.map((r) => [r.linkRotationId, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [bannerItem(row)] : [];
  });
}

/** The swipeable banner at the top of a genre's home (home answer flick_banner). */
export async function flickBannersOf(db: Db, genre: number, now: Date): Promise<BannerItem[]> {
  const rows = await db
    .select(bannerColumns)
    .from(flickBanners)
    .innerJoin(linkRotations, eq(linkRotations.linkRotationId, flickBanners.linkRotationId))
    .where(and(eq(flickBanners.genre, genre), bannerShown(now)))
    .orderBy(asc(flickBanners.position));
  return rows.map(bannerItem);
}

/** The genre's pickup campaign ids in order, whether or not they are running. */
export async function pickupCampaignIdsOf(db: Db, genre: number): Promise<number[]> {
  const rows = await db
    .select({ campaignId: pickupCampaigns.campaignId })
    .from(pickupCampaigns)
    .where(eq(pickupCampaigns.genre, genre))
    .orderBy(asc(pickupCampaigns.position));
  return rows.map((r) => r.campaignId);
}
