import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  BookshelfAnswer,
  BookshelfCdAnswer,
  RecentlyCheckedSeries,
} from "../../../contract/bookshelf";
import type { UserStatus } from "../../../contract/status";
import { Browser, createTestApp } from "../../http/test-client";
import { users } from "../account/schema";
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
import { cdBrands, cdLabels, dramaCds } from "../dramacd/schema";
import { readingProgress, seriesNotifications, seriesViews, userItems } from "../library/schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const longAgo = new Date("2025-01-01T00:00:00Z");

/**
 * Series (kana order アオゾラ 1, イズミ 3, ウミ 4, エキ 5, カゼ 2):
 * 1: volumes 1–3 old, volume 4 out two days ago (a 新刊). Owned 1–2 bought ten days ago; 1 read to
 *    the end three hours ago, 2 never opened.
 * 2: volumes 1–2 old, both taken free five days ago, both read to the end two days ago.
 * 3: volume 1 (free) read without owning it an hour ago, at page 5.
 * 5: volume 1 (paid) tried: its trial pages read, which does not put it on the shelf.
 * 4: not on the shelf, notified, volume 2 out yesterday. 5: notified, nothing new.
 * 6: 151 volumes; volume 1 owned by another member, the other 150 out within the last week.
 */
async function seed() {
  const db = t.services.db;
  await db.insert(publishers).values({ publisherId: 1, name: "桜風社", nameKana: "オウフウシャ" });
  await db.insert(genres).values({ genreId: 2, name: "少女・女性" });
  const names: Array<[number, string, string]> = [
    [1, "あおぞら日和", "アオゾラビヨリ"],
    [2, "かぜの便り", "カゼノタヨリ"],
    [3, "いずみの森", "イズミノモリ"],
    [4, "うみの家", "ウミノイエ"],
    [5, "えきの灯", "エキノアカリ"],
    [6, "ろくでなし百景", "ロクデナシヒャッケイ"],
  ];
  await db.insert(series).values(
    names.map(([seriesId, name, nameKana]) => ({
      seriesId,
      name,
      nameKana,
      publisherId: 1,
      startDate: longAgo,
    })),
  );
  await db.insert(seriesGenres).values(names.map(([seriesId]) => ({ seriesId, genreId: 2 })));
  const volumes: Array<{ seriesId: number; volume: number; at: Date }> = [
    { seriesId: 1, volume: 1, at: longAgo },
    { seriesId: 1, volume: 2, at: longAgo },
    { seriesId: 1, volume: 3, at: longAgo },
    { seriesId: 1, volume: 4, at: ago(2 * DAY) },
    { seriesId: 2, volume: 1, at: longAgo },
    { seriesId: 2, volume: 2, at: longAgo },
    { seriesId: 3, volume: 1, at: longAgo },
    { seriesId: 4, volume: 1, at: longAgo },
    { seriesId: 4, volume: 2, at: ago(DAY) },
    { seriesId: 5, volume: 1, at: longAgo },
    { seriesId: 6, volume: 1, at: longAgo },
  ];
  for (let v = 2; v <= 151; v++) volumes.push({ seriesId: 6, volume: v, at: ago(v * HOUR) });
  const rows = volumes.map((v) => ({
    bookId: v.seriesId * 1000 + v.volume,
    seriesId: v.seriesId,
    itemId: v.seriesId * 1000 + v.volume,
    volume: v.volume,
    title: `${names[v.seriesId - 1]![1]} ${v.volume}`,
    price: 600,
    priceInc: 660,
    itemStartDate: v.at,
    pageCount: 40,
    trialPageCount: 5,
    // Series 3's first volume is free to read; every other volume is paid (trial pages only).
    freeFlag: v.seriesId === 3 && v.volume === 1,
  }));
  await db.insert(books).values(rows);
  await db.insert(items).values(
    rows.map((b) => ({
      itemId: b.itemId,
      itemType: ITEM_TYPE_BOOK,
      bookId: b.bookId,
      price: 600,
      priceInc: 660,
    })),
  );
  await db.insert(cdBrands).values({ brandId: 1, name: "ボイスワークス" });
  await db.insert(cdLabels).values({ labelId: 1, brandId: 1, name: "ささやきレーベル" });
  await db.insert(dramaCds).values([
    {
      cdId: 1,
      name: "夜更けの放送室",
      nameKana: "ヨフケノホウソウシツ",
      brandId: 1,
      labelId: 1,
      jacket: "1.png",
      saleStartDate: longAgo,
    },
    {
      cdId: 2,
      name: "春の終わりに",
      nameKana: "ハルノオワリニ",
      brandId: 1,
      labelId: 1,
      jacket: "2.png",
      saleStartDate: longAgo,
    },
  ]);
  await db.insert(items).values([
    { itemId: 9001, itemType: ITEM_TYPE_DRAMA_CD, cdId: 1, price: 1000, priceInc: 1100 },
    { itemId: 9002, itemType: ITEM_TYPE_DRAMA_CD, cdId: 2, price: 1000, priceInc: 1100 },
  ]);
}

