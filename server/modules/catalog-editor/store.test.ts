import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokyoDateTimeInput } from "../../../contract/tokyo-time";
import { Browser, createTestApp } from "../../http/test-client";
import { seriesMain } from "../../pages/series-answers";
import { seriesItems } from "../cards/series-items";
import { series } from "../catalog/schema";
import { refreshDueSummaries } from "../catalog/series-summary";
import { seriesSearchSources } from "../catalog/service";
import { volumeAccess } from "../entitlements/service";
import { userItems } from "../library/schema";
import { priceItems } from "../pricing/quote";
import { newStaffAccount, signInToOps } from "../staff/test-fixture";
import {
  type EditorReferences,
  seedEditorReferences,
  seriesBody,
  volumeBody,
} from "./test-fixture";

/**
 * What the editor writes, as the store reads it (decisions 0091, 0092): a draft is nowhere, a
 * scheduled volume comes in by itself at its time, a withdrawn one leaves lists and sale while
 * its owner keeps reading it, and a volume's own sale and free windows hold only inside them.
 * The clock is driven by handing the store's readers their `now`.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: Browser;
let refs: EditorReferences;
const DAY = 86_400_000;
const C = "/api/ops/catalog";
const start = Date.now();
const at = (days: number) => new Date(start + days * DAY);
const input = (days: number) => tokyoDateTimeInput(at(days));

beforeAll(async () => {
  t = await createTestApp();
  refs = await seedEditorReferences(t.services.db);
  editor = new Browser(t.app);
  await signInToOps(editor, await newStaffAccount(t.services.db, "editor"));
});
afterAll(async () => {
  await t?.database.close();
});

async function post<T = Record<string, unknown>>(path: string, body: unknown = {}) {
  const answer = await editor.postJson<T>(path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

let names = 0;
async function newSeries(publish: boolean) {
  const { series: s } = await post<{ series: { series_id: number } }>(
    `${C}/series`,
    seriesBody(refs, { name: `物語${++names}` }),
  );
  if (publish) await post(`${C}/series/${s.series_id}/publish`);
  return s.series_id;
}

async function newVolume(seriesId: number, extra: Record<string, unknown> = {}) {
  const { volume } = await post<{ volume: { book_id: number; item_id: number } }>(
    `${C}/volumes`,
    volumeBody(seriesId, 1, { item_start_date: input(-1), ...extra }),
  );
  return volume;
}

const summaryOf = async (seriesId: number) => {
  const [row] = await t.services.db.select().from(series).where(eq(series.seriesId, seriesId));
  return row!;
};

describe("publication, as the store reads it", () => {
  it("keeps a draft out of the series page, cards, search, sale and the reader", async () => {
    const db = t.services.db;
    const seriesId = await newSeries(false);
    const volume = await newVolume(seriesId);
    const now = at(0);
    expect(await seriesMain(db, seriesId, now)).toBeNull();
    expect(await seriesItems(db, [seriesId], { now })).toEqual([]);
    const [line] = await priceItems(db, [volume.item_id], now);
    expect(line).toMatchObject({ buyable: false, notBuyable: "not_on_sale" });
    expect((await volumeAccess(db, volume.book_id, null, { now }))?.readablePages).toBe(0);
    const [source] = await seriesSearchSources(db, seriesId - 1, 1);
    expect(source).toMatchObject({ seriesId, latestReleaseDate: null, prices: [] });

    // The series published, its volume still a draft: the page is there, the volume is not.
    await post(`${C}/series/${seriesId}/publish`);
    expect((await seriesMain(db, seriesId, now))?.books).toEqual([]);
    expect((await summaryOf(seriesId)).volumeCount).toBe(0);

    await post(`${C}/volumes/${volume.book_id}/publish`);
    const main = await seriesMain(db, seriesId, now);
    expect(main?.books.map((b) => [b.book_id, b.price, b.trial_page_count])).toEqual([
      [volume.book_id, 660, 5],
    ]);
    expect(await summaryOf(seriesId)).toMatchObject({
      volumeCount: 1,
      latestBookId: volume.book_id,
    });
    const [sold] = await priceItems(db, [volume.item_id], now);
    expect(sold).toMatchObject({ buyable: true, salePrice: 660 });
    const [card] = await seriesItems(db, [seriesId], { now });
    expect(card).toMatchObject({ series_id: seriesId, price_inc: 660, trial_page_count: 5 });
  });

  it("brings a volume scheduled for tomorrow in by itself at its time", async () => {
    const db = t.services.db;
    const seriesId = await newSeries(true);
    const volume = await newVolume(seriesId, { publish_at: input(1) });
    await post(`${C}/volumes/${volume.book_id}/publish`);
    const before = await summaryOf(seriesId);
    expect(before).toMatchObject({ volumeCount: 0, latestBookId: null });
    expect(before.summaryDueAt?.getTime()).toBe(Math.floor(at(1).getTime() / 60_000) * 60_000);
    expect((await seriesMain(db, seriesId, at(0)))?.books).toEqual([]);
    const [early] = await priceItems(db, [volume.item_id], at(0));
    expect(early?.notBuyable).toBe("not_on_sale");

    // Nothing is due yet; a minute past the publish time the schedule brings it in.
    expect(await refreshDueSummaries(db, at(0))).not.toContain(seriesId);
    const later = new Date(at(1).getTime() + 60_000);
    expect(await refreshDueSummaries(db, later)).toContain(seriesId);
    expect(await summaryOf(seriesId)).toMatchObject({
      volumeCount: 1,
      latestBookId: volume.book_id,
      summaryDueAt: null,
    });
    expect((await seriesMain(db, seriesId, later))?.books.map((b) => b.book_id)).toEqual([
      volume.book_id,
    ]);
    const [onTime] = await priceItems(db, [volume.item_id], later);
    expect(onTime?.buyable).toBe(true);
  });

  it("takes a withdrawn volume out of lists and sale, and its owner keeps reading it", async () => {
    const db = t.services.db;
    const seriesId = await newSeries(true);
    const volume = await newVolume(seriesId);
    await post(`${C}/volumes/${volume.book_id}/publish`);
    const owner = await newStaffAccount(db, null);
    await db.insert(userItems).values({
      userId: owner.userId,
      itemId: volume.item_id,
      itemType: 0,
      seriesId,
      bookId: volume.book_id,
      source: "purchase",
    });
    await post(`${C}/volumes/${volume.book_id}/withdraw`);
    const now = at(0);
    expect((await seriesMain(db, seriesId, now))?.books).toEqual([]);
    expect(await summaryOf(seriesId)).toMatchObject({ volumeCount: 0, latestBookId: null });
    const [line] = await priceItems(db, [volume.item_id], now);
    expect(line?.buyable).toBe(false);
    const owned = await volumeAccess(db, volume.book_id, owner.userId, { now });
    expect(owned).toMatchObject({ entitlement: "owned", readablePages: 40 });
    const visitor = await volumeAccess(db, volume.book_id, null, { now });
    expect(visitor?.readablePages).toBe(0);

    // Restored, it is back where it was.
    await post(`${C}/volumes/${volume.book_id}/restore`);
    expect((await summaryOf(seriesId)).latestBookId).toBe(volume.book_id);
  });
});

describe("a volume's own windows", () => {
  it("sells at the sale price only inside the sale window", async () => {
    const db = t.services.db;
    const seriesId = await newSeries(true);
    const volume = await newVolume(seriesId, {
      sale_price_inc: 330,
      sale_start_at: input(1),
      sale_end_at: input(3),
    });
    await post(`${C}/volumes/${volume.book_id}/publish`);
    const price = async (days: number) => (await priceItems(db, [volume.item_id], at(days)))[0];
    expect(await price(0)).toMatchObject({ listPrice: 660, salePrice: 660 });
    expect(await price(2)).toMatchObject({ listPrice: 660, salePrice: 330 });
    expect(await price(4)).toMatchObject({ listPrice: 660, salePrice: 660 });
    const [book] = (await seriesMain(db, seriesId, at(2)))!.books;
    expect(book).toMatchObject({ price: 330, before_price: 660 });
    const [card] = await seriesItems(db, [seriesId], { now: at(2) });
    expect(card?.price_inc).toBe(330);
  });

  it("reads free and member-free only inside their windows", async () => {
    const db = t.services.db;
    const seriesId = await newSeries(true);
    const volume = await newVolume(seriesId, {
      free_flag: true,
      free_start_at: input(1),
      free_end_at: input(2),
    });
    await post(`${C}/volumes/${volume.book_id}/publish`);
    const access = async (days: number) =>
      volumeAccess(db, volume.book_id, null, { now: at(days) });
    expect(await access(0)).toMatchObject({ entitlement: "trial", readablePages: 5 });
    expect(await access(1.5)).toMatchObject({ entitlement: "free", readablePages: 40 });
    expect(await access(3)).toMatchObject({ entitlement: "trial", readablePages: 5 });
    const [inside] = await priceItems(db, [volume.item_id], at(1.5));
    expect(inside).toMatchObject({ buyable: false, notBuyable: "free" });

    const member = await newVolume(seriesId, {
      volume: 2,
      member_free_flag: true,
      member_free_end_at: input(1),
    });
    await post(`${C}/volumes/${member.book_id}/publish`);
    const books = (days: number) => seriesMain(db, seriesId, at(days));
    expect((await books(0))!.books[1]).toMatchObject({ member_free_flag: true, price: 0 });
    expect((await books(2))!.books[1]).toMatchObject({ member_free_flag: false, price: 660 });
  });
});
