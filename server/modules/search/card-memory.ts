import type { SeriesItem } from "../../../contract/items";
import type { Db } from "../../db/client";
import { onSearchReread } from "../../lib/catalog-generation";
import { runningAt, type SeriesCampaign, seriesCampaignsFrom } from "../campaign/item-campaigns";
import { seriesCardArt, seriesCardsOf, seriesItems } from "../cards/series-items";
import { allSeriesFacts, type SeriesFacts, seriesRatings } from "../catalog/series-card-facts";
import { searchIndexState } from "./schema";

/**
 * What search cards show of every series, held in this process beside the search tables
 * (memory-index.ts), so a page of results is 30 cards put together from memory instead of
 * queries: on PGlite each query of a page cost ~3 ms of the one thread at 100,000 series, and the
 * cards were most of /api/search's time (docs/decisions/0039).
 *
 * Freshness, each part on its own clock:
 * - campaigns (sale %, free counts, policies): the not-yet-ended ones are held and the running
 *   ones picked at the request's `now`, so a start or end is exact to the second; the list is
 *   read again every CAMPAIGN_CHECK_MS, so an edited campaign shows within that;
 * - ratings, which reviews move: read again every RATING_CHECK_MS (0034's 30 s for cards);
 * - the rest of the catalog (titles, volumes, list prices, authors, tags), which changes only
 *   with a catalog import followed by an index rebuild: read again when the index's rebuilt_at
 *   moves, looked at every CAMPAIGN_CHECK_MS; the old copy answers until the new one is read.
 */
export const CAMPAIGN_CHECK_MS = 5_000;
export const RATING_CHECK_MS = 30_000;

export interface CardMemory {
  /** The index's rebuilt_at when the facts were read. */
  version: number;
  facts: Map<number, SeriesFacts>;
  campaigns: Map<number, SeriesCampaign[]>;
}

interface Slot {
  db: Db;
  memory: CardMemory | null;
  loading: Promise<CardMemory> | null;
  refreshing: boolean;
  campaignsAt: number;
  ratingsAt: number;
  /** Catalog changes read into the copy one after another, in the order they were heard. */
  rereading: Promise<void>;
}

const slots = new WeakMap<Db, Slot>();
/** The slots held, to read a catalog change's series into them (decision 0087). */
const live = new Set<WeakRef<Slot>>();

onSearchReread((seriesIds) => {
  for (const ref of live) {
    const slot = ref.deref();
    if (!slot || slots.get(slot.db) !== slot) live.delete(ref);
    else if (slot.memory)
      slot.rereading = slot.rereading.then(() => reread(slot, seriesIds)).catch(() => {});
  }
});

/**
 * Reads a change's series into the held copy, and the running campaigns with them: the other
 * series' facts stay as they are, so a price change costs a few rows, not the whole copy.
 */
async function reread(slot: Slot, seriesIds: readonly number[] | "all"): Promise<void> {
  const held = slot.memory;
  if (!held) return;
  if (seriesIds === "all") {
    await load(slot.db, slot, true);
    return;
  }
  const started = Date.now();
  const [facts, campaigns] = await Promise.all([
    allSeriesFacts(slot.db, seriesIds),
    seriesCampaignsFrom(slot.db, new Date(started)),
  ]);
  for (const id of seriesIds) {
    const fresh = facts.get(id);
    if (fresh) held.facts.set(id, fresh);
    else held.facts.delete(id);
  }
  held.campaigns = bySeries(campaigns);
  slot.campaignsAt = started;
}

async function rebuiltAt(db: Db): Promise<number> {
  const [state] = await db.select({ at: searchIndexState.rebuiltAt }).from(searchIndexState);
  return state?.at?.getTime() ?? 0;
}

function bySeries(list: SeriesCampaign[]): Map<number, SeriesCampaign[]> {
  const out = new Map<number, SeriesCampaign[]>();
  for (const c of list) {
    const held = out.get(c.seriesId);
    if (held) held.push(c);
    else out.set(c.seriesId, [c]);
  }
  return out;
}