async function member(label: string) {
  const browser = new Browser(t.app);
  const email = `${label}-${Math.random().toString(36).slice(2)}@example.jp`;
  const signup = await browser.postJson("/api/account/signup", {
    email,
    password: "password-123",
    agree: true,
  });
  expect(signup.status).toBe(200);
  const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
  return { browser, userId: row!.userId };
}

async function own(
  userId: number,
  seriesId: number,
  volume: number,
  source: "purchase" | "free",
  at: Date,
) {
  const id = seriesId * 1000 + volume;
  await t.services.db.insert(userItems).values({
    userId,
    itemId: id,
    itemType: ITEM_TYPE_BOOK,
    seriesId,
    bookId: id,
    source,
    acquiredAt: at,
  });
  // Written here as a checkout would, which tells what is kept of the member (decision 0038).
  await t.services.memberKept.changed(userId);
}

function read(
  userId: number,
  seriesId: number,
  volume: number,
  page: number,
  finished: boolean,
  at: Date,
) {
  return t.services.db
    .insert(readingProgress)
    .values({ userId, seriesId, bookId: seriesId * 1000 + volume, page, finished, updatedAt: at })
    .onConflictDoUpdate({
      target: [readingProgress.userId, readingProgress.bookId],
      set: { page, finished, updatedAt: at },
    });
}

let reader: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  await seed();
  reader = await member("shelf");
  const u = reader.userId;
  await own(u, 1, 1, "purchase", ago(10 * DAY));
  await own(u, 1, 2, "purchase", ago(10 * DAY));
  await own(u, 2, 1, "free", ago(5 * DAY));
  await own(u, 2, 2, "free", ago(5 * DAY));
  await read(u, 1, 1, 1, true, ago(3 * HOUR));
  await read(u, 2, 1, 1, true, ago(2 * DAY));
  await read(u, 2, 2, 1, true, ago(2 * DAY));
  await read(u, 3, 1, 5, false, ago(HOUR));
  await read(u, 5, 1, 3, false, ago(4 * HOUR));
  await t.services.db.insert(seriesNotifications).values([
    { userId: u, seriesId: 4 },
    { userId: u, seriesId: 5 },
  ]);
  await t.services.db.insert(userItems).values({
    userId: u,
    itemId: 9001,
    itemType: ITEM_TYPE_DRAMA_CD,
    cdId: 1,
    source: "purchase",
    acquiredAt: ago(30 * DAY),
  });
  await t.services.db.insert(userItems).values({
    userId: u,
    itemId: 9002,
    itemType: ITEM_TYPE_DRAMA_CD,
    cdId: 2,
    source: "present",
    acquiredAt: ago(DAY),
  });
});
afterAll(async () => {
  await t?.database.close();
});

async function shelf(who: Browser, query: Record<string, unknown> = {}) {
  const answer = await who.postJson<BookshelfAnswer>("/api/bookshelf", query);
  expect(answer.status).toBe(200);
  return answer.body;
}
const ids = (answer: BookshelfAnswer) => answer.books.map((b) => b.series_id);

