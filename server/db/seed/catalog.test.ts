import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Rng } from "../../lib/seeded-random";
import type { Database } from "../client";
import { createTestDatabase } from "../test-database";
import { seedCatalog, VOLUME_BLOCK_MIN_TOTAL } from "./catalog";
import { seedDramaCds } from "./dramacd";
import { defaultSeedOptions } from "./seed";
import type { CatalogSummary, SeedOptions } from "./types";

const SERIES = 200;

async function seedInto(database: Database, options: SeedOptions) {
  const ctx = { db: database.db, rng: new Rng(options.seed), options };
  const catalog = await seedCatalog(ctx);
  Object.assign(catalog, await seedDramaCds(ctx, catalog));
  return catalog;
}

async function rows<T>(database: Database, query: string): Promise<T[]> {
  return (await database.db.execute(sql.raw(query))).rows as T[];
}

/**
 * An order-independent digest of a table's rows, computed by the database. created_at defaults
 * to the wall clock, so it is left out.
 */
async function fingerprint(database: Database, table: string): Promise<string> {
  const [row] = await rows<{ digest: string; n: number }>(
    database,
    `select md5(coalesce(string_agg(r, '|' order by r), '')) as digest, count(*)::int as n
       from (select (to_jsonb(t) - 'created_at')::text as r from "${table}" t) s`,
  );
  return `${row!.n}:${row!.digest}`;
}

const FINGERPRINTED = [
  "genres",
  "categories",
  "tags",
  "generations",
  "authors",
  "publisher_groups",
  "publishers",
  "labels",
  "magazines",
  "series",
  "series_authors",
  "series_genres",
  "series_categories",
  "series_tags",
  "series_generations",
  "books",
  "items",
  "cd_brands",
  "cd_labels",
  "casts",
  "drama_cds",
  "drama_cd_casts",
  "drama_cd_categories",
  "tracks",
  "drama_cd_bonus",
];

