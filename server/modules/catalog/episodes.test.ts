import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createTestDatabase } from "../../db/test-database";
import { books, genres, publishers, series, seriesGenres } from "./schema";
import { bookAccess } from "./service";
import { shelfSeriesFacts } from "./shelf-facts";

let database: Database;
const start = new Date("2026-01-01T00:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db
    .insert(publishers)
    .values({ publisherId: 1, name: "出版社", nameKana: "シュッパンシャ" });
  await db.insert(genres).values([
    { genreId: 2, name: "少女・女性", sortOrder: 2 },
    { genreId: 20, name: "タテヨミ", sortOrder: 20 },
  ]);
  const base = { publisherId: 1, startDate: start, volumeCount: 3 };
  await db.insert(series).values([
    { ...base, seriesId: 1, name: "タテヨミの作品", nameKana: "タテヨミ" },
    { ...base, seriesId: 2, name: "巻の作品", nameKana: "マキ" },
  ]);
  await db.insert(seriesGenres).values([
    { seriesId: 1, genreId: 20 },
    { seriesId: 2, genreId: 2 },
  ]);
  const volume = { volume: 1, price: 600, priceInc: 660, itemStartDate: start, pageCount: 20 };
  await db.insert(books).values([
    { ...volume, bookId: 11, seriesId: 1, itemId: 1011, title: "タテヨミの作品 第1話" },
    { ...volume, bookId: 21, seriesId: 2, itemId: 1021, title: "巻の作品 1" },
  ]);
});
afterAll(async () => database?.close());

describe("a タテヨミ series reads as episodes, the others as volumes", () => {
  it("one volume at a time, read with its row (the reader and its page images)", async () => {
    expect((await bookAccess(database.db, 11))?.episodic).toBe(true);
    expect((await bookAccess(database.db, 21))?.episodic).toBe(false);
  });

  it("per row of a list, while another series of the list is タテヨミ", async () => {
    // The SQL form once compared the subquery's column with itself: every series read as episodes.
    const facts = await shelfSeriesFacts(database.db, [1, 2]);
    expect(facts.get(1)?.episodes).toBe(true);
    expect(facts.get(2)?.episodes).toBe(false);
  });
});
