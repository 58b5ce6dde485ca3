import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SearchInput, searchInputSchema } from "../../../contract/search";
import type { Database } from "../../db/client";
import { createTestDatabase } from "../../db/test-database";
import { homeLayoutItems, homeLayouts } from "../home/schema";
import { rebuildSearchIndex, refreshSearchPopularity } from "./indexer";
import { searchMemory } from "./memory-index";
import { SEARCH_PAGE_SIZE, searchSeries, searchSeriesIds, suggest } from "./service";
import { insertFixtureCatalog, insertPurchase, NOW } from "./test-fixture";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertFixtureCatalog(database.db);
  await database.db.insert(homeLayouts).values({
    layoutId: 77,
    genre: 1,
    position: 1,
    layoutType: 1,
    title: "今週のおすすめ",
    displayNumber: 4,
  });
  await database.db.insert(homeLayoutItems).values([
    { layoutId: 77, position: 1, seriesId: 3 },
    { layoutId: 77, position: 2, seriesId: 1 },
    { layoutId: 77, position: 3, seriesId: 3 },
    { layoutId: 77, position: 4, seriesId: 4 },
  ]);
  await rebuildSearchIndex(database.db, { now: NOW, force: true });
  // Searches answer from the copy in memory (the database only while it loads).
  await searchMemory(database.db);
});
afterAll(async () => {
  await database?.close();
});

const input = (keys: Record<string, unknown>): SearchInput => searchInputSchema.parse(keys);
const ids = async (keys: Record<string, unknown>) =>
  (await searchSeriesIds(database.db, input(keys), { now: NOW })).ids;

describe("word search", () => {
  it("finds every released 魔王 title with a two-character query", async () => {
    // Equally popular, so the newer release comes first.
    expect(await ids({ wd: "魔王" })).toEqual([2, 1]);
  });

  it("finds one-character queries through the same short pieces", async () => {
    // 花 is in 魔王の花嫁 and in the name of its author 田中 花子, who also wrote series 4.
    expect(await ids({ wd: "花", sort: 1 })).toEqual([4, 1]);
    expect((await searchSeriesIds(database.db, input({ wd: "猫" }), { now: NOW })).hit).toBe(35);
  });

  it("leaves out series with nothing released yet", async () => {
    expect(await ids({ wd: "未来" })).toEqual([]);
  });

  it.each([
    ["まおう", [2, 1]],
    ["マオウ", [2, 1]],
    ["ﾏｵｳ", [2, 1]],
    ["はなよめ", [1]],
    ["ハナヨメ", [1]],
    ["one day", [3]],
    ["ＯＮＥ", [3]],
    ["Hero", []],
    ["ひーろー", [3]],
    ["カタカナ", [4]],
    ["ぱらだいす", [4]],
    ["ﾊﾟﾗﾀﾞｲｽ", [4]],
  ])("title or reading %s finds %j whatever the script, width or case", async (wd, expected) => {
    expect(await ids({ wd })).toEqual(expected);
  });

  it("finds authors by name and by kana reading, with or without the space", async () => {
    expect(await ids({ wd: "田中" })).toEqual([1, 4]);
    expect(await ids({ wd: "田中花子" })).toEqual([1, 4]);
    expect(await ids({ wd: "たなか" })).toEqual([1, 4]);
    expect(await ids({ wd: "タナカ　ハナコ" })).toEqual([1, 4]);
    expect(await ids({ wd: "abcスタジオ" })).toEqual([3]);
    expect(await ids({ wd: "えーびーしー" })).toEqual([3]);
  });

  it("finds magazines, tags, labels and publishers", async () => {
    expect(await ids({ wd: "少年スター" })).toEqual([2]);
    expect(await ids({ wd: "溺愛" })).toEqual([1]);
    expect(await ids({ wd: "さくらコミックス" })).toEqual([1]);
    expect(await ids({ wd: "せいかいしゅっぱん" })).toEqual([2]);
  });

  it("needs every word of the query", async () => {
    expect(await ids({ wd: "魔王 はなよめ" })).toEqual([1]);
    expect(await ids({ wd: "魔王 ねこ" })).toEqual([]);
  });

  it("treats LIKE wildcards in a word as plain characters", async () => {
    expect(await ids({ wd: "%" })).toEqual([]);
    expect(await ids({ wd: "魔_" })).toEqual([]);
  });
});

