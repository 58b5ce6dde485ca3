import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  type SQL,
} from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import {
  type Campaign,
  type CampaignPolicy,
  campaignPolicies,
  campaigns,
  campaignTargets,
} from "./schema";

/**
 * The campaign tables as the /ops campaign editor reads and writes them (issue 24, decision
 * 0101); the editor's module adds the checks and the audit row around these.
 */

type Conn = Db | Tx;

export type { Campaign, CampaignPolicy };

export type CampaignValues = Omit<typeof campaigns.$inferInsert, "campaignId">;

export interface PolicyValues {
  policyType: number;
  salePct: number | null;
  freeCount: number | null;
  trialPageCount: number | null;
  label: string | null;
}

/** One target row: a whole series (itemId null), one volume of it, or a drama CD. */
export interface TargetValues {
  seriesId: number | null;
  itemId: number | null;
  cdId: number | null;
}

export type EditorCampaignState = "running" | "upcoming" | "ended";

function stateFilter(state: EditorCampaignState | undefined, now: Date): SQL | undefined {
  if (state === "upcoming") return gt(campaigns.startAt, now);
  if (state === "ended") return lte(campaigns.endAt, now);
  if (state === "running") {
    return and(lte(campaigns.startAt, now), or(isNull(campaigns.endAt), gt(campaigns.endAt, now)));
  }
  return undefined;
}

/** A page of campaigns, newest start first, by name or id and state. */
export async function editorCampaigns(
  db: Db,
  query: { q?: string; state?: EditorCampaignState; page: number; pageSize: number },
  now: Date,
): Promise<{ rows: Campaign[]; total: number }> {
  let named: SQL | undefined;
  if (query.q) {
    const id = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
    const like = ilike(campaigns.name, `%${query.q.replace(/[\\%_]/g, "\\$&")}%`);
    named = id === null ? like : or(like, eq(campaigns.campaignId, id));
  }
  const where = and(named, stateFilter(query.state, now));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.startAt), desc(campaigns.campaignId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Policies and target counts of the campaigns on a list page. */
export async function campaignSummaries(db: Db, campaignIds: readonly number[]) {
  const policies = new Map<number, CampaignPolicy[]>();
  const targets = new Map<number, number>();
  if (campaignIds.length === 0) return { policies, targets };
  const ids = [...campaignIds];
  const [p, t] = await Promise.all([
    db
      .select()
      .from(campaignPolicies)
      .where(inArray(campaignPolicies.campaignId, ids))
      .orderBy(asc(campaignPolicies.campaignPolicyId)),
    db
      .select({ id: campaignTargets.campaignId, n: count() })
      .from(campaignTargets)
      .where(inArray(campaignTargets.campaignId, ids))
      .groupBy(campaignTargets.campaignId),
  ]);
  for (const row of p) policies.set(row.campaignId, [...(policies.get(row.campaignId) ?? []), row]);
  for (const row of t) targets.set(row.id, row.n);
  return { policies, targets };
}

/** One campaign with its policies and targets in order; null if there is none. */
export async function editorCampaign(db: Conn, campaignId: number) {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.campaignId, campaignId));
  if (!row) return null;
  const [policies, targets] = await Promise.all([
    db
      .select()
      .from(campaignPolicies)
      .where(eq(campaignPolicies.campaignId, campaignId))
      .orderBy(asc(campaignPolicies.campaignPolicyId)),
    db
      .select({
        seriesId: campaignTargets.seriesId,
        itemId: campaignTargets.itemId,
        cdId: campaignTargets.cdId,
      })
      .from(campaignTargets)
      .where(eq(campaignTargets.campaignId, campaignId))
      .orderBy(asc(campaignTargets.sortOrder), asc(campaignTargets.campaignTargetId)),
  ]);
  return { campaign: row, policies, targets };
}

/** Holds the campaign's row until the transaction ends, so two saves queue, not interleave. */
export async function lockCampaign(tx: Tx, campaignId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: campaigns.campaignId })
    .from(campaigns)
    .where(eq(campaigns.campaignId, campaignId))
    .for("update");
  return rows.length > 0;
}

async function replaceParts(
  tx: Tx,
  campaignId: number,
  policies: readonly PolicyValues[],
  targets: readonly TargetValues[],
) {
  await tx.delete(campaignPolicies).where(eq(campaignPolicies.campaignId, campaignId));
  await tx.delete(campaignTargets).where(eq(campaignTargets.campaignId, campaignId));
  if (policies.length > 0) {
    await tx.insert(campaignPolicies).values(policies.map((p) => ({ ...p, campaignId })));
  }
  if (targets.length > 0) {
    await tx
      .insert(campaignTargets)
      .values(targets.map((t, sortOrder) => ({ ...t, campaignId, sortOrder })));
  }
}

export async function insertCampaign(
  tx: Tx,
  values: CampaignValues,
  policies: readonly PolicyValues[],
  targets: readonly TargetValues[],
): Promise<number> {
  const [row] = await tx.insert(campaigns).values(values).returning({ id: campaigns.campaignId });
  await replaceParts(tx, row!.id, policies, targets);
  return row!.id;
}

export async function updateCampaign(
  tx: Tx,
  campaignId: number,
  values: Omit<CampaignValues, "img">,
  policies: readonly PolicyValues[],
  targets: readonly TargetValues[],
): Promise<void> {
  await tx.update(campaigns).set(values).where(eq(campaigns.campaignId, campaignId));
  await replaceParts(tx, campaignId, policies, targets);
}

/** Points the campaign's banner at an uploaded picture (its versioned address). */
export async function setCampaignImg(tx: Tx, campaignId: number, img: string): Promise<void> {
  await tx.update(campaigns).set({ img }).where(eq(campaigns.campaignId, campaignId));
}

export async function campaignExists(db: Conn, campaignId: number): Promise<boolean> {
  const rows = await db
    .select({ id: campaigns.campaignId })
    .from(campaigns)
    .where(eq(campaigns.campaignId, campaignId))
    .limit(1);
  return rows.length > 0;
}
