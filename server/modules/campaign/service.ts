import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  not,
  or,
  sql,
} from "drizzle-orm";
import {
  type CampaignEntry,
  type CampaignPageAnswer,
  type CampaignPolicyView,
  type CategoryCounts,
  ENDING_SOON_SECONDS,
} from "../../../contract/campaign";
import type { PolicyType } from "../../../contract/items";
import { mediaUrl } from "../../../contract/media";
import { tokyoDateTime } from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import { scheduledTimes } from "../../lib/scheduled-times";
import { endDateLabel } from "./item-campaigns";
import { type Campaign, campaignPolicies, campaigns, campaignTargets } from "./schema";

/** Running campaigns that make something free or cheaper: the menu's free_and_sale_count. */
export async function freeAndSaleCount(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(campaigns)
    .where(
      and(
        lte(campaigns.startAt, now),
        or(isNull(campaigns.endAt), gt(campaigns.endAt, now)),
        or(campaigns.freeFlag, campaigns.saleFlag),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Running campaigns of a genre for the drawer and the sidebar (spec 001 §2.4): banners that lead
 * to works, so coupon and information campaigns are left out; in the editors' order.
 */
export async function menuCampaigns(
  db: Db,
  genreId: number,
  now: Date,
  limit: number,
): Promise<
  Array<{ campaign_id: number; name: string; img: string | null; action_url: string | null }>
> {
  return db
    .select({
      campaign_id: campaigns.campaignId,
      name: campaigns.name,
      img: campaigns.img,
      action_url: campaigns.actionUrl,
    })
    .from(campaigns)
    .where(
      and(
        lte(campaigns.startAt, now),
        or(isNull(campaigns.endAt), gt(campaigns.endAt, now)),
        not(campaigns.couponFlag),
        not(campaigns.infoFlag),
        arrayContains(campaigns.genreIds, [genreId]),
      ),
    )
    .orderBy(asc(campaigns.sortOrder), asc(campaigns.campaignId))
    .limit(limit);
}

function running(now: Date) {
  return and(lte(campaigns.startAt, now), or(isNull(campaigns.endAt), gt(campaigns.endAt, now)));
}

async function policiesOf(db: Db, campaignIds: readonly number[]) {
  const byCampaign = new Map<number, CampaignPolicyView[]>();
  if (campaignIds.length === 0) return byCampaign;
  const rows = await db
    .select()
    .from(campaignPolicies)
    .where(inArray(campaignPolicies.campaignId, [...new Set(campaignIds)]))
    .orderBy(asc(campaignPolicies.campaignPolicyId));
  for (const p of rows) {
    const list = byCampaign.get(p.campaignId) ?? [];
    list.push({
      policy_type: p.policyType as PolicyType,
      sale_pct: p.salePct,
      free_count: p.freeCount,
      trial_page_count: p.trialPageCount,
      label: p.label,
    });
    byCampaign.set(p.campaignId, list);
  }
  return byCampaign;
}

function toEntry(c: Campaign, policies: CampaignPolicyView[], now: Date): CampaignEntry {
  return {
    campaign_id: c.campaignId,
    name: c.name,
    description: c.description ?? "",
    img: c.img ?? mediaUrl(`/media/campaign/${c.campaignId}.png`),
    action_url: c.actionUrl,
    url: c.actionUrl ?? `/campaign/${c.campaignId}`,
    genre_id: c.genreIds,
    coupon_flag: c.couponFlag,
    info_flag: c.infoFlag,
    new_flag: c.newFlag,
    free_flag: c.freeFlag,
    sale_flag: c.saleFlag,
    trial_flag: c.trialFlag,
    moment_flag: c.momentFlag,
    ending_flag:
      c.endAt !== null && c.endAt.getTime() - now.getTime() <= ENDING_SOON_SECONDS * 1000,
    start_date: tokyoDateTime(c.startAt),
    end_date: c.endAt ? tokyoDateTime(c.endAt) : "",
    end_date_label: endDateLabel(c.endAt),
    policies,
    pickup_more_url: c.pickupMoreUrl,
    pickup_display_number: c.pickupDisplayNumber,
  };
}

async function entries(db: Db, rows: Campaign[], now: Date): Promise<CampaignEntry[]> {
  const policies = await policiesOf(
    db,
    rows.map((r) => r.campaignId),
  );
  return rows.map((r) => toEntry(r, policies.get(r.campaignId) ?? [], now));
}

/** Every running campaign in the editors' order (/otoku, /campaign); genre 0 or 1 is all. */
export async function runningCampaignEntries(
  db: Db,
  now: Date,
  genre?: number | null,
): Promise<CampaignEntry[]> {
  const rows = await db
    .select()
    .from(campaigns)
    .where(
      and(
        running(now),
        genre && genre !== 1 ? arrayContains(campaigns.genreIds, [genre]) : undefined,
      ),
    )
    .orderBy(asc(campaigns.sortOrder), asc(campaigns.campaignId));
  return entries(db, rows, now);
}

/** The /otoku category counts over a list of campaigns. */
export function categoryCounts(list: readonly CampaignEntry[]): CategoryCounts {
  const counts: CategoryCounts = {
    new: 0,
    free: 0,
    sale: 0,
    trial: 0,
    info: 0,
    moment: 0,
    ending: 0,
  };
  for (const c of list) {
    if (c.new_flag) counts.new++;
    if (c.free_flag) counts.free++;
    if (c.sale_flag) counts.sale++;
    if (c.trial_flag) counts.trial++;
    if (c.info_flag) counts.info++;
    if (c.moment_flag) counts.moment++;
    if (c.ending_flag) counts.ending++;
  }
  return counts;
}

export type CampaignState = "running" | "upcoming" | "ended";

/** A campaign page as asked for: its answer while running, otherwise why there is none. */
export type CampaignPageResult =
  | { state: "running"; answer: CampaignPageAnswer }
  | { state: Exclude<CampaignState, "running"> | "missing" };

export async function campaignById(
  db: Db,
  campaignId: number,
  now: Date,
): Promise<{ entry: CampaignEntry; state: CampaignState } | null> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.campaignId, campaignId));
  if (!row) return null;
  const [entry] = await entries(db, [row], now);
  const state: CampaignState =
    row.startAt > now ? "upcoming" : row.endAt !== null && row.endAt <= now ? "ended" : "running";
  return { entry: entry!, state };
}

