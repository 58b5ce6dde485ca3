import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOPIC_BLOCK_TYPES } from "../../../contract/topic-content";
import { Rng } from "../../lib/seeded-random";
import type { Database } from "../client";
import { createTestDatabase } from "../test-database";
import { LAYOUT_TYPES, ROTATING_LAYOUT_ID, seedMarketing } from "./marketing";
import type { CatalogSummary, SeedContext } from "./types";

const NOW = new Date("2025-04-10T03:00:00Z");
const SERIES_GENRES = [2, 3, 4, 5, 6, 20];

/** A small catalog shaped like the catalog seed's summary; no rows needed (no cross-module keys). */
function syntheticCatalog(): CatalogSummary {
  const series: CatalogSummary["series"] = [];
  for (let i = 0; i < 160; i++) {
    const volumes = 1 + (i % 7);
    const seriesId = 1000 + i;
    series.push({
      seriesId,
      genreIds: [SERIES_GENRES[i % SERIES_GENRES.length]!],
      // Forty authors, each credited on four series; every fifth series has a second credit.
      authorIds: i % 5 === 0 ? [1 + (i % 40), 1 + ((i + 7) % 40)] : [1 + (i % 40)],
      bookIds: Array.from({ length: volumes }, (_, v) => seriesId * 100 + v + 1),
      itemIds: Array.from({ length: volumes }, (_, v) => seriesId * 1000 + v + 1),
      pricesInc: Array.from({ length: volumes }, (_, v) => (v === 0 && i % 3 === 0 ? 0 : 660)),
    });
  }
  const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
  return {
    genreIds: [1, 2, 3, 4, 5, 6, 20, 21],
    categoryIds: range(1, 8),
    tagIds: range(1, 20),
    generationIds: range(1, 4),
    authorIds: range(1, 40),
    publisherIds: range(1, 10),
    labelIds: range(1, 15),
    magazineIds: range(1, 6),
    series,
    dramaCds: range(1, 20).map((cdId) => ({
      cdId,
      itemIds: [900_000 + cdId],
      castIds: [1 + (cdId % 9), 10 + (cdId % 5)],
      labelId: 1 + (cdId % 3),
    })),
    castIds: range(1, 15),
    cdLabelIds: [1, 2, 3],
  };
}

async function seeded(): Promise<Database> {
  const database = await createTestDatabase();
  const ctx: SeedContext = {
    db: database.db,
    rng: new Rng(20250410),
    options: { series: 160, seed: 20250410, now: NOW },
  };
  await seedMarketing(ctx, syntheticCatalog());
  return database;
}

async function rows<T = Record<string, unknown>>(database: Database, query: string): Promise<T[]> {
  const result = await database.db.execute(sql.raw(query));
  return result.rows as T[];
}

const TABLES = [
  "campaigns",
  "campaign_policies",
  "campaign_targets",
  "link_rotations",
  "flick_banners",
  "home_layouts",
  "home_layout_items",
  "hot_words",
  "pickup_campaigns",
  "menu_topic_contents",
  "topic_entries",
  "topic_pages",
  "popups",
  "news",
  "login_stamp_cards",
  "stamp_boxes",
  "lotteries",
  "lottery_prizes",
];

function blockTypes(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) {
    for (const v of value) blockTypes(v, into);
  } else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.type === "string") into.add(record.type);
    for (const v of Object.values(record)) blockTypes(v, into);
  }
}

