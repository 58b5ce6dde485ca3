import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokyoIsoDate } from "../../../contract/tokyo-time";
import { inTokyo } from "../../lib/tokyo-sql";
import { dailyEventFigures } from "../../modules/event/service";
import type { Database } from "../client";
import { createTestDatabase } from "../test-database";
import { DEFAULT_NOW, defaultSeedOptions, isSeeded, seedDatabase } from "./seed";
import { TRAFFIC_DAYS } from "./traffic";

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

  it("browses the 60 Tokyo days before the seed's day, summarised for the dashboard, never today or a popup", async () => {
    const receivedInTokyo = inTokyo(sql.raw("received_at"));
    const spread = await database.db.execute(
      sql`select count(*)::int as events,
            count(distinct ${receivedInTokyo}::date)::int as days,
            to_char(min(${receivedInTokyo}), 'YYYY-MM-DD') as first,
            to_char(max(${receivedInTokyo}), 'YYYY-MM-DD') as last,
            (count(*) filter (where popup_id is not null or name like 'popup%'))::int as popup
          from analytics_events`,
    );
    const day = (n: number) => tokyoIsoDate(DEFAULT_NOW.getTime() - n * 86_400_000);
    expect(spread.rows[0]).toMatchObject({
      days: TRAFFIC_DAYS,
      first: day(TRAFFIC_DAYS),
      last: day(1),
      popup: 0,
    });
    // The dashboard reads the summary, not the events: every day is built and adds up.
    const figures = await dailyEventFigures(database.db, day(TRAFFIC_DAYS), day(0));
    expect(figures.map((f) => f.day)).toHaveLength(TRAFFIC_DAYS);
    const sum = (k: "pageViews" | "seriesViews" | "cartViews") =>
      figures.reduce((n, f) => n + f[k], 0);
    const events = (spread.rows[0] as { events: number }).events;
    expect(sum("pageViews") + sum("seriesViews")).toBe(events);
    for (const f of figures) {
      expect(f.seriesViews).toBeGreaterThan(f.cartViews);
      expect(f.cartViews).toBeGreaterThan(0);
      expect(f.popupImpressions + f.popupCloses + f.popupClicks).toBe(0);
    }
  });

  it("lets nobody own, buy, cart or read a volume that is not out yet", async () => {
    // Not out: not for sale, or announced with its 配信日 ahead (reservable or not).
    const notOut = sql.raw(
      `(not b.onsale_flag or b.item_start_date > '${DEFAULT_NOW.toISOString()}')`,
    );
    const result = await database.db.execute(
      sql`select
            (select count(*)::int from user_items u join books b using (item_id)
              where ${notOut}) as owned,
            (select count(*)::int from order_items o join books b using (item_id)
              where ${notOut}) as ordered,
            (select count(*)::int from cart_items c join books b using (item_id)
              where ${notOut}) as in_carts,
            (select count(*)::int from reading_progress r join books b using (book_id)
              where ${notOut}) as read,
            (select count(*)::int from books b where ${notOut}) as not_on_sale`,
    );
    const counts = result.rows[0] as Record<string, number>;
    // The demo has volumes announced but not out, so the check is not empty.
    expect(counts.not_on_sale).toBeGreaterThan(0);
    expect(counts).toMatchObject({ owned: 0, ordered: 0, in_carts: 0, read: 0 });
  });

  it("gives the best-selling series readers' reviews, counted in their ratings, likes in step", async () => {
    const top = await database.db.execute(
      sql`select s.series_id, s.rating_count,
            (select count(*)::int from reviews r where r.series_id = s.series_id) as n
          from series s
          join (select series_id, count(*) as sold from order_items group by series_id) o
            on o.series_id = s.series_id
          order by o.sold desc, s.series_id limit 10`,
    );
    for (const row of top.rows as Array<{ n: number; rating_count: number }>) {
      expect(row.n).toBeGreaterThanOrEqual(3);
      expect(row.rating_count).toBeGreaterThanOrEqual(row.n);
    }
    const checks = await database.db.execute(
      sql`select
            (select count(*)::int from reviews) as reviews,
            (select count(*)::int from reviews where spoil) as spoilers,
            (select count(*)::int from reviews where book_id is not null) as of_volumes,
            (select count(*)::int from reviews r where like_count <>
              (select count(*) from review_likes l where l.review_id = r.review_id)) as out_of_step,
            (select count(*)::int from reviews r join users u on u.user_id = r.user_id) as by_real_users,
            (select count(*)::int from reviews r join books b on b.book_id = r.book_id
              where b.item_start_date > ${DEFAULT_NOW.toISOString()}::timestamptz) as unreleased`,
    );
    expect(checks.rows[0]).toMatchObject({ out_of_step: 0, by_real_users: 0, unreleased: 0 });
    const c = checks.rows[0] as { reviews: number; spoilers: number; of_volumes: number };
    expect(c.reviews).toBeGreaterThan(100);
    expect(c.spoilers).toBeGreaterThan(0);
    expect(c.of_volumes).toBeGreaterThan(0);
  });

  it("records every decorative image the seeded content links to, so the media route draws it", async () => {
    const tables = await database.db.execute(
      sql`select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'
            and table_name not in ('media_art', '__drizzle_migrations')`,
    );
    const linked = new Set<string>();
    for (const { table_name } of tables.rows as Array<{ table_name: string }>) {
      const found = await database.db.execute(
        sql.raw(`select distinct m[1] || '/' || m[2] as art from "${table_name}" t,
          regexp_matches(t::text, '/media/([a-z]+)/([a-z0-9]+(?:-[a-z0-9]+)*)\\.png', 'g') m`),
      );
      for (const row of found.rows as Array<{ art: string }>) linked.add(row.art);
    }
    const series = await database.db.execute(
      sql`select series_id from series where appeal_img is not null`,
    );
    for (const row of series.rows as Array<{ series_id: number }>) {
      linked.add(`appeal/appeal-${row.series_id}`);
    }
    const campaigns = await database.db.execute(sql`select campaign_id from campaigns`);
    for (const row of campaigns.rows as Array<{ campaign_id: number }>) {
      linked.add(`campaign/${row.campaign_id}`);
    }
    const recorded = await database.db.execute(
      sql`select kind || '/' || name as art from media_art`,
    );
    const known = new Set((recorded.rows as Array<{ art: string }>).map((r) => r.art));
    expect(linked.size).toBeGreaterThan(100);
    expect([...linked].filter((art) => !known.has(art))).toEqual([]);
  });

  it("links nowhere on example domains: every row of every table, read as text (issue 21 item 39)", async () => {
    const tables = await database.db.execute(
      sql`select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    const found: string[] = [];
    for (const { table_name } of tables.rows as Array<{ table_name: string }>) {
      const rows = await database.db.execute(
        sql.raw(`select left(t::text, 160) as row from "${table_name}" t
          where t::text ~* '(https?:)?//([a-z0-9-]+[.])*example([.](com|net|org))?([/:"?#]|$)'
          limit 3`),
      );
      for (const row of rows.rows as Array<{ row: string }>)
        found.push(`${table_name}: ${row.row}`);
    }
    expect(found).toEqual([]);
  });

  it("gives each author of the 注目の作家 pickup its own introduction and only series they are credited on (issue 21 item 40)", async () => {
    const result = await database.db.execute(
      sql`select l.layout_id, i.position, i.series_id, i.author_id, i.img, i.appeal_intro,
            s.name as series_name,
            exists (select 1 from series_authors a
                    where a.series_id = i.series_id and a.author_id = i.author_id) as credited
          from home_layouts l join home_layout_items i using (layout_id)
          left join series s on s.series_id = i.series_id
          where l.layout_type = 20 order by l.layout_id, i.position`,
    );
    type Row = {
      layout_id: number;
      series_id: number | null;
      author_id: number | null;
      img: string | null;
      appeal_intro: string | null;
      series_name: string | null;
      credited: boolean;
    };
    const layouts = new Map<number, Row[]>();
    for (const row of result.rows as Row[]) {
      layouts.set(row.layout_id, [...(layouts.get(row.layout_id) ?? []), row]);
    }
    expect(layouts.size).toBeGreaterThan(0);
    for (const [layoutId, items] of layouts) {
      const cards = items.filter((r) => r.series_id === null);
      expect(cards.length, `layout ${layoutId}`).toBeGreaterThan(1);
      // One introduction per author, none shared.
      const intros = cards.map((c) => c.appeal_intro);
      expect(new Set(intros).size, `layout ${layoutId}`).toBe(cards.length);
      let author: Row | null = null;
      for (const row of items) {
        if (row.series_id === null) {
          expect(row.img, `layout ${layoutId}`).toBeTruthy();
          author = row;
          continue;
        }
        // A series row follows its author's card and is a work that author is credited on,
        // named in the author's introduction.
        expect(row.author_id, `layout ${layoutId}`).toBe(author?.author_id);
        expect(row.credited, `layout ${layoutId} series ${row.series_id}`).toBe(true);
        expect(author?.appeal_intro).toContain(`『${row.series_name}』`);
      }
    }
  });
});
