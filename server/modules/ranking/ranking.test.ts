import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeriesItem } from "../../../contract/items";
import { Browser, createTestApp } from "../../http/test-client";
import {
  daysAgo,
  insertFixtureCatalog,
  insertPurchase,
  insertRead,
  NOW,
} from "../search/test-fixture";
import { rankingList, refreshRankings } from "./service";

let t: Awaited<ReturnType<typeof createTestApp>>;
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
let buyer = 100;
async function buy(seriesId: number, times: number, at: Date, status?: "cancelled") {
  for (let i = 0; i < times; i++) {
    await insertPurchase(t.services.db, { userId: ++buyer, seriesId, volumes: [1], at, status });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  await insertFixtureCatalog(db);
  await buy(2, 5, daysAgo(20)); // a monthly favourite
  await buy(3, 3, daysAgo(3)); // this week's
  await buy(4, 2, hoursAgo(2)); // today's
  await buy(1, 9, hoursAgo(1), "cancelled"); // cancelled orders never count
  // Reads: two members read series 1's free first volume today, one read its paid second.
  await insertRead(db, { userId: 501, seriesId: 1, volume: 1, at: hoursAgo(3) });
  await insertRead(db, { userId: 502, seriesId: 1, volume: 1, at: hoursAgo(4) });
  await insertRead(db, { userId: 503, seriesId: 1, volume: 2, at: daysAgo(10) });
  await refreshRankings(db, { now: NOW });
});
afterAll(async () => {
  await t?.database.close();
});

const ranking = async (pagetype: 1 | 2, tp: 1 | 2 | 3, genre = 1) =>
  (await rankingList(t.services.db, { pagetype, tp, genre, ln: 30 }, { now: NOW })).data.map(
    (s) => [s.rank, s.series_id],
  );

describe("rankings", () => {
  it("differ by window: daily, weekly and monthly count their own days", async () => {
    // Score: 3 a bought volume, 1 a member reading a volume. A window that scored fewer series
    // than a ranking holds continues with the longer windows' order.
    expect(await ranking(1, 1)).toEqual([
      [1, 4],
      [2, 1],
      [3, 3],
      [4, 2],
    ]);
    expect(await ranking(1, 2)).toEqual([
      [1, 3],
      [2, 4],
      [3, 1],
      [4, 2],
    ]);
    expect(await ranking(1, 3)).toEqual([
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 1],
    ]);
  });

  it("rank within a genre", async () => {
    expect(await ranking(1, 2, 2)).toEqual([
      [1, 4],
      [2, 1],
    ]);
    expect(await ranking(1, 3, 5)).toEqual([
      [1, 2],
      [2, 3],
    ]);
    expect(await ranking(1, 3, 6)).toEqual([]);
  });

  it("free ranking counts only reads of free volumes", async () => {
    expect(await ranking(2, 1)).toEqual([[1, 1]]);
    const [item] = (await rankingList(t.services.db, { pagetype: 2, tp: 3, genre: 1, ln: 30 }))
      .data;
    expect(item).toMatchObject({ series_id: 1, rank: 1 });
  });

  it("follow new purchases after the next refresh", async () => {
    await buy(1, 4, hoursAgo(0.5));
    expect((await ranking(1, 1))[0]).toEqual([1, 4]);
    const refreshed = await refreshRankings(t.services.db, { now: NOW });
    expect(refreshed.skipped).toBe(false);
    expect(await ranking(1, 1)).toEqual([
      [1, 1],
      [2, 4],
      [3, 3],
      [4, 2],
    ]);
  });

  it("stay whole when several processes refresh at once", async () => {
    const results = await Promise.all([
      refreshRankings(t.services.db, { now: NOW }),
      refreshRankings(t.services.db, { now: NOW }),
    ]);
    expect(results.some((r) => !r.skipped)).toBe(true);
    expect((await ranking(1, 3)).map(([rank]) => rank)).toEqual([1, 2, 3, 4]);
  });

  it("skip a refresh younger than minAgeMs", async () => {
    expect((await refreshRankings(t.services.db, { now: NOW, minAgeMs: 60_000 })).skipped).toBe(
      true,
    );
  });
});

describe("ranking calls", () => {
  type RankingBody = { data: SeriesItem[]; pattern: Record<string, number> };

  it("answers ranked cards and the ranking pattern, personal and shared alike", async () => {
    const browser = new Browser(t.app);
    const personal = await browser.postJson<RankingBody>("/api/personal/ranking/1/3/1/2");
    expect(personal.status).toBe(200);
    // Series 1's four new purchases tie it with series 2 (15 points); more purchases win.
    expect(personal.body.data.map((s) => [s.rank, s.series_id])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(personal.body.pattern).toEqual({
      page: 1,
      total_page: 1,
      limit: 2,
      offset: 0,
      hit: 2,
      genre: 1,
      type: 3,
      pagetype: 1,
    });
    const shared = await browser.fetch("/api/shared/ranking/1/3/1/2?k=abc");
    expect(shared.headers.get("cache-control")).toMatch(/public/);
    const body = (await shared.json()) as RankingBody & { result: boolean };
    expect(body.result).toBe(true);
    expect(body.data.map((s) => s.series_id)).toEqual([2, 1]);
    expect(body.pattern).toEqual(personal.body.pattern);
  });

  it.each([
    ["/api/personal/ranking/3/2/1/30", "pagetype"],
    ["/api/personal/ranking/1/4/1/30", "tp"],
    ["/api/personal/ranking/1/2/7/30", "genre"],
    ["/api/personal/ranking/1/2/1/0", "ln"],
    ["/api/personal/ranking/1/2/1/101", "ln"],
    ["/api/personal/ranking/1/x/1/30", "tp"],
  ])("answers 400 for %s", async (path, field) => {
    const { status, body } = await new Browser(t.app).postJson<{ error: { field: string } }>(path);
    expect(status).toBe(400);
    expect(body.error.field).toBe(field);
  });

  it("needs the cache key on the shared call", async () => {
    const response = await new Browser(t.app).fetch("/api/shared/ranking/1/2/1/30");
    expect(response.status).toBe(400);
  });
});
