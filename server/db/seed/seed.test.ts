import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../client";
import { createTestDatabase } from "../test-database";
import { DEFAULT_NOW, defaultSeedOptions, isSeeded, seedDatabase } from "./seed";

describe("seedDatabase", () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  it("uses a fixed seed and date so the demo is reproducible", () => {
    const options = defaultSeedOptions();
    expect(options).toEqual({ series: 2000, seed: 20261121, now: DEFAULT_NOW });
    expect(DEFAULT_NOW.toISOString()).toBe("2026-11-20T15:00:00.000Z");
    expect(defaultSeedOptions(50).series).toBe(50);
  });

  it("fills an empty database with every part of the store", async () => {
    expect(await isSeeded(database.db)).toBe(false);
    const result = await seedDatabase(database.db, defaultSeedOptions(60));
    expect(await isSeeded(database.db)).toBe(true);
    expect(result.catalog.series).toHaveLength(60);
    expect(result.catalog.dramaCds).toHaveLength(100);
    expect(result.catalog.castIds.length).toBeGreaterThan(0);
    expect(result.members.member.userId).toBeGreaterThan(0);
    const counts = await database.db.execute(
      sql`select (select count(*)::int from drama_cds) as cds, (select count(*)::int from users) as users`,
    );
    expect(counts.rows[0]).toMatchObject({ cds: 100 });
    expect((counts.rows[0] as { users: number }).users).toBeGreaterThanOrEqual(2);
  });
});
