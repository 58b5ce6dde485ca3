import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_VERSION } from "../../../contract/media";
import type { SeriesMain } from "../../../contract/series";
import type { Browser } from "../../http/test-client";
import { auditLog } from "../audit/schema";
import { dramaCdItems } from "../cards/cd-items";
import { bookItems, seriesItems } from "../cards/series-items";
import { ITEM_TYPE_DRAMA_CD, items, series } from "../catalog/schema";
import { cdBrands, cdLabels, dramaCds } from "../dramacd/schema";
import { ART_WIDTHS, artKey } from "./art";
import { ART_BOUNDS, webpDerivatives } from "./images";
import { contentSets } from "./schema";
import { type ContentTestApp, jobFinished, startContentApp, uploadForm } from "./test-fixture";

/**
 * Decision 0095: a replaced cover or jacket gets a new address (the published set's id as
 * `?v=`), the cards and kept answers carry it from the publish on, and that address is cached
 * for good; an address without it still answers, for a few minutes.
 */
let t: ContentTestApp;
let stop: () => Promise<void>;
let browsers: Record<string, Browser>;
const past = new Date("2026-01-01T00:00:00Z");
const IMMUTABLE = "public, max-age=31536000, immutable";

beforeAll(async () => {
  ({ t, browsers, stop } = await startContentApp({
    name: "covers",
    jobTiming: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
    series: { seriesId: 50, name: "潮騒の灯台", nameKana: "シオサイノトウダイ", startDate: past },
    volumes: [
      {
        bookId: 501,
        seriesId: 50,
        itemId: 1501,
        volume: 1,
        title: "潮騒の灯台 1",
        price: 600,
        priceInc: 660,
        itemStartDate: past,
        pageCount: 10,
      },
    ],
    seed: async (db) => {
      await db.insert(cdBrands).values({ brandId: 1, name: "ボイスワークス" });
      await db.insert(cdLabels).values({ labelId: 1, brandId: 1, name: "ボイスワークス・ドラマ" });
      await db.insert(dramaCds).values({
        cdId: 9,
        name: "ドラマCD 潮騒の灯台",
        nameKana: "ドラマシーディー",
        brandId: 1,
        labelId: 1,
        jacket: "jacket_9.png",
        saleStartDate: past,
      });
      await db.insert(items).values({
        itemId: 5009,
        itemType: ITEM_TYPE_DRAMA_CD,
        cdId: 9,
        price: 2000,
        priceInc: 2200,
      });
    },
    bought: { itemId: 1501, itemType: 0, seriesId: 50, bookId: 501 },
  }));
  // The series answer is put together from the latest volume.
  await t.services.db
    .update(series)
    .set({ latestBookId: 501, volumeCount: 1 })
    .where(eq(series.seriesId, 50));
});
afterAll(() => stop?.());

const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 30, g: 30, b: 220 };
const GREEN = { r: 30, g: 220, b: 30 };
const picture = (width: number, height: number, background: typeof RED) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** Uploads a picture as the editor and waits for its job; answers the published set's id. */
async function publish(
  path: string,
  data: Buffer,
  kind: "cover" | "jacket" | "appeal",
  ownerId: number,
) {
  const response = await browsers.editor!.fetch(path, {
    method: "POST",
    body: uploadForm([{ name: `${kind}.png`, data }]),
  });
  expect(response.status).toBe(200);
  const { job_id } = (await response.json()) as { job_id: string };
  expect((await jobFinished(browsers.editor!, job_id)).state).toBe("completed");
  const [set] = await t.services.db
    .select({ setId: contentSets.setId })
    .from(contentSets)
    .where(
      and(
        eq(contentSets.kind, kind),
        eq(contentSets.ownerId, ownerId),
        eq(contentSets.state, "published"),
      ),
    );
  return set!.setId;
}

/** What an address serves: its cache header and whether the picture is red or blue. */
async function served(url: string) {
  const response = await browsers.visitor!.fetch(url);
  expect(response.status).toBe(200);
  const { channels } = await sharp(Buffer.from(await response.arrayBuffer())).stats();
  return {
    cacheControl: response.headers.get("cache-control"),
    colour: (["red", "green", "blue"] as const)[
      [0, 1, 2].reduce((best, i) => (channels[i]!.mean > channels[best]!.mean ? i : best), 0)
    ],
  };
}

/** The series answer as the store's pages fetch it: a shared answer, kept until a change. */
async function seriesAnswer() {
  const response = await browsers.visitor!.fetch("/api/shared/series/50/main?k=1");
  expect(response.status).toBe(200);
  return (await response.json()) as SeriesMain;
}