describe("catalog seed", () => {
  let first: Database;
  let second: Database;
  let catalog: CatalogSummary;
  const options = defaultSeedOptions(SERIES);

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    catalog = await seedInto(first, options);
    await seedInto(second, defaultSeedOptions(SERIES));
  });

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it("writes identical rows for the same series count, seed and date", async () => {
    for (const table of FINGERPRINTED) {
      const a = await fingerprint(first, table);
      expect(a, table).not.toMatch(/^0:/);
      expect(await fingerprint(second, table), table).toBe(a);
    }
  });

  it("has every genre the spec names", async () => {
    const genres = await rows<{ genre_id: number; name: string }>(
      first,
      "select genre_id, name from genres order by genre_id",
    );
    expect(genres).toEqual([
      { genre_id: 1, name: "総合" },
      { genre_id: 2, name: "少女・女性" },
      { genre_id: 3, name: "TL" },
      { genre_id: 4, name: "BL" },
      { genre_id: 5, name: "少年・青年" },
      { genre_id: 6, name: "メンズ" },
      { genre_id: 20, name: "タテヨミ" },
      { genre_id: 21, name: "ボイスドラマ" },
    ]);
    const used = await rows<{ genre_id: number }>(
      first,
      "select distinct genre_id from series_genres order by genre_id",
    );
    expect(used.map((g) => g.genre_id)).toEqual([2, 3, 4, 5, 6, 20]);
  });

  it("scales volumes with series and keeps volume numbers contiguous", async () => {
    const [counts] = await rows<{ series: number; books: number }>(
      first,
      "select (select count(*)::int from series) as series, (select count(*)::int from books) as books",
    );
    expect(counts!.series).toBe(SERIES);
    expect(counts!.books).toBeGreaterThanOrEqual((SERIES / 20) * VOLUME_BLOCK_MIN_TOTAL);
    expect(counts!.books).toBeGreaterThanOrEqual(5 * SERIES);

    const gaps = await rows(
      first,
      `select series_id from books group by series_id
        having min(volume) <> 1 or max(volume) <> count(*) or count(*) > 40`,
    );
    expect(gaps).toEqual([]);
    const empty = await rows(
      first,
      "select series_id from series s where not exists (select 1 from books b where b.series_id = s.series_id)",
    );
    expect(empty).toEqual([]);
  });

  it("gives every book exactly one item with the same price and sale state", async () => {
    const orphans = await rows(
      first,
      `select b.book_id from books b left join items i on i.item_id = b.item_id
        where i.item_id is null or i.book_id <> b.book_id or i.item_type <> 0
           or i.price_inc <> b.price_inc or i.price <> b.price or i.onsale_flag <> b.onsale_flag`,
    );
    expect(orphans).toEqual([]);
    const [{ n }] = (await rows<{ n: number }>(
      first,
      `select count(*)::int as n from items i join books b using (book_id)
        where i.item_type = 0 and i.onsale_flag and b.item_start_date <= '${options.now.toISOString()}'`,
    )) as [{ n: number }];
    expect(n).toBe(catalog.series.reduce((sum, s) => sum + s.itemIds.length, 0));
    const sameNumber = await rows(first, "select book_id from books where book_id = item_id");
    expect(sameNumber).toEqual([]);
  });

  it("prices volumes as a Japanese store does", async () => {
    const bad = await rows(
      first,
      `select book_id from books
        where price <> price_inc - price_inc * 10 / 110
           or ((free_flag or member_free_flag) and price_inc <> 0)
           or (not free_flag and not member_free_flag and price_inc = 0)
           or (member_free_flag and volume < 2)
           or (not onsale_flag and (free_flag or item_start_date <= '${options.now.toISOString()}'))
           or (item_start_date > '${options.now.toISOString()}' and (free_flag or member_free_flag))
           or trial_page_count not between 8 and 30 or page_count not between 40 and 200`,
    );
    expect(bad).toEqual([]);
    const [flags] = await rows<{ free: number; member_free: number; future: number }>(
      first,
      `select count(*) filter (where free_flag)::int as free,
              count(*) filter (where member_free_flag)::int as member_free,
              count(*) filter (where not onsale_flag)::int as future from books`,
    );
    expect(flags!.free).toBeGreaterThan(0);
    expect(flags!.member_free).toBeGreaterThan(0);
    expect(flags!.future).toBeGreaterThan(0);
  });

  it("opens some announced volumes for reservation and leaves the others not for sale", async () => {
    const at = options.now.toISOString();
    const [announced] = await rows<{ reservable: number; not_for_sale: number; undue: number }>(
      first,
      `select count(*) filter (where b.onsale_flag)::int as reservable,
              count(*) filter (where not b.onsale_flag)::int as not_for_sale,
              count(*) filter (where b.onsale_flag and (s.summary_due_at is null
                or s.summary_due_at > b.item_start_date))::int as undue
         from books b join series s using (series_id) where b.item_start_date > '${at}'`,
    );
    expect(announced!.reservable).toBeGreaterThan(0);
    expect(announced!.not_for_sale).toBeGreaterThan(0);
    // Each series is due a new summary by its first reservable volume's 配信日, when it comes out.
    expect(announced!.undue).toBe(0);
  });

  it("has the specially treated publishers 8 and 193 and enough labels and tags", async () => {
    const publishers = await rows<{ publisher_id: number; name: string }>(
      first,
      "select publisher_id, name from publishers where publisher_id in (8, 193) order by publisher_id",
    );
    expect(publishers.map((p) => p.publisher_id)).toEqual([8, 193]);
    const [sizes] = await rows<{ publishers: number; labels: number; tags: number }>(
      first,
      `select (select count(*)::int from publishers) as publishers,
              (select count(*)::int from labels) as labels,
              (select count(*)::int from tags) as tags`,
    );
    expect(sizes!.publishers).toBeGreaterThanOrEqual(20);
    expect(sizes!.labels).toBeGreaterThanOrEqual(40);
    expect(sizes!.tags).toBeGreaterThanOrEqual(60);
    const misfiled = await rows(
      first,
      `select s.series_id from series s join labels l on l.label_id = s.label_id
        where l.publisher_id <> s.publisher_id
       union all
       select s.series_id from series s join magazines m on m.magazine_id = s.magazine_id
        where m.publisher_id <> s.publisher_id`,
    );
    expect(misfiled).toEqual([]);
  });

  it("gives titles readings and the words search will be tested with", async () => {
    const noKana = await rows(
      first,
      "select series_id from series where name_kana = '' or name_kana ~ '[ぁ-ゖ一-龯]'",
    );
    expect(noKana).toEqual([]);
    const [hits] = await rows<{ fantasy: number; love: number }>(
      first,
      `select count(*) filter (where name ~ '魔王|勇者|令嬢|転生|異世界')::int as fantasy,
              count(*) filter (where name like '%恋%')::int as love from series`,
    );
    expect(hits!.fantasy).toBeGreaterThan(10);
    expect(hits!.love).toBeGreaterThan(5);
  });

  it("sells each drama CD as one item with 3–12 tracks", async () => {
    expect(catalog.dramaCds.length).toBe(100);
    const bad = await rows(
      first,
      `select c.cd_id from drama_cds c
         left join items i on i.cd_id = c.cd_id and i.item_type = 101
         left join (select cd_id, count(*) n, min(track_no) lo, max(track_no) hi,
                           min(duration_sec) dmin, max(duration_sec) dmax from tracks group by cd_id) t
           on t.cd_id = c.cd_id
        where i.item_id is null or t.n not between 3 and 12 or t.lo <> 1 or t.hi <> t.n
           or t.dmin < 30 or t.dmax > 240
           or coalesce(i.before_price_inc, i.price_inc) not between 1650 and 3300`,
    );
    expect(bad).toEqual([]);
    const files = await rows<{ file_name: string; trial_file_name: string | null }>(
      first,
      "select file_name, trial_file_name from tracks where cd_id = 1 and track_no = 1",
    );
    expect(files).toEqual([{ file_name: "track_1_1.mp3", trial_file_name: "trial_1_1.mp3" }]);
    const summaryItems = new Set(catalog.dramaCds.flatMap((cd) => cd.itemIds));
    const bookItems = catalog.series.flatMap((s) => s.itemIds);
    expect(bookItems.some((id) => summaryItems.has(id))).toBe(false);
  });

  it("lets the application insert after the seeded ids", async () => {
    const [row] = await rows<{ series_id: number }>(
      first,
      "insert into series (name, name_kana, publisher_id, start_date) values ('テスト', 'テスト', 8, now()) returning series_id",
    );
    expect(row!.series_id).toBe(SERIES + 1);
  });
});
