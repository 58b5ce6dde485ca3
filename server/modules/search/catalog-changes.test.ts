import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { SEEDED_60 } from "../../db/seed/test-fixture";
import { createTestDatabase } from "../../db/test-database";
import { type CatalogChange, localChangeBus } from "../../lib/changes";
import { createLogger } from "../../logger";
import { startCatalogSchedule } from "./catalog-changes";

const logger = createLogger("silent");

async function heardWithin(heard: CatalogChange[], wanted: CatalogChange[], ms: number) {
  const end = Date.now() + ms;
  const has = (w: CatalogChange) => heard.some((h) => h.entity === w.entity && h.id === w.id);
  while (!wanted.every(has)) {
    if (Date.now() > end)
      throw new Error(`heard ${JSON.stringify(heard)}, wanted ${JSON.stringify(wanted)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the catalog schedule", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase({ fixture: SEEDED_60 });
  });
  afterAll(async () => {
    await database?.close();
  });

  const one = async <T>(query: ReturnType<typeof sql>) =>
    (await database.db.execute(query)).rows[0] as T;

  it("says a change when a release, a drama CD's sale end, a campaign's or a ポイント還元's start comes", async () => {
    const { book_id } = await one<{ book_id: number }>(
      sql`select book_id from books order by book_id limit 1`,
    );
    const { cd_id } = await one<{ cd_id: number }>(
      sql`select cd_id from drama_cds order by cd_id limit 1`,
    );
    const { campaign_id } = await one<{ campaign_id: number }>(
      sql`select campaign_id from campaigns order by campaign_id limit 1`,
    );
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    await database.db.execute(
      sql`update books set item_start_date = ${at(1200)} where book_id = ${book_id}`,
    );
    await database.db.execute(
      sql`update drama_cds set sale_end_date = ${at(1400)} where cd_id = ${cd_id}`,
    );
    await database.db.execute(
      sql`update campaigns set start_at = ${at(1600)} where campaign_id = ${campaign_id}`,
    );
    // enable_refund and the topic pages' refundEnable turn on with the purchase window.
    const { refund_id } = await one<{ refund_id: number }>(
      sql`insert into refund_campaigns (name, rate_percent, purchase_start_at, purchase_end_at, period_date)
          values ('還元', 10, ${at(1500)}, ${at(86_400_000)}, '2099-01-01') returning refund_campaign_id as refund_id`,
    );

    const bus = localChangeBus();
    const heard: CatalogChange[] = [];
    bus.subscribe((change) => {
      heard.push(change);
    });
    const stop = startCatalogSchedule(database.db, bus, logger);
    try {
      // Nothing is said before its time. (The fixture was seeded on a fixed day: a volume it
      // announced may have come out since, which the schedule rightly says at once.)
      await new Promise((r) => setTimeout(r, 600));
      const ours = new Set([
        `volume ${book_id}`,
        `drama_cd ${cd_id}`,
        `campaign ${campaign_id}`,
        `refund_campaign ${refund_id}`,
      ]);
      expect(heard.filter((h) => ours.has(`${h.entity} ${h.id}`))).toEqual([]);
      await heardWithin(
        heard,
        [
          { entity: "volume", id: book_id },
          { entity: "drama_cd", id: cd_id },
          { entity: "campaign", id: campaign_id },
          { entity: "refund_campaign", id: refund_id },
        ],
        5000,
      );
      // Each once: a time that came is not said again.
      await new Promise((r) => setTimeout(r, 300));
      expect(heard.filter((h) => h.entity === "volume" && h.id === book_id)).toHaveLength(1);
    } finally {
      stop();
    }
  }, 15_000);

  it("is woken by a change heard: a release set after it went to sleep is not slept through", async () => {
    const { book_id, series_id } = await one<{ book_id: number; series_id: number }>(
      sql`select book_id, series_id from books order by book_id desc limit 1`,
    );
    const bus = localChangeBus();
    const heard: CatalogChange[] = [];
    bus.subscribe((change) => {
      heard.push(change);
    });
    // Its longest sleep is far longer than the test: only the change can wake it in time.
    const stop = startCatalogSchedule(database.db, bus, logger, { maxWaitMs: 60_000 });
    try {
      await new Promise((r) => setTimeout(r, 300));
      const at = new Date(Date.now() + 800).toISOString();
      await database.db.execute(
        sql`update books set item_start_date = ${at} where book_id = ${book_id}`,
      );
      await bus.publish({ entity: "series", id: series_id });
      await heardWithin(heard, [{ entity: "volume", id: book_id }], 4000);
    } finally {
      stop();
    }
  }, 15_000);
});