describe("a replaced cover gets a new address", () => {
  it("moves the cards and the kept series answer to the new picture's address, cached for good", async () => {
    const drawn = `/media/books/501/cover.png?v=${MEDIA_VERSION}`;
    expect((await seriesAnswer()).series.img).toBe(drawn);
    // Kept: asked again, it is the same answer.
    expect((await seriesAnswer()).books[0]!.img).toBe(drawn);
    expect((await seriesItems(t.services.db, [50]))[0]!.img).toBe(drawn);

    const first = await publish(
      "/api/ops/volumes/501/cover",
      await picture(600, 848, RED),
      "cover",
      501,
    );
    const firstUrl = `/media/books/501/cover.png?v=${first}`;
    const answer = await seriesAnswer();
    expect(answer.series.img).toBe(firstUrl);
    expect(answer.books[0]!.img).toBe(firstUrl);
    const [card] = await seriesItems(t.services.db, [50]);
    expect(card).toMatchObject({ img: firstUrl, latest_cover: firstUrl, cover: firstUrl });
    expect((await bookItems(t.services.db, [501]))[0]!.img).toBe(firstUrl);
    expect(await served(`${firstUrl}&w=240`)).toEqual({ cacheControl: IMMUTABLE, colour: "red" });

    const second = await publish(
      "/api/ops/volumes/501/cover",
      await picture(600, 848, BLUE),
      "cover",
      501,
    );
    expect(second).not.toBe(first);
    const secondUrl = `/media/books/501/cover.png?v=${second}`;
    expect((await seriesAnswer()).series.img).toBe(secondUrl);
    expect((await seriesItems(t.services.db, [50]))[0]!.img).toBe(secondUrl);
    expect(await served(`${secondUrl}&w=240`)).toEqual({ cacheControl: IMMUTABLE, colour: "blue" });
    // The first address still names the first picture (a page loaded before the upload).
    expect(await served(firstUrl)).toEqual({ cacheControl: IMMUTABLE, colour: "red" });
  });

  it("still answers an address that names no upload, with today's picture for a few minutes", async () => {
    for (const url of [
      "/media/books/501/cover.png",
      `/media/books/501/cover.png?v=${MEDIA_VERSION}&w=160`,
      // A set that is no longer kept, or never was.
      "/media/books/501/cover.png?v=00000000-0000-4000-8000-000000000000",
    ]) {
      expect(await served(url)).toEqual({ cacheControl: "public, max-age=300", colour: "blue" });
    }
  });

  it("answers an address naming a set another instance has just published with that set, never the old", async () => {
    // This process holds the owner's sets (asked a moment ago); another one publishes a third
    // cover straight into the storage and the table, so nothing here forgot what it holds.
    await served("/media/books/501/cover.png");
    const setId = randomUUID();
    const made = await webpDerivatives(
      "green.png",
      await picture(600, 848, GREEN),
      ART_WIDTHS,
      ART_BOUNDS,
    );
    for (const w of ART_WIDTHS) {
      await t.services.storage.put(
        artKey("cover", 501, setId, w),
        made.files.get(`w${w}`)!,
        "image/webp",
      );
    }
    await t.services.db
      .update(contentSets)
      .set({ state: "retired", retiredAt: new Date() })
      .where(
        and(
          eq(contentSets.kind, "cover"),
          eq(contentSets.ownerId, 501),
          eq(contentSets.state, "published"),
        ),
      );
    await t.services.db.insert(contentSets).values({
      setId,
      kind: "cover",
      ownerId: 501,
      state: "published",
      itemCount: 1,
      widths: ART_WIDTHS,
    });
    expect(await served(`/media/books/501/cover.png?v=${setId}`)).toEqual({
      cacheControl: IMMUTABLE,
      colour: "green",
    });
  });

  it("gives a replaced jacket a new address on the drama CD's card", async () => {
    const drawn = `/media/cds/9/jacket.png?v=${MEDIA_VERSION}`;
    expect((await dramaCdItems(t.services.db, [9]))[0]!.img).toBe(drawn);
    const set = await publish("/api/ops/cds/9/jacket", await picture(600, 600, RED), "jacket", 9);
    const url = `/media/cds/9/jacket.png?v=${set}`;
    expect((await dramaCdItems(t.services.db, [9]))[0]!.img).toBe(url);
    expect(await served(`${url}&w=160`)).toEqual({ cacheControl: IMMUTABLE, colour: "red" });
    expect((await served("/media/cds/9/jacket.png")).cacheControl).toBe("public, max-age=300");
  });
});

describe("a series' appeal image", () => {
  const url = "/api/ops/series/50/appeal-image";
  const post = async (who: string, data?: Buffer) =>
    browsers[who]!.fetch(url, {
      method: "POST",
      body: uploadForm([{ name: "appeal.png", data: data ?? (await picture(800, 400, RED)) }]),
    });

  it("is uploaded only by an editor (visitor 401, member 403, support 403), for a series on record", async () => {
    expect((await post("visitor")).status).toBe(401);
    expect((await post("member")).status).toBe(403);
    expect((await post("support")).status).toBe(403);
    const unknown = await browsers.editor!.fetch("/api/ops/series/999/appeal-image", {
      method: "POST",
      body: uploadForm([{ name: "appeal.png", data: await picture(800, 400, RED) }]),
    });
    expect(unknown.status).toBe(404);
    const text = await post("editor", Buffer.from("not a picture at all"));
    const { job_id } = (await text.json()) as { job_id: string };
    const refused = await jobFinished(browsers.editor!, job_id);
    expect(refused.state).toBe("failed");
    expect(refused.error_message).toContain("appeal.png");
    expect((await seriesItems(t.services.db, [50]))[0]!.appeal_img).toBeNull();
  });

  it("becomes the appeal card's picture at an address naming it, cached for good, and is audited", async () => {
    const set = await publish(url, await picture(800, 400, BLUE), "appeal", 50);
    const address = `/media/series/50/appeal.png?v=${set}`;
    const [card] = await seriesItems(t.services.db, [50]);
    expect(card!.appeal_img).toBe(address);
    expect((await bookItems(t.services.db, [501]))[0]!.appeal_img).toBe(address);
    expect(await served(`${address}&w=480`)).toEqual({ cacheControl: IMMUTABLE, colour: "blue" });
    expect((await served("/media/series/50/appeal.png")).cacheControl).toBe("public, max-age=300");
    expect((await browsers.visitor!.fetch("/media/series/51/appeal.png")).status).toBe(404);
    const [row] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "series"), eq(auditLog.action, "appeal_image")));
    expect(row).toMatchObject({
      entityId: "50",
      after: expect.objectContaining({ image_set: set }),
    });
  });
});