describe("filters and paging", () => {
  it("filters by genre (any of several; 1 means all), category, tag and generation", async () => {
    expect(await ids({ wd: "魔王", gn: 2 })).toEqual([1]);
    expect(await ids({ wd: "魔王", gn: [2, 5] })).toEqual([2, 1]);
    expect(await ids({ wd: "魔王", gn: 1 })).toEqual([2, 1]);
    expect(await ids({ cg: 2 })).toEqual([3]);
    expect(await ids({ tg: "2", sort: 1 })).toEqual([4, 3]);
    expect(await ids({ gr: 1 })).toEqual([2]);
  });

  it("filters by author, publisher, label and magazine", async () => {
    expect(await ids({ at: 1, sort: 1 })).toEqual([4, 1]);
    expect(await ids({ pb: 2 })).toEqual([2]);
    expect(await ids({ lb: 1 })).toEqual([1]);
    expect(await ids({ mz: 1 })).toEqual([2]);
  });

  it("filters by rating, finish and price", async () => {
    expect(await ids({ rt: 4, sort: 3 })).toEqual([1, 3]);
    expect(await ids({ rt: 4.5 })).toEqual([1]);
    expect(await ids({ wd: "魔王", ft: 1 })).toEqual([1]);
    expect(await ids({ wd: "魔王", ft: 2 })).toEqual([2]);
    // free 0–0 finds series with a free volume; 1–500 any volume in that band
    expect(await ids({ ps: 0, pe: 0 })).toEqual([1]);
    expect(await ids({ ps: 400, pe: 500 })).toEqual([3]);
    expect(await ids({ ps: 1, pe: 500 })).not.toContain(2);
    expect(await ids({ ps: 1000, sort: 5 })).toEqual([4]);
  });

  it("lists a section's series in the section's order for tp", async () => {
    expect(await ids({ tp: 77 })).toEqual([3, 1, 4]);
    expect(await ids({ tp: 77, gn: 2 })).toEqual([1, 4]);
    expect(await ids({ tp: 999 })).toEqual([]);
  });

  it("pages 30 at a time with the pattern of spec 001 §3", async () => {
    const first = await searchSeries(database.db, input({ wd: "ねこ" }), { now: NOW });
    expect(first.pattern).toEqual({
      page: 1,
      total_page: 2,
      limit: SEARCH_PAGE_SIZE,
      offset: 0,
      hit: 35,
    });
    expect(first.data).toHaveLength(30);
    const second = await searchSeries(database.db, input({ wd: "ねこ", pn: 2 }), { now: NOW });
    expect(second.pattern).toMatchObject({ page: 2, offset: 30, hit: 35 });
    expect(second.data).toHaveLength(5);
    const seen = new Set([...first.data, ...second.data].map((s) => s.series_id));
    expect(seen.size).toBe(35);
    const past = await searchSeries(database.db, input({ wd: "ねこ", pn: 9 }), { now: NOW });
    expect(past.data).toEqual([]);
    expect(past.pattern).toMatchObject({ page: 9, total_page: 2, hit: 35 });
  });

  it("answers series cards and the search condition", async () => {
    const answer = await searchSeries(
      database.db,
      input({ wd: " 魔王 ", gn: "2,5", ps: "", rt: "4", ft: "1" }),
      { now: NOW },
    );
    expect(answer.data.map((s) => s.series_name)).toEqual(["魔王の花嫁"]);
    expect(answer.data[0]).toMatchObject({ series_id: 1, url: "/series/1", author: "田中 花子" });
    expect(answer.condition).toMatchObject({
      word: "魔王",
      genre: [2, 5],
      category: [],
      tag: [],
      rating: 4,
      final: 1,
      pricestart: null,
      priceend: null,
      type: null,
      page: 1,
    });
  });

  it("searches nothing without a word or a filter", async () => {
    const answer = await searchSeries(database.db, input({ wd: "  " }), { now: NOW });
    expect(answer.data).toEqual([]);
    expect(answer.pattern).toMatchObject({ hit: 0, total_page: 0 });
  });

  it("lists every released series, newest first, when the whole catalog is asked for", async () => {
    const all = await searchSeriesIds(database.db, input({ sort: 1 }), { now: NOW });
    const answer = await searchSeries(database.db, input({ sort: 1 }), {
      now: NOW,
      wholeCatalog: true,
    });
    expect(answer.data.map((s) => s.series_id)).toEqual(all.ids);
    expect(answer.pattern.hit).toBe(all.hit);
    expect(answer.pattern.hit).toBeGreaterThan(2);
  });
});

describe("sort orders", () => {
  it("orders by newest release, rating and price", async () => {
    expect((await ids({ gn: 5, sort: 1 })).slice(0, 2)).toEqual([2, 3]);
    expect(await ids({ rt: 3, sort: 3 })).toEqual([1, 3, 2]);
    expect(await ids({ wd: "魔王", sort: 4 })).toEqual([1, 2]);
    expect(await ids({ wd: "魔王", sort: 5 })).toEqual([2, 1]);
  });

  it("orders 人気 by volumes bought in the last 30 days, refreshed from purchases", async () => {
    await insertPurchase(database.db, { userId: 1, seriesId: 4, volumes: [1], at: NOW });
    await insertPurchase(database.db, { userId: 2, seriesId: 4, volumes: [1], at: NOW });
    await insertPurchase(database.db, { userId: 1, seriesId: 3, volumes: [1], at: NOW });
    // Old and cancelled purchases do not count.
    for (const userId of [3, 4, 5]) {
      await insertPurchase(database.db, {
        userId,
        seriesId: 2,
        volumes: [1],
        at: new Date(NOW.getTime() - 40 * 86_400_000),
      });
      await insertPurchase(database.db, {
        userId,
        seriesId: 1,
        volumes: [2],
        at: NOW,
        status: "cancelled",
      });
    }
    await refreshSearchPopularity(database.db, NOW);
    expect((await ids({ gn: [2, 5], sort: 2 })).slice(0, 2)).toEqual([4, 3]);
  });
});

describe("suggestions", () => {
  it("offers titles, authors and tags, prefix matches before contained ones", async () => {
    const found = await suggest(database.db, "まお");
    expect(found.map((s) => s.name)).toEqual(["魔王の花嫁", "隣の席の魔王"]);
    expect(found[0]).toEqual({
      type: "series",
      id: 1,
      name: "魔王の花嫁",
      url: "/series/1?_tr=suggest",
      series_id: 1,
    });
  });

  it("matches authors by kana and tags by name, linking to their searches", async () => {
    expect(await suggest(database.db, "ﾀﾅｶ")).toContainEqual({
      type: "author",
      id: 1,
      name: "田中 花子",
      url: "/search?at=1",
    });
    expect(await suggest(database.db, "異世")).toEqual([
      { type: "tag", id: 2, name: "異世界", url: "/search?tg=2" },
    ]);
  });

  it("offers nothing for an empty word or an unreleased title", async () => {
    expect(await suggest(database.db, " ")).toEqual([]);
    expect(await suggest(database.db, "みらい")).toEqual([]);
  });
});