/** Campaigns by id, in the order asked (the series page's campaign list). */
export async function campaignEntriesByIds(
  db: Db,
  campaignIds: readonly number[],
  now: Date,
): Promise<CampaignEntry[]> {
  const ids = [...new Set(campaignIds)];
  if (ids.length === 0) return [];
  const rows = await db.select().from(campaigns).where(inArray(campaigns.campaignId, ids));
  const list = await entries(db, rows, now);
  const byId = new Map(list.map((e) => [e.campaign_id, e]));
  return ids.map((id) => byId.get(id)).filter((e): e is CampaignEntry => e !== undefined);
}

/** One page of a campaign's targets in the editors' order. */
export async function campaignTargetPage(
  db: Db,
  campaignId: number,
  limit: number,
  offset: number,
) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        seriesId: campaignTargets.seriesId,
        itemId: campaignTargets.itemId,
        cdId: campaignTargets.cdId,
      })
      .from(campaignTargets)
      .where(eq(campaignTargets.campaignId, campaignId))
      .orderBy(asc(campaignTargets.sortOrder), asc(campaignTargets.campaignTargetId))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(campaignTargets)
      .where(eq(campaignTargets.campaignId, campaignId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Series whole-series targets of running free campaigns (102 free for everyone, 103 free for
 * members) make free: series_id → number of volumes from the first.
 */
export async function freeCampaignSeries(db: Db, now: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ seriesId: campaignTargets.seriesId, freeCount: campaignPolicies.freeCount })
    .from(campaignTargets)
    .innerJoin(campaigns, eq(campaigns.campaignId, campaignTargets.campaignId))
    .innerJoin(campaignPolicies, eq(campaignPolicies.campaignId, campaigns.campaignId))
    .where(
      and(
        running(now),
        isNull(campaignTargets.itemId),
        inArray(campaignPolicies.policyType, [102, 103]),
      ),
    );
  const out = new Map<number, number>();
  for (const r of rows) {
    if (r.seriesId === null) continue;
    out.set(r.seriesId, Math.max(out.get(r.seriesId) ?? 0, r.freeCount ?? 0));
  }
  return out;
}

/** Campaigns that started in [from, to), newest first (the daily special's new campaigns). */
export async function campaignsStartedBetween(
  db: Db,
  from: Date,
  to: Date,
  now: Date,
): Promise<CampaignEntry[]> {
  const rows = await db
    .select()
    .from(campaigns)
    .where(
      and(gte(campaigns.startAt, from), lt(campaigns.startAt, to), lte(campaigns.startAt, now)),
    )
    .orderBy(desc(campaigns.startAt), asc(campaigns.sortOrder));
  return entries(db, rows, now);
}

/** Series targeted by these campaigns, in target order, each once. */
export async function seriesOfCampaigns(
  db: Db,
  campaignIds: readonly number[],
  limit: number,
): Promise<number[]> {
  if (campaignIds.length === 0) return [];
  const rows = await db
    .select({ seriesId: campaignTargets.seriesId })
    .from(campaignTargets)
    .where(inArray(campaignTargets.campaignId, [...campaignIds]))
    .orderBy(asc(campaignTargets.campaignId), asc(campaignTargets.sortOrder));
  const ids = new Set<number>();
  for (const r of rows) {
    if (r.seriesId !== null) ids.add(r.seriesId);
    if (ids.size >= limit) break;
  }
  return [...ids];
}

/** Campaigns that began or ended in (after, until], and the next such time (decision 0087). */
export function campaignWindowTimes(db: Db, after: Date, until: Date) {
  return scheduledTimes(
    db,
    sql`${campaigns}`,
    campaigns.campaignId,
    [campaigns.startAt, campaigns.endAt],
    after,
    until,
  );
}

/** Coupon campaigns (coupon_flag), newest first: what a coupon_type 2 coupon may name. */
export async function couponCampaignChoices(db: Db) {
  return db
    .select({ id: campaigns.campaignId, name: campaigns.name })
    .from(campaigns)
    .where(eq(campaigns.couponFlag, true))
    .orderBy(desc(campaigns.campaignId));
}
