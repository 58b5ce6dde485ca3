import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokyoDateTimeInput } from "../../../contract/tokyo-time";
import { Browser, createTestApp } from "../../http/test-client";
import type { CatalogChange } from "../../lib/changes";
import { series } from "../catalog/schema";
import { startCatalogSchedule } from "../search/catalog-changes";
import { seriesSearch } from "../search/schema";
import { newStaffAccount, signInToOps } from "../staff/test-fixture";
import { seedEditorReferences, seriesBody, volumeBody } from "./test-fixture";

/**
 * What runs beside the editor in the jobs process: search re-reads its index soon after an
 * editor's change, and the schedule brings in a volume whose time has come and tells the bus.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: Browser;
const C = "/api/ops/catalog";

beforeAll(async () => {
  t = await createTestApp();
  editor = new Browser(t.app);
  await signInToOps(editor, await newStaffAccount(t.services.db, "editor"));
});
afterAll(async () => {
  await t?.database.close();
});

async function post<T>(path: string, body: unknown = {}) {
  const answer = await editor.postJson<T>(path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** A published series with one volume released a minute ago, made through the editor. */
async function publishedSeries() {
  const refs = await seedEditorReferences(t.services.db);
  const { series: s } = await post<{ series: { series_id: number } }>(
    `${C}/series`,
    seriesBody(refs),
  );
  const { volume } = await post<{ volume: { book_id: number } }>(
    `${C}/volumes`,
    volumeBody(s.series_id, 1, { item_start_date: tokyoDateTimeInput(Date.now() - 60_000) }),
  );
  await post(`${C}/volumes/${volume.book_id}/publish`);
  await post(`${C}/series/${s.series_id}/publish`);
  return { seriesId: s.series_id, volumeId: volume.book_id };
}

describe("beside the editor", () => {
  it("re-reads the search index after a published series, so search finds it", async () => {
    const db = t.services.db;
    // createTestApp follows the bus as every store process does (followCatalogChanges).
    const { seriesId } = await publishedSeries();
    await expect
      .poll(
        async () => {
          const [row] = await db
            .select({ releasedAt: seriesSearch.releasedAt })
            .from(seriesSearch)
            .where(eq(seriesSearch.seriesId, seriesId));
          return row?.releasedAt != null;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);
  });

  it("brings in a series whose scheduled time has come and tells the bus", async () => {
    const db = t.services.db;
    const { seriesId, volumeId } = await publishedSeries();
    // A due time already past, as if the volume's time came while nobody wrote.
    await db
      .update(series)
      .set({ latestBookId: null, volumeCount: 0, summaryDueAt: new Date(Date.now() - 1000) })
      .where(eq(series.seriesId, seriesId));
    const told: CatalogChange[] = [];
    const unsubscribe = t.services.changes.subscribe((change) => {
      told.push(change);
    });
    const stop = startCatalogSchedule(db, t.services.changes, t.services.logger);
    try {
      await expect
        .poll(async () => {
          const [row] = await db.select().from(series).where(eq(series.seriesId, seriesId));
          return { latestBookId: row.latestBookId, volumeCount: row.volumeCount };
        })
        .toEqual({ latestBookId: volumeId, volumeCount: 1 });
      await expect.poll(() => told).toContainEqual({ entity: "series", id: seriesId });
    } finally {
      stop();
      unsubscribe();
    }
  });
});
