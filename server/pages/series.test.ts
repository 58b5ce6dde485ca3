import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "../db/client";
import { defaultSeedOptions, seedDatabase } from "../db/seed/seed";
import { createTestDatabase } from "../db/test-database";
import { registerMember } from "../modules/account/service";
import { seriesPage } from "./series";
import { personalSeriesMain, seriesUserData } from "./series-answers";

let database: Database;
let memberId: number;
const SERIES = 1;

/** The same database seen through a connection that writes down every statement it runs. */
function countingDb(): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => statements.push(query) };
  // Both drivers keep their client on the database; `Db` is their common base, which does not name it.
  const client = "$client" in database.db ? database.db.$client : undefined;
  const db =
    database.driver === "pglite"
      ? drizzlePglite({ client: client as PGlite, logger })
      : drizzlePg({ client: client as pg.Pool, logger });
  return { db, statements };
}

/** The series facts query: the series row joined with its publisher. */
const factsQueries = (statements: string[]) =>
  statements.filter((s) => /from "series" inner join "publishers"/.test(s)).length;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, defaultSeedOptions(10));
  ({ userId: memberId } = await registerMember(database.db, {
    email: "reader@example.jp",
    password: "password-123",
  }));
});
afterAll(async () => {
  await database?.close();
});

describe("the series page assembler", () => {
  it("reads the series facts once for the main data and the member's own data together", async () => {
    const now = new Date();
    const viewer = { userId: memberId };
    const counted = countingDb();
    const page = await seriesPage(counted.db, SERIES, viewer, { withUserData: true }, now);
    expect(factsQueries(counted.statements)).toBe(1);

    // The two answers it replaces each read the facts again.
    const apart = countingDb();
    const main = await personalSeriesMain(apart.db, SERIES, viewer, now);
    const user = await seriesUserData(apart.db, SERIES, memberId, now);
    expect(factsQueries(apart.statements)).toBe(2);
    expect(page).toEqual({ main, user });
  });

  it("answers the main data alone for the main call, and null for no such series", async () => {
    const page = await seriesPage(database.db, SERIES, { userId: null }, { withUserData: false });
    expect(page?.main.series.series_id).toBe(SERIES);
    expect(page?.user).toBeNull();
    expect(await seriesPage(database.db, 999_999, { userId: null }, { withUserData: true })).toBe(
      null,
    );
  });

  it("gives a visitor the default user data", async () => {
    const page = await seriesPage(database.db, SERIES, { userId: null }, { withUserData: true });
    expect(page?.user).toMatchObject({ favorite: false, cart_items: [], own_items: [] });
  });
});

describe("a member's visit to a series page", () => {
  /** Statements that write series_views (the upsert: an insert the first time, an update after). */
  const viewWrites = (statements: string[]) =>
    statements.filter((s) => /^insert into "series_views"/.test(s));
  const viewsOf = async (userId: number) =>
    (
      await database.db.execute(
        sql`select viewed_at from series_views where user_id = ${userId} and series_id = ${SERIES}`,
      )
    ).rows as Array<{ viewed_at: unknown }>;

  it("is recorded once per view: a row the first time, one update of it afterwards", async () => {
    const { userId } = await registerMember(database.db, {
      email: "visitor-once@example.jp",
      password: "password-123",
    });
    // The page loader (app/features/series/series.server.ts) answers with this call alone.
    const first = countingDb();
    const t1 = new Date("2026-01-01T00:00:00Z");
    await seriesPage(first.db, SERIES, { userId }, { withUserData: true }, t1);
    expect(viewWrites(first.statements)).toHaveLength(1);
    expect(await viewsOf(userId)).toHaveLength(1);

    const second = countingDb();
    await seriesPage(
      second.db,
      SERIES,
      { userId },
      { withUserData: true },
      new Date(t1.getTime() + 60_000),
    );
    expect(viewWrites(second.statements)).toHaveLength(1);
    const rows = await viewsOf(userId);
    expect(rows).toHaveLength(1);
    expect(new Date(String(rows[0]?.viewed_at)).getTime()).toBe(t1.getTime() + 60_000);
  });
});
