import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { AuditEntity } from "../../../contract/ops-roles";
import type { Db, Tx } from "../../db/client";
import { cachePer } from "../../lib/cache";
import type { Storage } from "../../lib/storage";
import { type AuditActor, auditedWrite } from "../audit/service";
import { type ContentKind, contentSets } from "./schema";

/** Where a set's files live in the storage: one prefix per set, so a set is written and removed whole. */
const FOLDERS: Record<ContentKind, string> = {
  pages: "pages",
  cover: "covers",
  jacket: "jackets",
  track: "tracks",
  appeal: "appeals",
  campaign: "campaigns",
};

export function setPrefix(kind: ContentKind, ownerId: number, setId: string): string {
  return `${FOLDERS[kind]}/${ownerId}/${setId}`;
}

/** How long a replaced set's files stay for readers who opened it before the new one came. */
const RETIRED_KEPT = "1 day";

export interface LiveSet {
  setId: string;
  itemCount: number;
  widths: number[];
  trialStartSec: number | null;
  trialSeconds: number | null;
}

const liveColumns = {
  setId: contentSets.setId,
  itemCount: contentSets.itemCount,
  widths: contentSets.widths,
  trialStartSec: contentSets.trialStartSec,
  trialSeconds: contentSets.trialSeconds,
};

/**
 * An owner's kept sets, read once per few seconds per process: every page image asks, and one
 * query per image was most of a served page's time. This process forgets an owner's entry when
 * it publishes for it (in both bundles: the cache is shared, so the editor's page reloaded after
 * an upload shows the new set); another process sees a new set within KEPT_MS (old or new,
 * never a mix).
 */
const KEPT_MS = 5_000;
const keptSets = cachePer<Db, (LiveSet & { published: boolean })[]>({
  shared: "content-sets",
  maxEntries: 20_000,
  ttlMs: KEPT_MS,
});
const ownerKey = (kind: ContentKind, ownerId: number) => `${kind}:${ownerId}`;

/**
 * The set the store serves for an owner: the one a reader asked for by id when it is still kept
 * (so a volume opened before a new upload reads on in its old pages), else the published one.
 * null: nothing was uploaded, and the seed's drawn art is served.
 */
export async function liveSet(
  db: Db,
  kind: ContentKind,
  ownerId: number,
  asked?: string,
): Promise<LiveSet | null> {
  const sets = await keptSets(db).get(ownerKey(kind, ownerId), async () =>
    (
      await db
        .select({ ...liveColumns, state: contentSets.state })
        .from(contentSets)
        .where(and(eq(contentSets.kind, kind), eq(contentSets.ownerId, ownerId)))
    ).map(({ state, ...set }) => ({ ...set, published: state === "published" })),
  );
  const found =
    (asked === undefined ? undefined : sets.find((s) => s.setId === asked)) ??
    sets.find((s) => s.published);
  if (!found) return null;
  const { published: _, ...set } = found;
  return set;
}

/**
 * The set an address names by id (a cover's `?v=`), read again from the database when this
 * process's kept list does not hold it: another instance may have published it a moment ago,
 * and an address naming a set is cached for good, so it must never be answered with the old
 * picture. Else as liveSet: the published set, or null.
 */
export async function namedSet(
  db: Db,
  kind: ContentKind,
  ownerId: number,
  setId: string,
): Promise<LiveSet | null> {
  const kept = await liveSet(db, kind, ownerId, setId);
  if (kept?.setId === setId) return kept;
  keptSets(db).delete(ownerKey(kind, ownerId));
  return liveSet(db, kind, ownerId, setId);
}

/** Whether a set (an upload) was already published, now or before it was replaced. */
export async function setExists(db: Db, setId: string): Promise<boolean> {
  const rows = await db
    .select({ setId: contentSets.setId })
    .from(contentSets)
    .where(eq(contentSets.setId, setId));
  return rows.length > 0;
}

class AlreadyPublished extends Error {}

export interface NewSet {
  setId: string;
  kind: ContentKind;
  ownerId: number;
  itemCount: number;
  widths: number[];
  trialStartSec?: number;
  trialSeconds?: number;
}

/**
 * Publishes a set whose files are all written: in one audited transaction the owner's previous
 * set is retired, this one inserted, and `apply` changes the owner's own row (a volume's page
 * count, a track's length). Answers false when the set was published already (a job run again
 * after its worker died), having changed nothing and audited nothing.
 */
export async function publishSet(
  db: Db,
  actor: AuditActor,
  set: NewSet,
  audit: { entity: AuditEntity; action: string; entityId: number },
  apply: (tx: Tx, previous: string | null) => Promise<{ before: unknown; after: unknown }>,
): Promise<boolean> {
  try {
    await auditedWrite(db, actor, async (tx) => {
      const inserted = await tx
        .insert(contentSets)
        .values({ ...set, state: "retired" })
        .onConflictDoNothing()
        .returning({ setId: contentSets.setId });
      if (inserted.length === 0) throw new AlreadyPublished();
      const retired = await tx
        .update(contentSets)
        .set({ state: "retired", retiredAt: sql`now()` })
        .where(
          and(
            eq(contentSets.kind, set.kind),
            eq(contentSets.ownerId, set.ownerId),
            eq(contentSets.state, "published"),
          ),
        )
        .returning({ setId: contentSets.setId });
      await tx
        .update(contentSets)
        .set({ state: "published" })
        .where(eq(contentSets.setId, set.setId));
      const change = await apply(tx, retired[0]?.setId ?? null);
      return { ...audit, ...change, result: undefined };
    });
    keptSets(db).delete(ownerKey(set.kind, set.ownerId));
    return true;
  } catch (error) {
    if (error instanceof AlreadyPublished) return false;
    throw error;
  }
}

/** Removes the files and rows of an owner's sets replaced more than a day ago. */
export async function dropOldSets(
  db: Db,
  storage: Storage,
  kind: ContentKind,
  ownerId: number,
): Promise<void> {
  const old = await db
    .select({ setId: contentSets.setId })
    .from(contentSets)
    .where(
      and(
        eq(contentSets.kind, kind),
        eq(contentSets.ownerId, ownerId),
        eq(contentSets.state, "retired"),
        lt(contentSets.retiredAt, sql`now() - ${RETIRED_KEPT}::interval`),
      ),
    );
  if (old.length === 0) return;
  for (const { setId } of old) {
    await storage.delete(await storage.list(setPrefix(kind, ownerId, setId)));
  }
  await db.delete(contentSets).where(
    inArray(
      contentSets.setId,
      old.map((o) => o.setId),
    ),
  );
  keptSets(db).delete(ownerKey(kind, ownerId));
}
