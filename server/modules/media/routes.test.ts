import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DramaCdPageAnswer } from "../../../contract/dramacd";
import { TATEYOMI_GENRE } from "../../../contract/genres";
import { ART_SHAPES, MEDIA_VERSION, mediaShape, mediaUrl } from "../../../contract/media";
import { Browser, createTestApp } from "../../http/test-client";
import { forgetCatalog } from "../../lib/catalog-generation";
import { users } from "../account/schema";
import { campaignPolicies, campaigns, campaignTargets } from "../campaign/schema";
import {
  books,
  genres,
  ITEM_TYPE_BOOK,
  ITEM_TYPE_DRAMA_CD,
  items,
  publishers,
  series,
  seriesGenres,
} from "../catalog/schema";
import { paymentMethods } from "../commerce/schema";
import { cdBrands, cdLabels, dramaCds, tracks } from "../dramacd/schema";
import { userItems } from "../library/schema";
import { topicPages } from "../topic/schema";
import { updateTopicPageContent } from "../topic/service";
import { MediaCache } from "./cache";
import { artCaption, seriesCaption } from "./captions";
import { mediaRoutes } from "./routes";

let t: Awaited<ReturnType<typeof createTestApp>>;
const mediaDir = mkdtempSync(path.join(tmpdir(), "komaya-media-test-"));
const past = new Date("2026-01-01T00:00:00Z");
const future = new Date("2099-01-01T00:00:00Z");

