import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { tokyoTime } from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import { campaignPolicies, campaigns, campaignTargets } from "./schema";

export interface RunningPolicy {
  policyType: number;
  salePct: number | null;
  freeCount: number | null;
  trialPageCount: number | null;
  label: string | null;
}

/** A running campaign that covers a series (item_id null) or one of its items. */
export interface ItemCampaign {
  campaignId: number;
  seriesId: number | null;
  itemId: number | null;
  cdId: number | null;
  couponFlag: boolean;
  endAt: Date | null;
  sortOrder: number;
  policies: RunningPolicy[];
}

/** What both the per-page query and the copy for search cards read of a campaign's target. */
const TARGET_COLUMNS = {
  campaignId: campaigns.campaignId,
  seriesId: campaignTargets.seriesId,
  itemId: campaignTargets.itemId,
  cdId: campaignTargets.cdId,
  couponFlag: campaigns.couponFlag,
  endAt: campaigns.endAt,
  sortOrder: campaigns.sortOrder,
};

/**
 * Campaigns running at `now` that target any of these series or drama CDs, with their policies:
 * what cards need for policy labels, sale percentages, free counts and end-date labels.
 * Two queries whatever the number of ids.
 */
export async function runningCampaignsFor(
  db: Db,
  subjects: { seriesIds?: readonly number[]; cdIds?: readonly number[] },
  now: Date,
): Promise<ItemCampaign[]> {
  const seriesIds = [...new Set(subjects.seriesIds ?? [])];
  const cdIds = [...new Set(subjects.cdIds ?? [])];
  if (seriesIds.length === 0 && cdIds.length === 0) return [];
  const subject = [
    seriesIds.length > 0 ? inArray(campaignTargets.seriesId, seriesIds) : undefined,
    cdIds.length > 0 ? inArray(campaignTargets.cdId, cdIds) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select(TARGET_COLUMNS)
    .from(campaignTargets)
    .innerJoin(campaigns, eq(campaigns.campaignId, campaignTargets.campaignId))
    .where(
      and(
        or(...subject),
        lte(campaigns.startAt, now),
        or(isNull(campaigns.endAt), gt(campaigns.endAt, now)),
      ),
    )
    .orderBy(asc(campaigns.sortOrder), asc(campaigns.campaignId));
  const byCampaign = await policiesOf(db, rows);
  return rows.map((r) => ({ ...r, policies: byCampaign.get(r.campaignId) ?? [] }));
}

/** A series campaign with its start, so a copy held in memory can tell when it runs. */
export interface SeriesCampaign extends ItemCampaign {
  seriesId: number;
  startAt: Date;
}

/**
 * Every campaign targeting a series that has not ended at `now` (running or still to come), in
 * runningCampaignsFor's order: a copy for search cards to pick the running ones from
 * (runningAt) without a query per page. Two queries.
 */
export async function seriesCampaignsFrom(db: Db, now: Date): Promise<SeriesCampaign[]> {
  const rows = await db
    .select({ ...TARGET_COLUMNS, startAt: campaigns.startAt })
    .from(campaignTargets)
    .innerJoin(campaigns, eq(campaigns.campaignId, campaignTargets.campaignId))
    .where(
      and(
        isNotNull(campaignTargets.seriesId),
        or(isNull(campaigns.endAt), gt(campaigns.endAt, now)),
      ),
    )
    .orderBy(asc(campaigns.sortOrder), asc(campaigns.campaignId));
  const byCampaign = await policiesOf(db, rows);
  return rows.map((r) => ({
    ...r,
    seriesId: r.seriesId!,
    policies: byCampaign.get(r.campaignId) ?? [],
  }));
}

/** The campaigns of a copy that run at `now`, as runningCampaignsFor would answer them. */
export function runningAt(held: readonly SeriesCampaign[], now: Date): SeriesCampaign[] {
  const at = now.getTime();
  return held.filter(
    (c) => c.startAt.getTime() <= at && (c.endAt === null || c.endAt.getTime() > at),
  );
}

async function policiesOf(db: Db, rows: ReadonlyArray<{ campaignId: number }>) {
  const byCampaign = new Map<number, RunningPolicy[]>();
  if (rows.length === 0) return byCampaign;
  const policies = await db
    .select({
      campaignId: campaignPolicies.campaignId,
      policyType: campaignPolicies.policyType,
      salePct: campaignPolicies.salePct,
      freeCount: campaignPolicies.freeCount,
      trialPageCount: campaignPolicies.trialPageCount,
      label: campaignPolicies.label,
    })
    .from(campaignPolicies)
    .where(inArray(campaignPolicies.campaignId, [...new Set(rows.map((r) => r.campaignId))]))
    .orderBy(asc(campaignPolicies.campaignPolicyId));
  for (const { campaignId, ...p } of policies) {
    const list = byCampaign.get(campaignId) ?? [];
    list.push(p);
    byCampaign.set(campaignId, list);
  }
  return byCampaign;
}

const running = (now: Date) =>
  and(lte(campaigns.startAt, now), or(isNull(campaigns.endAt), gt(campaigns.endAt, now)));

export interface CampaignTargetRef {
  seriesId: number | null;
  itemId: number | null;
  cdId: number | null;
}

/**
 * One page of a running campaign's targets in its order, and how many there are in all.
 * A campaign that has not started or has ended has none.
 */
export async function runningCampaignTargetPage(
  db: Db,
  campaignId: number,
  offset: number,
  limit: number,
  now: Date,
): Promise<{ targets: CampaignTargetRef[]; total: number }> {
  const [live] = await db
    .select({ id: campaigns.campaignId })
    .from(campaigns)
    .where(and(eq(campaigns.campaignId, campaignId), running(now)));
  if (!live) return { targets: [], total: 0 };
  const [targets, [counted]] = await Promise.all([
    db
      .select({
        seriesId: campaignTargets.seriesId,
        itemId: campaignTargets.itemId,
        cdId: campaignTargets.cdId,
      })
      .from(campaignTargets)
      .where(eq(campaignTargets.campaignId, campaignId))
      .orderBy(asc(campaignTargets.sortOrder), asc(campaignTargets.campaignTargetId))
      .offset(offset)
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(campaignTargets)
      .where(eq(campaignTargets.campaignId, campaignId)),
  ]);
  return { targets, total: Number(counted?.n ?? 0) };
}

/** The running campaigns among these ids, in the order given (home pickup campaigns). */
export async function runningCampaigns(db: Db, campaignIds: readonly number[], now: Date) {
  const ids = [...new Set(campaignIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      campaignId: campaigns.campaignId,
      name: campaigns.name,
      img: campaigns.img,
      actionUrl: campaigns.actionUrl,
      genreIds: campaigns.genreIds,
      couponFlag: campaigns.couponFlag,
      infoFlag: campaigns.infoFlag,
      pickupMoreUrl: campaigns.pickupMoreUrl,
      pickupDisplayNumber: campaigns.pickupDisplayNumber,
      endAt: campaigns.endAt,
    })
    .from(campaigns)
    .where(and(inArray(campaigns.campaignId, ids), running(now)));
  const byId = new Map(rows.map((r) => [r.campaignId, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
}

/** The first `limit` series targets of each campaign, with each campaign's target count. */
export async function campaignSeriesTargets(
  db: Db,
  campaignIds: readonly number[],
  limit: number,
): Promise<Map<number, { seriesIds: number[]; total: number }>> {
  const out = new Map<number, { seriesIds: number[]; total: number }>();
  if (campaignIds.length === 0) return out;
  const ranked = db
    .select({
      campaignId: campaignTargets.campaignId,
      seriesId: campaignTargets.seriesId,
      n: sql<number>`row_number() over (partition by ${campaignTargets.campaignId} order by ${campaignTargets.sortOrder}, ${campaignTargets.campaignTargetId})`.as(
        "n",
      ),
      total: sql<number>`count(*) over (partition by ${campaignTargets.campaignId})`.as("total"),
    })
    .from(campaignTargets)
    .where(
      and(
        inArray(campaignTargets.campaignId, [...campaignIds]),
        isNotNull(campaignTargets.seriesId),
      ),
    )
    .as("ranked");
  const rows = await db
    .select({
      campaignId: ranked.campaignId,
      seriesId: ranked.seriesId,
      total: ranked.total,
    })
    .from(ranked)
    .where(lte(ranked.n, limit))
    .orderBy(asc(ranked.campaignId), asc(ranked.n));
  for (const r of rows) {
    const entry = out.get(r.campaignId) ?? { seriesIds: [], total: Number(r.total) };
    if (r.seriesId !== null) entry.seriesIds.push(r.seriesId);
    out.set(r.campaignId, entry);
  }
  return out;
}

/** "11/30まで": the Tokyo date a campaign ends, as cards label it. */
export function endDateLabel(endAt: Date | null): string {
  if (!endAt) return "";
  const t = tokyoTime(new Date(endAt.getTime() - 1000));
  return `${t.month}/${t.day}まで`;
}
