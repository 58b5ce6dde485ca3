import { and, eq, inArray, or } from "drizzle-orm";
import { coverUrl, jacketUrl, seriesAppealUrl } from "../../../contract/media";
import type { Db } from "../../db/client";
import { cachePer } from "../../lib/cache";
import { catalogGeneration } from "../../lib/catalog-generation";
import { contentSets } from "./schema";

/**
 * The published cover of each volume and jacket of each drama CD, kept per owner until any
 * instance says the catalog changed (decision 0087): a publish says so after its commit, so
 * every page and answer put together after that (kept ones are dropped with the same change)
 * carries the new address. Owners with nothing uploaded are kept as null, so the seed's drawn
 * art costs no query either.
 */
const keptArt = cachePer<Db, string | null>({
  shared: "art-addresses",
  catalog: true,
  maxEntries: 100_000,
});

/** Cover, jacket and appeal image addresses for the owners asked (decision 0095); see artAddresses. */
export interface ArtAddresses {
  cover(bookId: number): string;
  jacket(cdId: number): string;
  /** The series' uploaded appeal image; null: none, and the card shows the seed's, if any. */
  appeal(seriesId: number): string | null;
}

const KINDS = ["cover", "jacket", "appeal"] as const;
type ArtKind = (typeof KINDS)[number];

/**
 * Looks up, at most one query, which upload each volume's cover, CD's jacket and series' appeal
 * image is, and answers their addresses (contract/media.ts builds them). An owner not asked is a mistake of the
 * caller's, answered with an error rather than an address that would outlive the picture.
 */
export async function artAddresses(
  db: Db,
  asked: {
    covers?: readonly number[];
    jackets?: readonly number[];
    appeals?: readonly number[];
  },
): Promise<ArtAddresses> {
  const kept = keptArt(db);
  const found = new Map<string, string | null>();
  const missing: Record<ArtKind, number[]> = { cover: [], jacket: [], appeal: [] };
  const look = (kind: ArtKind, ids: readonly number[] = []) => {
    for (const id of new Set(ids)) {
      const key = `${kind}:${id}`;
      const held = kept.peek(key);
      if (held) found.set(key, held.value);
      else missing[kind].push(id);
    }
  };
  look("cover", asked.covers);
  look("jacket", asked.jackets);
  look("appeal", asked.appeals);
  if (KINDS.some((kind) => missing[kind].length > 0)) {
    const generation = catalogGeneration();
    const rows = await db
      .select({ kind: contentSets.kind, ownerId: contentSets.ownerId, setId: contentSets.setId })
      .from(contentSets)
      .where(
        and(
          eq(contentSets.state, "published"),
          or(
            ...KINDS.filter((kind) => missing[kind].length > 0).map((kind) =>
              and(eq(contentSets.kind, kind), inArray(contentSets.ownerId, missing[kind])),
            ),
          ),
        ),
      );
    const sets = new Map(rows.map((r) => [`${r.kind}:${r.ownerId}`, r.setId]));
    // Read before a change was heard, the answer may be the old set: used once, never kept.
    const keep = catalogGeneration() === generation;
    for (const kind of KINDS) {
      for (const id of missing[kind]) {
        const key = `${kind}:${id}`;
        const set = sets.get(key) ?? null;
        found.set(key, set);
        if (keep) kept.set(key, set);
      }
    }
  }
  const setOf = (kind: ArtKind, id: number) => {
    const set = found.get(`${kind}:${id}`);
    if (set === undefined) throw new Error(`the ${kind} of ${id} was not looked up`);
    return set;
  };
  return {
    cover: (bookId) => coverUrl(bookId, setOf("cover", bookId)),
    jacket: (cdId) => jacketUrl(cdId, setOf("jacket", cdId)),
    appeal: (seriesId) => {
      const set = setOf("appeal", seriesId);
      return set === null ? null : seriesAppealUrl(seriesId, set);
    },
  };
}

/** The covers and jackets of mixed lines (a cart, an order): each line's volume or CD. */
export function artAddressesOfLines(
  db: Db,
  lines: readonly { bookId: number | null; cdId: number | null }[],
): Promise<ArtAddresses> {
  return artAddresses(db, {
    covers: lines.flatMap((l) => l.bookId ?? []),
    jackets: lines.flatMap((l) => l.cdId ?? []),
  });
}