// Volume 1 free, volume 2 member-free, volume 3 paid, volume 4 not yet released, volume 5 free
// but past the member-free volume number (2), volume 6 paid but free through campaign policy 102.
beforeAll(async () => {
  t = await createTestApp({ dataDir: mediaDir });
  const db = t.services.db;
  await db.insert(publishers).values({ publisherId: 1, name: "桜風社", nameKana: "オウフウシャ" });
  await db.insert(series).values({
    seriesId: 10,
    name: "魔王の娘",
    nameKana: "マオウノムスメ",
    publisherId: 1,
    startDate: past,
  });
  const volume = (bookId: number, v: number, extra: Partial<typeof books.$inferInsert>) => ({
    bookId,
    seriesId: 10,
    itemId: bookId + 1000,
    volume: v,
    title: `魔王の娘 ${v}`,
    price: 600,
    priceInc: 660,
    itemStartDate: past,
    pageCount: 20,
    trialPageCount: 5,
    ...extra,
  });
  await db
    .insert(books)
    .values([
      volume(101, 1, { freeFlag: true, price: 0, priceInc: 0 }),
      volume(102, 2, { memberFreeFlag: true, price: 0, priceInc: 0 }),
      volume(103, 3, {}),
      volume(104, 4, { itemStartDate: future, onsaleFlag: false, freeFlag: true }),
      volume(105, 5, { freeFlag: true, price: 0, priceInc: 0 }),
    ]);
  await db.insert(series).values({
    seriesId: 20,
    name: "勇者の休日",
    nameKana: "ユウシャノキュウジツ",
    publisherId: 1,
    startDate: past,
  });
  await db.insert(books).values({ ...volume(106, 1, {}), seriesId: 20 });
  await db.insert(items).values(
    [101, 102, 103, 104, 105, 106].map((b) => ({
      itemId: b + 1000,
      itemType: ITEM_TYPE_BOOK,
      bookId: b,
      price: 600,
      priceInc: 660,
    })),
  );
  await db
    .insert(campaigns)
    .values({ campaignId: 1, name: "1巻無料", startAt: past, freeFlag: true });
  await db.insert(campaignPolicies).values({ campaignId: 1, policyType: 102, freeCount: 1 });
  await db.insert(campaignTargets).values({ campaignId: 1, seriesId: 20 });
  await db.insert(cdBrands).values({ brandId: 1, name: "ボイスワークス" });
  await db.insert(cdLabels).values({ labelId: 1, brandId: 1, name: "ボイスワークス・ドラマ" });
  await db.insert(dramaCds).values({
    cdId: 7,
    name: "ドラマCD 魔王の娘",
    nameKana: "ドラマシーディー",
    brandId: 1,
    labelId: 1,
    jacket: "jacket_7.png",
    saleStartDate: past,
  });
  await db
    .insert(items)
    .values({ itemId: 5007, itemType: ITEM_TYPE_DRAMA_CD, cdId: 7, price: 2000, priceInc: 2200 });
  await db.insert(tracks).values([
    {
      cdId: 7,
      trackNo: 1,
      name: "プロローグ",
      durationSec: 4,
      fileName: "track_7_1.mp3",
      trialFileName: "trial_7_1.mp3",
      trialDurationSec: 2,
    },
    { cdId: 7, trackNo: 2, name: "本編", durationSec: 3, fileName: "track_7_2.mp3" },
  ]);
  await db.insert(paymentMethods).values({ paymentType: 2, name: "PayPay", sortOrder: 2 });
});
afterAll(async () => {
  await t?.database.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

async function member(
  owned: Array<{ itemId: number; itemType: number; bookId?: number; cdId?: number }> = [],
) {
  const browser = new Browser(t.app);
  const email = `reader-${Math.random().toString(36).slice(2)}@example.jp`;
  await browser.postJson("/api/account/signup", { email, password: "password-123", agree: true });
  const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
  if (owned.length) {
    await t.services.db
      .insert(userItems)
      .values(owned.map((o) => ({ userId: row!.userId, source: "purchase" as const, ...o })));
  }
  return browser;
}

const isPng = (bytes: Uint8Array) =>
  bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;

describe("book images", () => {
  it("serves any cover to anyone as a real, publicly cacheable PNG", async () => {
    const response = await new Browser(t.app).fetch("/media/books/103/cover.png");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(response.headers.get("vary")).toBe("Accept");
    expect(isPng(new Uint8Array(await response.arrayBuffer()))).toBe(true);
  });

  it("answers WebP to a browser that accepts it, at the width asked, immutable when versioned", async () => {
    const response = await new Browser(t.app).fetch(
      `${mediaUrl("/media/books/103/cover.png")}&w=150`,
      {
        headers: { accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("vary")).toBe("Accept");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const image = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    // 150 is served at the nearest drawn width, 160, in the cover's shape.
    expect(image).toMatchObject({ format: "webp", width: 160, height: 226 });
  });

  it("keeps a drawn cover in the store's Storage under drawn/, drawn once, redrawn when removed", async () => {
    const seen: boolean[] = [];
    const cache = new MediaCache(t.services.storage, 1024 * 1024 * 1024, (hit) => seen.push(hit));
    const routes = mediaRoutes(t.services, cache);
    const covers = `drawn/v${MEDIA_VERSION}/cover/10`;
    const before = new Set(await t.services.storage.list(covers));
    const first = await routes.request("/books/105/cover.png?w=120");
    expect(first.status).toBe(200);
    const bytes = Buffer.from(await first.arrayBuffer());
    const added = (await t.services.storage.list(covers)).filter((k) => !before.has(k));
    expect(added).toEqual([expect.stringMatching(/^drawn\/v\d+\/cover\/10\/v5-\d+x\d+.*\.png$/)]);
    const key = added[0]!;
    const second = await routes.request("/books/105/cover.png?w=120");
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
    expect(seen).toEqual([false, true]);
    // Gone from the store (another process's eviction): drawn again rather than a failure.
    await t.services.storage.delete([key]);
    const third = await routes.request("/books/105/cover.png?w=120");
    expect(third.status).toBe(200);
    expect(Buffer.from(await third.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await t.services.storage.exists(key)).toBe(true);
  });

  it("with DRAWN_MEDIA_DIR, two stores share one folder of drawn art: the second draws nothing", async () => {
    const shared = mkdtempSync(path.join(tmpdir(), "komaya-drawn-shared-"));
    const env = { ...t.services.env, DRAWN_MEDIA_DIR: shared };
    const seen: boolean[] = [];
    const [one, two] = [1, 2].map(() =>
      mediaRoutes({
        ...t.services,
        env,
        metrics: { ...t.services.metrics, cacheLookup: (_, hit) => seen.push(hit) },
      }),
    );
    const first = await one!.request("/books/104/cover.png?w=120");
    expect(first.status).toBe(200);
    const again = await two!.request("/books/104/cover.png?w=120");
    expect(
      Buffer.from(await again.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer())),
    ).toBe(true);
    expect(seen).toEqual([false, true]);
    expect(readdirSync(path.join(shared, "drawn"), { recursive: true }).length).toBeGreaterThan(0);
    rmSync(shared, { recursive: true, force: true });
  });

  it("keeps an old version's address out of long caches", async () => {
    const old = await new Browser(t.app).fetch(`/media/books/103/cover.png?v=${MEDIA_VERSION - 1}`);
    expect(old.headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await new Browser(t.app).fetch("/media/books/103/cover.png?w=abc")).status).toBe(400);
  });

  it("serves trial pages to visitors, and no page past the trial of a paid volume", async () => {
    const visitor = new Browser(t.app);
    expect((await visitor.fetch("/media/books/103/pages/5.png")).status).toBe(200);
    const locked = await visitor.fetch("/media/books/103/pages/6.png");
    expect(locked.status).toBe(403);
    expect(locked.headers.get("content-type")).not.toBe("image/png");
  });

  it("serves every page of an owned volume to its owner only, never to shared caches", async () => {
    const owner = await member([{ itemId: 1103, itemType: ITEM_TYPE_BOOK, bookId: 103 }]);
    const page = await owner.fetch("/media/books/103/pages/20.png");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toMatch(/^private/);
    const other = await member();
    expect((await other.fetch("/media/books/103/pages/20.png")).status).toBe(403);
  });

  it("serves a volume's pages the moment the member has bought it, though the refusal before was kept", async () => {
    const reader = await member();
    // Asked twice: the answer "not owned" is kept for the member (decision 0080).
    expect((await reader.fetch("/media/books/103/pages/20.png")).status).toBe(403);
    expect((await reader.fetch("/media/books/103/pages/20.png")).status).toBe(403);
    const bought = await reader.postJson<{ status?: string }>("/api/checkout", {
      item: 1103,
      payment_type: 2,
      token: `media-test-${Math.random().toString(36).slice(2)}-token`,
    });
    expect(bought.body.status).toBe("paid");
    expect((await reader.fetch("/media/books/103/pages/20.png")).status).toBe(200);
    // And only to them.
    expect((await (await member()).fetch("/media/books/103/pages/20.png")).status).toBe(403);
  });

  it("serves free volumes to everyone and member-free volumes to members only", async () => {
    const visitor = new Browser(t.app);
    expect((await visitor.fetch("/media/books/101/pages/12.png")).status).toBe(200);
    expect((await visitor.fetch("/media/books/102/pages/12.png")).status).toBe(403);
    expect((await (await member()).fetch("/media/books/102/pages/12.png")).status).toBe(200);
  });

  it("gives visitors no free volume from the member-free volume number up; members read it", async () => {
    expect((await new Browser(t.app).fetch("/media/books/105/pages/12.png")).status).toBe(403);
    expect((await (await member()).fetch("/media/books/105/pages/12.png")).status).toBe(200);
  });

  it("opens a volume a running campaign makes free, as the series page shows it", async () => {
    expect((await new Browser(t.app).fetch("/media/books/106/pages/12.png")).status).toBe(200);
  });

  it("never lets shared caches keep a page only members may read", async () => {
    const page = await (await member()).fetch("/media/books/102/pages/12.png");
    expect(page.headers.get("cache-control")).toMatch(/^private/);
  });

  it("keeps a free volume closed past its trial until it is released", async () => {
    expect((await new Browser(t.app).fetch("/media/books/104/pages/12.png")).status).toBe(403);
  });

  it("draws a タテヨミ series' pages as one strip, and follows a genre change the catalog announces", async () => {
    const routes = mediaRoutes(t.services, new MediaCache(t.services.storage, 1024 ** 3));
    const pages = `drawn/v${MEDIA_VERSION}/page/106`;
    const drawnAfter = async (url: string) => {
      const before = new Set(await t.services.storage.list(pages));
      expect((await routes.request(url)).status).toBe(200);
      return (await t.services.storage.list(pages)).filter((key) => !before.has(key));
    };
    expect(await drawnAfter("/books/106/pages/1.png")).toEqual([
      expect.not.stringContaining("-strip"),
    ]);
    await t.services.db
      .insert(genres)
      .values({ genreId: TATEYOMI_GENRE, name: "タテヨミ" })
      .onConflictDoNothing();
    await t.services.db.insert(seriesGenres).values({ seriesId: 20, genreId: TATEYOMI_GENRE });
    try {
      // Kept with the volume's terms until the catalog is said to have changed (decision 0087).
      forgetCatalog();
      expect(await drawnAfter("/books/106/pages/2.png")).toEqual([
        expect.stringMatching(/\/p2-of20-720x1024-strip\.png$/),
      ]);
    } finally {
      await t.services.db.delete(seriesGenres).where(eq(seriesGenres.seriesId, 20));
      forgetCatalog();
    }
    expect(await drawnAfter("/books/106/pages/3.png")).toEqual([
      expect.stringMatching(/\/p3-of20-720x1024\.png$/),
    ]);
  });

  it("answers 404 past the last page or for an unknown volume, and 400 for a bad id", async () => {
    const visitor = new Browser(t.app);
    expect((await visitor.fetch("/media/books/101/pages/21.png")).status).toBe(404);
    expect((await visitor.fetch("/media/books/999/cover.png")).status).toBe(404);
    expect((await visitor.fetch("/media/books/0/cover.png")).status).toBe(400);
  });
});

/** Seconds of an MPEG-2 Layer III stream by walking its frames (576 samples at 22,050 Hz each). */
function mp3Seconds(mp3: Buffer): number {
  const kbps = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  let pos = 0;
  let frames = 0;
  while (pos + 4 <= mp3.length) {
    expect(mp3[pos] === 0xff && (mp3[pos + 1]! & 0xe0) === 0xe0).toBe(true);
    pos += Math.floor((72_000 * kbps[mp3[pos + 2]! >> 4]!) / 22_050) + ((mp3[pos + 2]! >> 1) & 1);
    frames++;
  }
  return (frames * 576) / 22_050;
}

describe("drama CD audio", () => {
  it("serves files as long as the CD page lists them: each track its duration_sec, each sample its trial_duration_sec", async () => {
    // Track 3 names a sample without its length (the default applies); track 4 a 20 s one.
    await t.services.db.insert(tracks).values([
      {
        cdId: 7,
        trackNo: 3,
        name: "第一幕",
        durationSec: 40,
        fileName: "track_7_3.mp3",
        trialFileName: "trial_7_3.mp3",
      },
      {
        cdId: 7,
        trackNo: 4,
        name: "第二幕",
        durationSec: 75,
        fileName: "track_7_4.mp3",
        trialFileName: "trial_7_4.mp3",
        trialDurationSec: 20,
      },
    ]);
    const owner = await member([{ itemId: 5007, itemType: ITEM_TYPE_DRAMA_CD, cdId: 7 }]);
    const { body: page } = await owner.getJson<DramaCdPageAnswer>("/api/doramacd/7");
    const listed = page.tracks.filter((tr) => tr.track_no >= 3);
    expect(listed.map((tr) => [tr.duration_sec, tr.trial_duration_sec])).toEqual([
      [40, 15],
      [75, 20],
    ]);
    for (const tr of listed) {
      const full = Buffer.from(await (await owner.fetch(tr.file_url!)).arrayBuffer());
      const trial = Buffer.from(await (await owner.fetch(tr.trial_file_url!)).arrayBuffer());
      // Within one frame (26 ms): the player's clock and the list agree with what is heard.
      expect(Math.abs(mp3Seconds(full) - tr.duration_sec)).toBeLessThan(0.027);
      expect(Math.abs(mp3Seconds(trial) - tr.trial_duration_sec!)).toBeLessThan(0.027);
    }
    await t.services.db.delete(tracks).where(sql`${tracks.cdId} = 7 and ${tracks.trackNo} >= 3`);
    // Draws 40 s and 75 s tracks and their samples: tens of seconds on a busy machine.
  }, 180_000);

  it("plays a trial file to anyone, and has none for a track without one", async () => {
    const visitor = new Browser(t.app);
    const trial = await visitor.fetch("/media/cds/7/trials/1.mp3");
    expect(trial.status).toBe(200);
    expect(trial.headers.get("content-type")).toBe("audio/mpeg");
    expect((await visitor.fetch("/media/cds/7/trials/2.mp3")).status).toBe(404);
  });

  it("plays full tracks only to the owner of the CD", async () => {
    expect((await new Browser(t.app).fetch("/media/cds/7/tracks/1.mp3")).status).toBe(403);
    expect((await (await member()).fetch("/media/cds/7/tracks/1.mp3")).status).toBe(403);
    const owner = await member([{ itemId: 5007, itemType: ITEM_TYPE_DRAMA_CD, cdId: 7 }]);
    const full = await owner.fetch("/media/cds/7/tracks/1.mp3");
    expect(full.status).toBe(200);
    const trial = await owner.fetch("/media/cds/7/trials/1.mp3");
    expect(Number(full.headers.get("content-length"))).toBeGreaterThan(
      Number(trial.headers.get("content-length")),
    );
  });

  it("answers a byte range with 206 so the player can seek", async () => {
    const response = await new Browser(t.app).fetch("/media/cds/7/trials/1.mp3", {
      headers: { range: "bytes=0-99" },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toMatch(/^bytes 0-99\/\d+$/);
    expect((await response.arrayBuffer()).byteLength).toBe(100);
  });

  it("seeks within an owned full track by range: the slice is the file's bytes; refused ranges carry none", async () => {
    const owner = await member([{ itemId: 5007, itemType: ITEM_TYPE_DRAMA_CD, cdId: 7 }]);
    const whole = new Uint8Array(
      await (await owner.fetch("/media/cds/7/tracks/2.mp3")).arrayBuffer(),
    );
    const middle = await owner.fetch("/media/cds/7/tracks/2.mp3", {
      headers: { range: "bytes=1000-1999" },
    });
    expect(middle.status).toBe(206);
    expect(middle.headers.get("accept-ranges")).toBe("bytes");
    expect(middle.headers.get("content-range")).toBe(`bytes 1000-1999/${whole.length}`);
    expect(new Uint8Array(await middle.arrayBuffer())).toEqual(whole.slice(1000, 2000));
    const tail = await owner.fetch("/media/cds/7/tracks/2.mp3", {
      headers: { range: "bytes=-50" },
    });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(whole.slice(-50));
    const beyond = await owner.fetch("/media/cds/7/tracks/2.mp3", {
      headers: { range: `bytes=${whole.length}-` },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${whole.length}`);
    expect(beyond.headers.get("content-type")).toBe("audio/mpeg");
    // A range asked by someone who does not own the CD is still refused, with no audio bytes.
    const stranger = await new Browser(t.app).fetch("/media/cds/7/tracks/2.mp3", {
      headers: { range: "bytes=0-99" },
    });
    expect(stranger.status).toBe(403);
    expect(stranger.headers.get("content-type")).not.toBe("audio/mpeg");
  });
});

describe("marketing art", () => {
  const filesIn = (dir: string) =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith(".png"))
      : [];

  it("draws only the images content links to; invented names are 404 and write nothing", async () => {
    const visitor = new Browser(t.app);
    const before = filesIn(mediaDir).length;
    for (let i = 0; i < 300; i++) {
      const invented = await visitor.fetch(`/media/banner/made-up-${i}.png`);
      expect(invented.status).toBe(404);
    }
    expect((await visitor.fetch("/media/secrets/1.png")).status).toBe(404);
    expect(filesIn(mediaDir)).toHaveLength(before);
  });

  it("draws what the seeded content links to, campaign images by id included", async () => {
    await t.services.db.execute(sql`select record_linked_media_art()`);
    const visitor = new Browser(t.app);
    const campaign = await visitor.fetch(mediaUrl("/media/campaign/1.png"), {
      headers: { accept: "image/webp,*/*" },
    });
    expect(campaign.status).toBe(200);
    expect(campaign.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const image = await sharp(Buffer.from(await campaign.arrayBuffer())).metadata();
    expect(image).toMatchObject({ format: "webp", width: 702, height: 240 });
    expect((await visitor.fetch("/media/campaign/2.png")).status).toBe(404);
  });

  it("draws a piece of art in the shape of the slot that asks (?shape=), and refuses others", async () => {
    const visitor = new Browser(t.app);
    for (const [shape, size] of Object.entries(ART_SHAPES)) {
      const url = mediaShape(mediaUrl("/media/campaign/1.png"), shape as keyof typeof ART_SHAPES);
      const drawn = await visitor.fetch(url);
      expect(drawn.status, url).toBe(200);
      expect(drawn.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const image = await sharp(Buffer.from(await drawn.arrayBuffer())).metadata();
      expect(image, shape).toMatchObject(size);
      // At twice the width for sharp screens, in the same shape.
      const sharp2x = await visitor.fetch(`${url}&w=${size.width * 2}`);
      const twice = await sharp(Buffer.from(await sharp2x.arrayBuffer())).metadata();
      expect(twice.height! / twice.width!).toBeCloseTo(size.height / size.width, 2);
    }
    const odd = await visitor.fetch("/media/campaign/1.png?shape=huge");
    expect(odd.status).toBe(400);
    expect(await odd.text()).toContain("shape");
  });

  it("takes a campaign banner's headline, offer and covers from the campaign itself", async () => {
    const caption = await artCaption(t.services.db, "campaign", "1");
    expect(caption.banner).toMatchObject({
      headline: "1巻無料",
      badge: "1巻無料",
      covers: [{ seriesId: 20, title: "勇者の休日" }],
    });
    expect(await seriesCaption(t.services.db, 10)).toMatchObject({ title: "魔王の娘" });
  });

  it("names each image of a topic page by its own block, and marks the advertiser's one", async () => {
    const db = t.services.db;
    const content = JSON.stringify([
      {
        columns: [
          {
            blocks: [
              {
                type: "imgList",
                items: [
                  { src: "/media/topic/fair-sale.png", alt: "最大50%OFFセール" },
                  { src: "/media/topic/fair-free.png", alt: "1巻無料フェア" },
                ],
              },
              {
                type: "leadlinkImg",
                src: "/media/topic/fair-ad.png",
                alt: "【PR】TVアニメ公式サイト",
                href: "https://aebs.or.jp/",
              },
            ],
          },
        ],
      },
    ]);
    await db.insert(topicPages).values({ pageName: "fair-art", title: "秋のマンガ祭り", content });
    const sale = await artCaption(db, "topic", "fair-sale");
    const free = await artCaption(db, "topic", "fair-free");
    const ad = await artCaption(db, "topic", "fair-ad");
    expect(sale.banner.headline).toBe("最大50%OFFセール");
    expect(free.banner.headline).toBe("1巻無料フェア");
    // Not the page's title, and not the store's banner look.
    expect(ad.banner).toEqual({ headline: "TVアニメ公式サイト", ad: true });
    expect(sale.banner.ad).toBeUndefined();
  });

  it("draws an image once staff link to it from a topic page", async () => {
    const db = t.services.db;
    await db.insert(topicPages).values({ pageName: "spring", title: "春の特集", content: "[]" });
    const visitor = new Browser(t.app);
    expect((await visitor.fetch("/media/topic/spring-sale.png")).status).toBe(404);
    const content = JSON.stringify([{ type: "image", src: "/media/topic/spring-sale.png" }]);
    await updateTopicPageContent(db, "topic", "spring", content);
    const drawn = await visitor.fetch("/media/topic/spring-sale.png?w=360");
    expect(drawn.status).toBe(200);
    const bytes = Buffer.from(await drawn.arrayBuffer());
    expect(isPng(bytes)).toBe(true);
    // The width the page asks, in the shape of a topic image (720 × 360).
    expect(drawn.headers.get("content-type")).toBe("image/png");
    const image = await sharp(bytes).metadata();
    expect(image).toMatchObject({ width: 360, height: 180 });
  });
});
