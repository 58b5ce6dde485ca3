import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchInputSchema } from "../../../contract/search";
import type { Database } from "../../db/client";
import { createTestDatabase } from "../../db/test-database";
import { homeLayoutItems, homeLayouts } from "../home/schema";
import { rebuildSearchIndex, refreshSearchPopularity } from "./indexer";
import { heldSearchMemory, searchMemory } from "./memory-index";
import { searchSeriesIds, suggest } from "./service";
import { insertFixtureCatalog, insertPurchase, NOW } from "./test-fixture";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertFixtureCatalog(database.db);
  await database.db.insert(homeLayouts).values({
    layoutId: 78,
    genre: 1,
    position: 1,
    layoutType: 1,
    title: "今週のおすすめ",
    displayNumber: 4,
  });
  await database.db.insert(homeLayoutItems).values([
    { layoutId: 78, position: 1, seriesId: 120 },
    { layoutId: 78, position: 2, seriesId: 1 },
    { layoutId: 78, position: 3, seriesId: 3 },
    { layoutId: 78, position: 4, seriesId: 101 },
  ]);
  await insertPurchase(database.db, { userId: 1, seriesId: 1, volumes: [1], at: NOW });
  await rebuildSearchIndex(database.db, { now: NOW, force: true });
});
afterAll(async () => {
  await database?.close();
});

/** Pieces of the fixture's titles, readings, authors and tags, in the forms readers type. */
const WORDS = [
  "魔王",
  "花",
  "猫",
  "ねこ",
  "ネコ",
  "ﾈｺ",
  "日和",
  "まおう",
  "マオウ",
  "ﾏｵｳ",
  "one",
  "ＯＮＥ",
  "day",
  "ﾊﾟﾗﾀﾞｲｽ",
  "ぱらだいす",
  "田中",
  "たなか",
  "山田 太郎",
  "abc",
  "溺愛",
  "異世界",
  "ラブ",
  "桜風社",
  "さくら",
  "週刊",
  "の",
  "1",
  "12",
  "未来",
  "zz",
  "%",
  "_",
];

const allKeys = fc.record({
  wd: fc.oneof(
    fc.constantFrom(...WORDS),
    fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(" ")),
  ),
  gn: fc.constantFrom(2, 5),
  cg: fc.constantFrom(1, 2),
  tg: fc.constantFrom(1, 2, 3),
  at: fc.integer({ min: 1, max: 4 }),
  gr: fc.constantFrom(1, 2),
  pb: fc.constantFrom(1, 2),
  lb: fc.constant(1),
  mz: fc.constant(1),
  rt: fc.constantFrom(3, 4, 4.5),
  ft: fc.constantFrom(0, 1, 2),
  ps: fc.constantFrom(0, 1, 500),
  pe: fc.constantFrom(0, 500, 1000, 5000),
  tp: fc.constant(78),
  pn: fc.integer({ min: 1, max: 3 }),
  sort: fc.constantFrom(0, 1, 2, 3, 4, 5),
});

/** A word and a filter or two, as searches mostly are, so that most of them find something. */
const searchKeys = fc
  .tuple(
    allKeys,
    fc.subarray(
      ["wd", "gn", "cg", "tg", "at", "gr", "pb", "lb", "mz", "rt", "ft", "ps", "pe", "tp"],
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
    fc.subarray(["pn", "sort"]),
  )
  .map(([keys, picked, paging]) =>
    Object.fromEntries([...picked, ...paging].map((k) => [k, keys[k as keyof typeof keys]])),
  );

describe("the copy of the search tables held in memory", () => {
  it("answers every search as the database does", async () => {
    await searchMemory(database.db);
    let found = 0;
    await fc.assert(
      fc.asyncProperty(searchKeys, fc.integer({ min: 1, max: 30 }), async (keys, limit) => {
        const parsed = searchInputSchema.safeParse(keys);
        fc.pre(parsed.success);
        const input = parsed.data!;
        const fromDatabase = await searchSeriesIds(database.db, input, {
          now: NOW,
          limit,
          from: "database",
        });
        const fromMemory = await searchSeriesIds(database.db, input, {
          now: NOW,
          limit,
          from: "memory",
        });
        expect(fromMemory).toEqual(fromDatabase);
        if (fromDatabase.ids.length > 0) found++;
      }),
      { numRuns: 300 },
    );
    // The comparison means something only if many searches find series to order.
    expect(found).toBeGreaterThan(100);
  });

  it("finds a series by the first and the last pieces of each word of its text, as the database does", async () => {
    // The memory reads only rows on the lists of a word's pairs (decision 0045): a pair left off
    // a row's list, at either end of its text, would lose that series.
    const memory = await searchMemory(database.db);
    const pieces = new Set<string>();
    for (let row = 0; row < memory.series.count; row++) {
      const text = memory.series.text.slice(
        memory.series.textStart[row]!,
        memory.series.textStart[row + 1]! - 1,
      );
      for (const word of text.split(" ")) {
        for (const size of [2, 3]) {
          if (word.length < size) continue;
          pieces.add(word.slice(0, size));
          pieces.add(word.slice(-size));
        }
      }
    }
    expect(pieces.size).toBeGreaterThan(50);
    let found = 0;
    for (const wd of pieces) {
      const input = searchInputSchema.parse({ wd });
      const fromMemory = await searchSeriesIds(database.db, input, { now: NOW, from: "memory" });
      expect(fromMemory, wd).toEqual(
        await searchSeriesIds(database.db, input, { now: NOW, from: "database" }),
      );
      if (fromMemory.hit > 0) found++;
    }
    // Only series not out yet (未来) are left out of every search.
    expect(found).toBeGreaterThan(pieces.size * 0.8);
  });

  it("offers the same suggestions as the database for every prefix of the fixture's words", async () => {
    const typed = new Set<string>();
    for (const word of [...WORDS, "魔王の花嫁", "ねこ日和 12", "たなかはなこ", "ABCスタジオ"]) {
      const chars = [...word];
      for (let i = 1; i <= chars.length; i++)
        for (let j = 0; j < i; j++) typed.add(chars.slice(j, i).join(""));
    }
    for (const q of typed) {
      expect(await suggest(database.db, q, { from: "memory" }), q).toEqual(
        await suggest(database.db, q, { from: "database" }),
      );
    }
  });

  it("reads the tables again after the index is rebuilt or its popularity moves", async () => {
    const before = await searchMemory(database.db);
    await insertPurchase(database.db, { userId: 2, seriesId: 2, volumes: [1], at: NOW });
    await refreshSearchPopularity(database.db, NOW);
    // Until the new copy is read, searches go to the database rather than to the old copy.
    expect(heldSearchMemory(database.db)).toBeNull();
    const after = await searchMemory(database.db);
    expect(after).not.toBe(before);
    const popular = searchInputSchema.parse({ wd: "魔王", sort: 2 });
    expect(await searchSeriesIds(database.db, popular, { now: NOW, from: "memory" })).toEqual(
      await searchSeriesIds(database.db, popular, { now: NOW, from: "database" }),
    );
  });
});
