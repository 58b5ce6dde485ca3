import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOfTokyoDay } from "../../../contract/tokyo-time";
import { type MarkerTargetKind, readMarker } from "../../modules/topic/visibility";
import type { Database } from "../client";
import { createTestDatabase } from "../test-database";
import { defaultSeedOptions, seedDatabase } from "./seed";
import { seededContent } from "./test-fixture";

// Every visibility marker in the seeded topic content is a marker the renderer knows and, where
// it names a record (havePopup13, seriesOnly1001, …), names one that exists (issue 21 item 30:
// /topic/entry's クーポンを見る was marked havePopup31, and no popup has id 31).

const TABLES: Record<MarkerTargetKind, [table: string, column: string]> = {
  popup: ["popups", "popup_id"],
  series: ["series", "series_id"],
  dramaCd: ["drama_cds", "cd_id"],
  publisher: ["publishers", "publisher_id"],
  genre: ["genres", "genre_id"],
  coupon: ["coupons", "coupon_id"],
  refund: ["refund_campaigns", "refund_campaign_id"],
};

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, {
    ...defaultSeedOptions(60),
    now: startOfTokyoDay(new Date()),
  });
}, 180_000);

afterAll(async () => {
  await database?.close();
});

async function exists(kind: MarkerTargetKind, id: number): Promise<boolean> {
  const [table, column] = TABLES[kind];
  const result = await database.db.execute(
    sql`select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`,
  );
  return result.rows.length > 0;
}

describe("the seeded topic content's visibility markers", () => {
  it("are markers the renderer knows, each naming a record that exists", async () => {
    const { classes } = await seededContent(database.db, new Date());
    expect(classes.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const { from, value } of classes) {
      const read = readMarker(value);
      if (!read.marker) wrong.push(`${from}: "${value}" is no marker`);
      else if (read.target && !(await exists(read.target.kind, read.target.id))) {
        wrong.push(
          `${from}: "${value}" names ${read.target.kind} ${read.target.id}, which does not exist`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it("the entry page's クーポンを見る is for members the coupon popup (type 31) is for", async () => {
    const { classes } = await seededContent(database.db, new Date());
    const popupMarkers = classes.filter(
      (c) => c.from === "/topic/entry" && c.value.startsWith("havePopup"),
    );
    expect(popupMarkers).toHaveLength(1);
    const id = Number(popupMarkers[0]!.value.slice("havePopup".length));
    const found = await database.db.execute(
      sql`select popup_type from popups where popup_id = ${id}`,
    );
    expect((found.rows[0] as { popup_type: number } | undefined)?.popup_type).toBe(31);
  });
});

describe("readMarker", () => {
  it("tells markers from styling names and says what a numbered marker names", () => {
    expect(readMarker("loginOnly")).toEqual({ marker: true, target: null });
    expect(readMarker("havePopup13")).toEqual({
      marker: true,
      target: { kind: "popup", id: 13 },
    });
    expect(readMarker("dailyReadSeriesCountOver_1001_3")).toEqual({
      marker: true,
      target: { kind: "series", id: 1001 },
    });
    expect(readMarker("cartPriceOver500")).toEqual({ marker: true, target: null });
    expect(readMarker("tp-wide")).toEqual({ marker: false });
  });
});