describe("seedMarketing", () => {
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    [first, second] = await Promise.all([seeded(), seeded()]);
  });

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it("uses every listed layout type on the overall home, and content types 18, 1 and 5", async () => {
    const layouts = await rows<{ layout_type: number; content_type: number | null }>(
      first,
      "select layout_type, content_type from home_layouts where genre = 1 and pagetype = 1",
    );
    const types = new Set(layouts.map((l) => l.layout_type));
    for (const t of LAYOUT_TYPES) expect(types, `layout type ${t}`).toContain(t);
    const contents = new Set(layouts.map((l) => l.content_type));
    for (const c of [18, 1, 5]) expect(contents, `content type ${c}`).toContain(c);

    const genres = await rows<{ genre: number }>(
      first,
      "select distinct genre from home_layouts order by genre",
    );
    expect(genres.map((g) => g.genre)).toEqual([1, 2, 3, 4, 5, 6, 20, 21]);
    const more = await rows<{ more_url: string | null }>(
      first,
      "select distinct more_url from home_layouts",
    );
    const moreUrls = more.map((m) => m.more_url);
    expect(moreUrls).toContain(null);
    expect(moreUrls.some((u) => u?.toLowerCase() === "hide")).toBe(true);
    expect(moreUrls.some((u) => u?.startsWith("/"))).toBe(true);
  });

  it("gives the rotating home content five pages of items", async () => {
    const [layout] = await rows<{ display_number: number; n: number }>(
      first,
      `select l.display_number, count(i.*)::int as n from home_layouts l
         join home_layout_items i using (layout_id) where l.layout_id = ${ROTATING_LAYOUT_ID}
         group by l.display_number`,
    );
    expect(layout!.n).toBeGreaterThanOrEqual(layout!.display_number * 5);
  });

  it("makes campaigns of every policy type, coupon and info campaigns, ending and new ones", async () => {
    const policies = await rows<{ policy_type: number }>(
      first,
      "select distinct policy_type from campaign_policies order by 1",
    );
    expect(policies.map((p) => p.policy_type)).toEqual([101, 102, 103, 104, 105, 106]);
    const [counts] = await rows<Record<string, number>>(
      first,
      `select count(*) filter (where coupon_flag)::int as coupon,
              count(*) filter (where info_flag)::int as info,
              count(*) filter (where end_at > '${NOW.toISOString()}'
                and end_at < '${NOW.toISOString()}'::timestamptz + interval '3 days')::int as ending,
              count(*) filter (where new_flag)::int as fresh
         from campaigns`,
    );
    expect(counts!.coupon).toBeGreaterThan(0);
    expect(counts!.info).toBeGreaterThan(0);
    expect(counts!.ending).toBeGreaterThan(0);
    expect(counts!.fresh).toBeGreaterThan(0);
    const genres = await rows<{ g: number }>(
      first,
      `select distinct unnest(c.genre_ids) as g from campaigns c
         where exists (select 1 from campaign_targets t where t.campaign_id = c.campaign_id)
         order by 1`,
    );
    expect(genres.map((g) => g.g)).toEqual([1, 2, 3, 4, 5, 6, 20, 21]);
  });

  it("gives every coupon campaign a coupon of its own for its targets, running as long as it runs", async () => {
    const bare = await rows<{ campaign_id: number }>(
      first,
      `select c.campaign_id from campaigns c
         where c.coupon_flag and not exists (
           select 1 from coupons k where k.campaign_id = c.campaign_id and k.coupon_type = 2
             and k.start_at = c.start_at and k.end_at = c.end_at and k.receivable)`,
    );
    expect(bare).toEqual([]);
  });

  it("uses every topic block type, and keeps one page that is not JSON", async () => {
    const pages = await rows<{ content: string }>(first, "select content from topic_pages");
    const seen = new Set<string>();
    let invalid = 0;
    for (const p of pages) {
      try {
        blockTypes(JSON.parse(p.content), seen);
      } catch {
        invalid++;
      }
    }
    for (const t of TOPIC_BLOCK_TYPES) expect(seen, `block ${t}`).toContain(t);
    expect(invalid).toBe(1);
    const all = pages.map((p) => p.content).join("\n");
    for (const marker of ["loginOnly", "logoutOnly", "paidOnly", "unpaidOnly", "newUserOnly"]) {
      expect(all).toContain(marker);
    }
  });

  it("seeds a fair page with an accordion, a ranking, a home section, an entry button and blocks for visitors and members", async () => {
    const [fair] = await rows<{ content: string }>(
      first,
      "select content from topic_pages where page_name = 'manga-fair'",
    );
    const content = fair!.content;
    for (const type of ["toggleTitle", "toggle", "ranking", "homeContent", "entryBtn"]) {
      expect(content).toContain(`"type":"${type}"`);
    }
    expect(content).toContain('"class":"loginOnly"');
    expect(content).toContain('"class":"logoutOnly"');
    // The utm source rule has its own name; "src" is only ever a picture.
    expect(content).toContain('"utmSource":');
    expect(content).not.toMatch(/"src":"\^/);
  });

  it("makes a popup of every type, news, hot words, a stamp card and a lottery", async () => {
    const types = await rows<{ popup_type: number }>(
      first,
      "select distinct popup_type from popups order by 1",
    );
    expect(types.map((t) => t.popup_type)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42,
    ]);
    const [n] = await rows<Record<string, number>>(
      first,
      `select (select count(*) from news)::int as news,
              (select count(*) from hot_words where genre = 1)::int as words,
              (select count(*) from lottery_prizes)::int as prizes,
              (select count(*) from pickup_campaigns)::int as pickups`,
    );
    expect(n!.news).toBeGreaterThanOrEqual(20);
    expect(n!.words).toBeGreaterThanOrEqual(12);
    expect(n!.prizes).toBeGreaterThan(1);
    expect(n!.pickups).toBeGreaterThan(0);
    const [card] = await rows<{ stamp_count: number; boxes: number; max_col: number }>(
      first,
      `select c.stamp_count, count(b.*)::int as boxes, max(b.col)::int as max_col
         from login_stamp_cards c join stamp_boxes b using (card_id) group by c.stamp_count`,
    );
    expect(card).toEqual({ stamp_count: 30, boxes: 30, max_col: 6 });
  });

  it("leaves identity sequences past the seeded ids", async () => {
    const [row] = await rows<{ m_news_id: number }>(
      first,
      `insert into news (title, body, published_at) values ('t', 'b', now()) returning m_news_id`,
    );
    expect(row!.m_news_id).toBeGreaterThan(20);
    await rows(first, `delete from news where m_news_id = ${row!.m_news_id}`);
  });

  it("is deterministic", async () => {
    for (const table of TABLES) {
      const query = `select * from ${table} order by 1, 2`;
      expect(await rows(second, query), table).toEqual(await rows(first, query));
    }
  });
});
