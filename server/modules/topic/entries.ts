import { and, asc, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { setNewsletter } from "../account/service";
import { entryApplications, type TopicEntry, topicEntries } from "./schema";

/** Entries accepting applications now (accept_start_at ≤ now < accept_end_at). */
export async function acceptedEntryIds(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: topicEntries.entryId })
    .from(topicEntries)
    .where(and(lte(topicEntries.acceptStartAt, now), gt(topicEntries.acceptEndAt, now)))
    .orderBy(asc(topicEntries.entryId));
  return rows.map((r) => r.id);
}

export async function completedEntryIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: entryApplications.entryId })
    .from(entryApplications)
    .where(eq(entryApplications.userId, userId))
    .orderBy(asc(entryApplications.entryId));
  return rows.map((r) => r.id);
}

export async function findEntry(db: Db, entryId: number): Promise<TopicEntry | null> {
  const [row] = await db.select().from(topicEntries).where(eq(topicEntries.entryId, entryId));
  return row ?? null;
}

export async function listEntries(db: Db): Promise<TopicEntry[]> {
  return db.select().from(topicEntries).orderBy(asc(topicEntries.acceptEndAt));
}

export type EntryOutcome =
  | { ok: true; entered: boolean }
  | { ok: false; reason: "missing" | "closed" | "newsletter" };

/**
 * Applies a member to an entry. The unique (entry, member) index makes a second application a
 * no-op, so a double click or a retry records one entry. When the entry needs the newsletter,
 * the member must have ticked the box, and ticking it subscribes them.
 */
export async function applyForEntry(
  db: Db,
  userId: number,
  entryId: number,
  newsletter: boolean,
  now = new Date(),
  link?: { siteUrl: string; secret: string },
): Promise<EntryOutcome> {
  const entry = await findEntry(db, entryId);
  if (!entry) return { ok: false, reason: "missing" };
  if (!(entry.acceptStartAt <= now && now < entry.acceptEndAt)) {
    return { ok: false, reason: "closed" };
  }
  if (entry.newsletterRequired && !newsletter) return { ok: false, reason: "newsletter" };
  let entered = false;
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(entryApplications)
      .values({ entryId, userId, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: entryApplications.entryApplicationId });
    entered = inserted.length > 0;
  });
  if (newsletter) await setNewsletter(db, userId, true, link);
  return { ok: true, entered };
}