describe("/api/bookshelf", () => {
  it("lists owned and free-read series, most recently bought first, with counts and covers", async () => {
    const answer = await shelf(reader.browser);
    expect(answer.result).toBe(true);
    expect(answer.locked).toBe(false);
    expect(ids(answer)).toEqual([2, 1, 3]);
    expect(answer.pattern).toEqual({ page: 1, total_page: 1, limit: 30, offset: 0, hit: 3 });
    const first = answer.books.find((b) => b.series_id === 1)!;
    expect(first).toMatchObject({
      name: "あおぞら日和",
      period_type: "paid",
      buy_status: "buy",
      own_book_count: 2,
      new_book_count: 1,
      unread_count: 1,
      finished_flag: false,
    });
    expect(first.volumes.map((v) => [v.volume, v.own_flag, v.new_flag])).toEqual([
      [1, true, false],
      [2, true, false],
      [4, false, true],
    ]);
    // Owned volumes open the reader (which resumes at the saved page); a new one its volume page.
    expect(first.volumes[0]!.url).toBe("/viewer/speed.html?cid=1001&series=1");
    expect(first.volumes[2]!.url).toBe("/series/1/book/1004");
    expect(first.img).toBe("/media/books/1002/cover.png?v=3");
    // 続きを読む follows the series page's rule: the latest volume read (all read are finished).
    expect(first.continue_url).toBe("/viewer/speed.html?cid=1001&series=1");
    const free = answer.books.find((b) => b.series_id === 3)!;
    expect(free).toMatchObject({ period_type: "free", buy_status: null, own_book_count: 0 });
    expect(free.volumes[0]).toMatchObject({
      page: 5,
      own_flag: false,
      url: "/viewer/speed.html?cid=3001&series=3",
    });
    expect(free.continue_url).toBe("/viewer/speed.html?cid=3001&series=3");
    expect(answer.filter_statuses.counts).toEqual({
      all: 3,
      paid: 2,
      free: 1,
      buy: 1,
      free_buy: 1,
      unread: 1,
      finished: 1,
    });
  });

  it("sorts by most recently read and by title", async () => {
    expect(ids(await shelf(reader.browser, { sort: "read" }))).toEqual([3, 1, 2]);
    expect(ids(await shelf(reader.browser, { sort: "title" }))).toEqual([1, 3, 2]);
    expect(ids(await shelf(reader.browser, { sort: "bought" }))).toEqual([2, 1, 3]);
  });

  it("filters by period type, buy status, unread and finished, and echoes the filters", async () => {
    expect(ids(await shelf(reader.browser, { period_type: "paid" }))).toEqual([2, 1]);
    expect(ids(await shelf(reader.browser, { period_type: "free" }))).toEqual([3]);
    expect(ids(await shelf(reader.browser, { buy_status: "buy" }))).toEqual([1]);
    expect(ids(await shelf(reader.browser, { buy_status: "free" }))).toEqual([2]);
    expect(ids(await shelf(reader.browser, { unread: true }))).toEqual([1]);
    const finished = await shelf(reader.browser, { finished: true });
    expect(ids(finished)).toEqual([2]);
    expect(finished.filter_statuses).toMatchObject({
      finished: true,
      unread: false,
      sort: "bought",
      category: 0,
    });
    expect(ids(await shelf(reader.browser, { period_type: "paid", unread: true }))).toEqual([1]);
    // The query string works as well as the body (GET), with filters as text.
    const got = await reader.browser.getJson<BookshelfAnswer>("/api/bookshelf?unread=1&sort=title");
    expect(ids(got.body)).toEqual([1]);
  });

  it("category 2 lists series with new volumes, category 4 new-release notices of notified series", async () => {
    // 新刊 holds what the badge counts: the shelf's series 1 and notified series 4 off the shelf.
    const fresh = await shelf(reader.browser, { category: 2 });
    expect(ids(fresh)).toEqual([1, 4]);
    const notices = await shelf(reader.browser, { category: 4 });
    expect(ids(notices)).toEqual([4]);
    expect(notices.books[0]).toMatchObject({
      period_type: null,
      notification_flag: true,
      new_book_count: 1,
    });
    expect(notices.books[0]!.volumes.map((v) => v.book_id)).toEqual([4002]);
  });

  it("pages the shelf", async () => {
    const beyond = await shelf(reader.browser, { page: 2 });
    expect(beyond.books).toEqual([]);
    expect(beyond.pattern).toMatchObject({ page: 2, total_page: 1, hit: 3, offset: 30 });
  });

  it("hides a series until it is revealed, and lists hidden series for /bookshelf_reveal", async () => {
    const hide = await reader.browser.postJson("/api/bookshelf/hide", { series: [1] });
    expect(hide.body.result).toBe(true);
    const after = await shelf(reader.browser);
    expect(ids(after)).toEqual([2, 3]);
    expect(after.hidden_count).toBe(1);
    expect(ids(await shelf(reader.browser, { hidden: true }))).toEqual([1]);
    // A hidden series' new volume leaves the header badge too (notified series 4's stays).
    const status = await reader.browser.postJson<UserStatus>("/api/user");
    expect(status.body.bookshelf_new_count).toBe(1);
    await reader.browser.postJson("/api/bookshelf/reveal", { series: [1] });
    expect(ids(await shelf(reader.browser))).toEqual([2, 1, 3]);
    expect(ids(await shelf(reader.browser, { hidden: true }))).toEqual([]);
  });

  it("removes a free-read series until it is read again, and refuses to remove an owned one", async () => {
    const owned = await reader.browser.postJson("/api/bookshelf/remove", { series: [1] });
    expect(owned.status).toBe(409);
    expect(ids(await shelf(reader.browser))).toEqual([2, 1, 3]);
    const removed = await reader.browser.postJson("/api/bookshelf/remove", { series: [3] });
    expect(removed.body.result).toBe(true);
    expect(ids(await shelf(reader.browser))).toEqual([2, 1]);
    await read(reader.userId, 3, 1, 6, false, new Date(Date.now() + 1000));
    expect(ids(await shelf(reader.browser))).toEqual([2, 1, 3]);
    await read(reader.userId, 3, 1, 5, false, ago(HOUR));
  });

  it("shows nothing while 本棚ロック is shut, and opens for the right passcode only", async () => {
    const who = await member("lock");
    await own(who.userId, 1, 1, "purchase", ago(DAY));
    expect(ids(await shelf(who.browser))).toEqual([1]);
    const on = await who.browser.postJson("/api/bookshelf/lock", {
      passcode: "2468",
      enable: true,
    });
    expect(on.body).toMatchObject({ result: true, lock_enabled: true });
    const shut = await shelf(who.browser);
    expect(shut).toMatchObject({ locked: true, lock_enabled: true, books: [] });
    expect(shut.pattern.hit).toBe(0);
    const cds = await who.browser.postJson<BookshelfCdAnswer>("/api/bookshelf/doramacd");
    expect(cds.body).toMatchObject({ locked: true, cds: [] });
    expect((await who.browser.postJson("/api/bookshelf/unlock", { passcode: "1357" })).status).toBe(
      403,
    );
    expect((await shelf(who.browser)).locked).toBe(true);
    expect(
      (await who.browser.postJson("/api/bookshelf/unlock", { passcode: "2468" })).body.result,
    ).toBe(true);
    const open = await shelf(who.browser);
    expect(open.locked).toBe(false);
    expect(ids(open)).toEqual([1]);
    // Never opened: 続きを読む starts at the first owned volume.
    expect(open.books[0]!.continue_url).toBe("/viewer/speed.html?cid=1001&series=1");
    // Turning it off needs the passcode; a second lock while one is set is refused.
    expect(
      (await who.browser.postJson("/api/bookshelf/lock", { passcode: "2468", enable: true }))
        .status,
    ).toBe(409);
    expect(
      (await who.browser.postJson("/api/bookshelf/lock", { passcode: "0000", enable: false }))
        .status,
    ).toBe(403);
    const off = await who.browser.postJson("/api/bookshelf/lock", {
      passcode: "2468",
      enable: false,
    });
    expect(off.body).toMatchObject({ result: true, lock_enabled: false });
    expect((await shelf(who.browser)).lock_enabled).toBe(false);
  });

  it("stops taking passcodes after five wrong ones", async () => {
    const who = await member("guess");
    await who.browser.postJson("/api/bookshelf/lock", { passcode: "9999", enable: true });
    for (let i = 0; i < 5; i++) {
      expect(
        (await who.browser.postJson("/api/bookshelf/unlock", { passcode: `000${i}` })).status,
      ).toBe(403);
    }
    expect((await who.browser.postJson("/api/bookshelf/unlock", { passcode: "9999" })).status).toBe(
      429,
    );
  });

  it("checks at most five of 40 wrong passcodes sent at once; the rest wait (429, Retry-After)", async () => {
    const who = await member("race");
    await who.browser.postJson("/api/bookshelf/lock", { passcode: "8642", enable: true });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        who.browser.fetch("/api/bookshelf/unlock", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ passcode: String(1000 + i) }),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    for (const a of answers.filter((a) => a.status === 429)) {
      expect(Number(a.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // The right passcode too waits until the window ends.
    expect((await who.browser.postJson("/api/bookshelf/unlock", { passcode: "8642" })).status).toBe(
      429,
    );
  });

  it("answers 401 to visitors", async () => {
    const visitor = new Browser(t.app);
    for (const path of [
      "/api/bookshelf",
      "/api/bookshelf/doramacd",
      "/api/bookshelf/hide",
      "/api/recently/books",
      "/api/series_view/clear",
    ]) {
      const answer = await visitor.postJson(path, {});
      expect(answer.status, path).toBe(401);
      expect(answer.body.result).toBe(false);
    }
  });

  it("answers 400 naming the field for bad input", async () => {
    const bad: Array<[string, unknown, string]> = [
      ["/api/bookshelf", { category: 3 }, "category"],
      ["/api/bookshelf", { sort: "price" }, "sort"],
      ["/api/bookshelf", { period_type: "rental" }, "period_type"],
      ["/api/bookshelf", { buy_status: "gift" }, "buy_status"],
      ["/api/bookshelf", { unread: "maybe" }, "unread"],
      ["/api/bookshelf", { page: 0 }, "page"],
      ["/api/bookshelf/doramacd", { category: 4 }, "category"],
      ["/api/bookshelf/hide", { series: [] }, "series"],
      ["/api/bookshelf/remove", { series: ["x"] }, "series"],
      ["/api/bookshelf/lock", { passcode: "12a4", enable: true }, "passcode"],
      ["/api/bookshelf/unlock", { passcode: 1234 }, "passcode"],
    ];
    for (const [path, body, field] of bad) {
      const answer = await reader.browser.postJson(path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.error_message).toContain(field);
    }
  });
});

describe("/api/bookshelf/doramacd", () => {
  it("lists owned drama CDs newest first; category 2 those got lately", async () => {
    const all = await reader.browser.postJson<BookshelfCdAnswer>("/api/bookshelf/doramacd", {});
    expect(all.body.cds.map((c) => c.cd_id)).toEqual([2, 1]);
    expect(all.body.cds[0]).toMatchObject({
      name: "春の終わりに",
      url: "/doramacd/2",
      img: "/media/cds/2/jacket.png?v=3",
    });
    expect(all.body.pattern.hit).toBe(2);
    const fresh = await reader.browser.postJson<BookshelfCdAnswer>("/api/bookshelf/doramacd", {
      category: 2,
    });
    expect(fresh.body.cds.map((c) => c.cd_id)).toEqual([2]);
  });
});

describe("bookshelf_new_count", () => {
  it("counts new, unowned volumes of the shelf's series, beyond 99 as the number itself", async () => {
    const status = await reader.browser.postJson<UserStatus>("/api/user");
    // Series 1's volume 4 on the shelf, and notified series 4's volume 2 off it.
    expect(status.body.bookshelf_new_count).toBe(2);
    // 通知 off: the notified series' new volume leaves the badge; on again, it is back.
    await reader.browser.postJson("/api/series_notification", { series: 4 });
    expect((await reader.browser.postJson<UserStatus>("/api/user")).body.bookshelf_new_count).toBe(
      1,
    );
    await reader.browser.postJson("/api/series_notification", { series: 4 });
    expect((await reader.browser.postJson<UserStatus>("/api/user")).body.bookshelf_new_count).toBe(
      2,
    );
    const big = await member("big");
    expect((await big.browser.postJson<UserStatus>("/api/user")).body.bookshelf_new_count).toBe(0);
    await own(big.userId, 6, 1, "purchase", ago(30 * DAY));
    const many = await big.browser.postJson<UserStatus>("/api/user");
    // The header shows this as 99+ (badgeText, spec 001 §9).
    expect(many.body.bookshelf_new_count).toBe(150);
    expect(many.body.badge.no_buy_new).toBe(true);
    await own(big.userId, 6, 2, "purchase", ago(DAY));
    expect((await big.browser.postJson<UserStatus>("/api/user")).body.bookshelf_new_count).toBe(
      149,
    );
  });
});

describe("/api/recently/books", () => {
  it("lists viewed and read series newest first with 続きを読む, and 履歴を削除 empties it", async () => {
    const who = await member("recent");
    await read(who.userId, 3, 1, 5, false, ago(2 * HOUR));
    await t.services.db
      .insert(seriesViews)
      .values({ userId: who.userId, seriesId: 5, viewedAt: ago(HOUR) });
    const answer = await who.browser.postJson<{ books: RecentlyCheckedSeries[] }>(
      "/api/recently/books",
    );
    expect(answer.body.books.map((b) => b.series_id)).toEqual([5, 3]);
    expect(answer.body.books[1]).toMatchObject({
      name: "いずみの森",
      url: "/series/3",
      continue_url: "/viewer/speed.html?cid=3001&series=3",
      continue_volume: 1,
    });
    expect(answer.body.books[0]!.continue_url).toBe("");
    const cleared = await who.browser.postJson("/api/series_view/clear");
    expect(cleared.body.result).toBe(true);
    expect(
      (await who.browser.postJson<{ books: unknown[] }>("/api/recently/books")).body.books,
    ).toEqual([]);
    // Reading after the clear counts again; the saved page itself was kept for the reader.
    await read(who.userId, 3, 1, 7, false, new Date(Date.now() + 1000));
    const again = await who.browser.postJson<{ books: RecentlyCheckedSeries[] }>(
      "/api/recently/books",
    );
    expect(again.body.books.map((b) => b.series_id)).toEqual([3]);
  });
});
