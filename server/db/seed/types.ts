import type { Rng } from "../../lib/seeded-random";
import type { Db } from "../client";

export interface SeedOptions {
  /** Number of comic series; volumes and drama CDs scale with it. */
  series: number;
  /** Same seed, same data. */
  seed: number;
  /** The seed's notion of "now", so dates are reproducible too. */
  now: Date;
}

export interface SeedContext {
  db: Db;
  rng: Rng;
  options: SeedOptions;
}

/** What the catalog part of the seed made, handed to the parts that refer to it. */
export interface CatalogSummary {
  genreIds: number[];
  categoryIds: number[];
  tagIds: number[];
  generationIds: number[];
  authorIds: number[];
  publisherIds: number[];
  labelIds: number[];
  magazineIds: number[];
  series: Array<{
    seriesId: number;
    /** The title, frozen into the demo orders' item names. */
    name?: string;
    genreIds: number[];
    /** Credited authors, in credit order. */
    authorIds: number[];
    /** Volumes on sale, in order, with their item ids (same order). */
    bookIds: number[];
    itemIds: number[];
    /** Price of each volume in yen including tax (0 = free). */
    pricesInc: number[];
  }>;
  dramaCds: Array<{
    cdId: number;
    name?: string;
    itemIds: number[];
    castIds: number[];
    labelId: number;
  }>;
  castIds: number[];
  cdLabelIds: number[];
}

/** Demo accounts the README names; created by the account part of the seed. */
export interface DemoMembers {
  member: { userId: number; email: string };
  staff: { userId: number; email: string };
}
