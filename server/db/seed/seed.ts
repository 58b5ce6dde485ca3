import { sql } from "drizzle-orm";
import { Rng } from "../../lib/seeded-random";
import { rebuildSearchIndex } from "../../modules/search/indexer";
import type { Db } from "../client";
import { seedMemberActivity } from "./activity";
import { seedCatalog } from "./catalog";
import { seedDramaCds } from "./dramacd";
import { seedMarketing } from "./marketing";
import { seedDemoMembers } from "./members";
import { seedReviews } from "./reviews";
import { seedStaff } from "./staff";
import { seedTraffic } from "./traffic";
import type { CatalogSummary, DemoMembers, SeedContext, SeedOptions } from "./types";

/** The demo's fixed seed and clock, so every machine builds the same store. */
export const DEFAULT_SEED = 20261121;
export const DEFAULT_NOW = new Date("2026-11-21T00:00:00+09:00");
export const DEFAULT_SERIES = 2000;

export function defaultSeedOptions(series = DEFAULT_SERIES): SeedOptions {
  return { series, seed: DEFAULT_SEED, now: new Date(DEFAULT_NOW) };
}

export interface SeedResult {
  catalog: CatalogSummary;
  members: DemoMembers;
}

/**
 * Fills an empty, migrated database with the whole demo store. It runs in one transaction, so a
 * failed seed leaves the database empty rather than half filled.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  const result = await db.transaction(async (tx) => {
    const ctx: SeedContext = { db: tx, rng: new Rng(options.seed), options };
    const catalog = await seedCatalog(ctx);
    Object.assign(catalog, await seedDramaCds(ctx, catalog));
    await seedMarketing(ctx, catalog);
    const members = await seedDemoMembers(ctx);
    await seedMemberActivity(ctx, catalog, members);
    await seedReviews(ctx);
    await seedStaff(ctx, members);
    await seedTraffic(ctx, catalog);
    await rebuildSearchIndex(ctx.db, { now: options.now, force: true });
    // The media route draws only the decorative images content links to (migration 0001).
    await ctx.db.execute(sql`select record_linked_media_art()`);
    return { catalog, members };
  });
  // Fresh statistics, or the planner guesses on empty tables (PGlite runs no autovacuum):
  // measured 3–10x slower queries without it.
  await db.execute(sql`analyze`);
  return result;
}

export async function isSeeded(db: Db): Promise<boolean> {
  const result = await db.execute(sql`select exists(select 1 from series) as seeded`);
  return Boolean((result.rows[0] as { seeded?: boolean } | undefined)?.seeded);
}