/** Reads the whole copy: a few seconds and some tens of MB at 100,000 series. */
export async function loadCardMemory(db: Db, now = new Date()): Promise<CardMemory> {
  const version = await rebuiltAt(db);
  const [facts, campaigns] = await Promise.all([allSeriesFacts(db), seriesCampaignsFrom(db, now)]);
  return { version, facts, campaigns: bySeries(campaigns) };
}

function slotOf(db: Db): Slot {
  let slot = slots.get(db);
  if (!slot) {
    slot = {
      db,
      memory: null,
      loading: null,
      refreshing: false,
      campaignsAt: 0,
      ratingsAt: 0,
      rereading: Promise.resolve(),
    };
    slots.set(db, slot);
    live.add(new WeakRef(slot));
  }
  return slot;
}

/** Reads the whole copy; `again`: even while another read runs (it may predate a change). */
function load(db: Db, slot: Slot, again = false): Promise<CardMemory> {
  if (again && slot.loading) return slot.loading.then(() => load(db, slot));
  slot.loading ??= loadCardMemory(db).then(
    (memory) => {
      if (slots.get(db) === slot) {
        slot.memory = memory;
        slot.campaignsAt = slot.ratingsAt = Date.now();
      }
      slot.loading = null;
      return memory;
    },
    (error) => {
      slot.loading = null;
      throw error;
    },
  );
  return slot.loading;
}

/** Campaigns, ratings and the index version read again when due, one refresh at a time. */
async function refresh(db: Db, slot: Slot, held: CardMemory): Promise<void> {
  const started = Date.now();
  if (started - slot.campaignsAt >= CAMPAIGN_CHECK_MS) {
    const [version, campaigns] = await Promise.all([
      rebuiltAt(db),
      seriesCampaignsFrom(db, new Date(started)),
    ]);
    if (version !== held.version) {
      await load(db, slot);
      return;
    }
    held.campaigns = bySeries(campaigns);
    slot.campaignsAt = started;
  }
  if (started - slot.ratingsAt >= RATING_CHECK_MS) {
    for (const r of await seriesRatings(db)) {
      const s = held.facts.get(r.seriesId);
      if (s) {
        s.ratingAverage = r.ratingAverage;
        s.ratingCount = r.ratingCount;
      }
    }
    slot.ratingsAt = started;
  }
}

/** The copy held for this database, or null while it is first read (the call starts that). */
export function heldCardMemory(db: Db): CardMemory | null {
  const slot = slotOf(db);
  const held = slot.memory;
  if (!held) {
    load(db, slot).catch(() => {});
    return null;
  }
  const now = Date.now();
  if (
    !slot.refreshing &&
    (now - slot.campaignsAt >= CAMPAIGN_CHECK_MS || now - slot.ratingsAt >= RATING_CHECK_MS)
  ) {
    slot.refreshing = true;
    refresh(db, slot, held)
      .catch(() => {})
      .finally(() => {
        slot.refreshing = false;
      });
  }
  return held;
}

/** The copy for this database, read first if need be. */
export async function cardMemory(db: Db): Promise<CardMemory> {
  return heldCardMemory(db) ?? load(db, slotOf(db));
}

/**
 * Cards of a copy at `now`: the cards seriesItems would answer from the same facts. Their
 * covers' addresses are looked up as they are shown (kept until the catalog changes), since an
 * upload changes no fact the copy holds.
 */
export async function cardsFromMemory(
  db: Db,
  memory: CardMemory,
  ids: readonly number[],
  now: Date,
): Promise<SeriesItem[]> {
  const art = await seriesCardArt(
    db,
    ids.flatMap((id) => memory.facts.get(id) ?? []),
  );
  return seriesCardsOf(
    ids,
    memory.facts,
    (id) => runningAt(memory.campaigns.get(id) ?? [], now),
    now,
    art,
  );
}

/**
 * A search page's cards: from the copy once it is held, from the database until then (at start,
 * while the copy is read).
 */
export async function searchCards(
  db: Db,
  ids: readonly number[],
  now: Date,
): Promise<SeriesItem[]> {
  const held = heldCardMemory(db);
  return held ? cardsFromMemory(db, held, ids, now) : seriesItems(db, ids, { now });
}
