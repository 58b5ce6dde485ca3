import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createTestDatabase } from "../../db/test-database";
import { seriesFavorites, userItems } from "./schema";
import { bookshelfCount, favoriteSeriesIds, ownedItemIds, ownsItem } from "./service";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(userItems).values([
    { userId: 1, itemId: 10, itemType: 0, seriesId: 100, bookId: 1000, source: "purchase" },
    { userId: 1, itemId: 11, itemType: 0, seriesId: 100, bookId: 1001, source: "free" },
    { userId: 1, itemId: 50, itemType: 101, cdId: 7, source: "present", hidden: true },
    { userId: 2, itemId: 12, itemType: 0, seriesId: 100, bookId: 1002, source: "purchase" },
  ]);
  await database.db.insert(seriesFavorites).values([
    { userId: 1, seriesId: 100 },
    { userId: 1, seriesId: 300 },
    { userId: 2, seriesId: 200 },
  ]);
});

afterAll(async () => {
  await database?.close();
});

describe("library reads", () => {
  it("answers the owned ids among those asked, in the order asked, once each", async () => {
    const { db } = database;
    expect(await ownedItemIds(db, 1, [50, 12, 11, 99, 11, 10])).toEqual([50, 11, 10]);
    expect(await ownedItemIds(db, 2, [10, 11, 12])).toEqual([12]);
    expect(await ownedItemIds(db, 1, [])).toEqual([]);
    expect(await ownedItemIds(db, 3, [10])).toEqual([]);
  });

  it("tells whether one item is owned", async () => {
    const { db } = database;
    expect(await ownsItem(db, 1, 10)).toBe(true);
    expect(await ownsItem(db, 1, 12)).toBe(false);
    expect(await ownsItem(db, 2, 12)).toBe(true);
  });

  it("answers the favourite series among those asked", async () => {
    const { db } = database;
    expect(await favoriteSeriesIds(db, 1, [200, 300, 100])).toEqual([300, 100]);
    expect(await favoriteSeriesIds(db, 2, [100, 200])).toEqual([200]);
    expect(await favoriteSeriesIds(db, 1, [])).toEqual([]);
  });

  it("counts the bookshelf, hidden items included", async () => {
    const { db } = database;
    expect(await bookshelfCount(db, 1)).toBe(3);
    expect(await bookshelfCount(db, 2)).toBe(1);
    expect(await bookshelfCount(db, 3)).toBe(0);
  });
});
