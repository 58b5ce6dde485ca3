import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Book,
  buyableBooks,
  isNotReleased,
  type SeriesInfo,
  type SeriesUserData,
  visibleBooks,
} from "../../contract/series";
import { Browser, createTestApp } from "../http/test-client";
import { campaignPolicies, campaigns, campaignTargets } from "../modules/campaign/schema";
import {
  authors,
  books,
  genres,
  ITEM_TYPE_BOOK,
  items,
  labels,
  publishers,
  series,
  seriesAuthors,
  seriesGenres,
  seriesTags,
  tags,
} from "../modules/catalog/schema";
import { cartItems, coupons } from "../modules/commerce/schema";
import { readingProgress, seriesFavorites, userItems } from "../modules/library/schema";
import { bookRatings } from "../modules/review/schema";

type Main = {
  series: SeriesInfo;
  books: Book[];
  related: { series_id: number }[];
  campaigns: { campaign_id: number }[];
};

let t: Awaited<ReturnType<typeof createTestApp>>;
const DAY = 86_400_000;
const past = new Date(Date.now() - 100 * DAY);
const soon = new Date(Date.now() + 10 * DAY);

/**
 * Series 10: volume 1 free, volume 2 free (member-free for visitors, being ≥ member_free_vol 2),
 * volume 3 paid 660 yen under a running 50% sale with a volume coupon, volume 4 announced for
 * next week. Series 11 shares its author (related). Series 12 has only an unreleased volume.
 */
beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.db;
  await db.insert(genres).values([{ genreId: 2, name: "少女・女性" }]);
  await db.insert(publishers).values({ publisherId: 1, name: "桜風社", nameKana: "オウフウシャ" });
  await db.insert(labels).values({ labelId: 5, publisherId: 1, name: "桜風コミックス" });
  await db.insert(authors).values([
    { authorId: 1, name: "春野さくら", nameKana: "ハルノサクラ" },
    { authorId: 2, name: "秋月", nameKana: "アキヅキ" },
  ]);
  await db.insert(tags).values({ tagId: 3, name: "溺愛" });
  const seriesRow = (seriesId: number, name: string, latestBookId: number | null) => ({
    seriesId,
    name,
    nameKana: "テスト",
    description: "<b>王子</b>と\n魔法の物語。",
    publisherId: 1,
    labelId: 5,
    startDate: past,
    latestBookId,
    volumeCount: latestBookId ? 3 : 0,
    ratingAverage: 4.2,
    ratingCount: 12,
    latestReleaseDate: latestBookId ? past : null,
  });
  await db
    .insert(series)
    .values([
      seriesRow(10, "魔法の王子さま", 103),
      seriesRow(11, "王子さまの休日", 201),
      seriesRow(12, "まだ読めない物語", null),
    ]);
  await db.insert(seriesGenres).values([
    { seriesId: 10, genreId: 2 },
    { seriesId: 11, genreId: 2 },
  ]);
  await db.insert(seriesTags).values({ seriesId: 10, tagId: 3 });
  await db.insert(seriesAuthors).values([
    { seriesId: 10, authorId: 1, role: "原作", sortOrder: 1 },
    { seriesId: 10, authorId: 2, role: "漫画", sortOrder: 2 },
    { seriesId: 11, authorId: 1, role: "著者", sortOrder: 1 },
  ]);
  const book = (
    bookId: number,
    seriesId: number,
    volume: number,
    extra: Partial<typeof books.$inferInsert> = {},
  ) => ({
    bookId,
    seriesId,
    itemId: bookId + 1000,
    volume,
    title: `第${volume}巻`,
    price: 600,
    priceInc: 660,
    itemStartDate: past,
    pageCount: 100,
    trialPageCount: 10,
    ...extra,
  });
  const bookRows = [
    book(101, 10, 1, { freeFlag: true, price: 0, priceInc: 0 }),
    book(102, 10, 2, { freeFlag: true, price: 0, priceInc: 0 }),
    book(103, 10, 3),
    book(104, 10, 4, { onsaleFlag: false, itemStartDate: soon }),
    book(201, 11, 1),
    book(301, 12, 1, { onsaleFlag: false, itemStartDate: soon }),
  ];
  await db.insert(books).values(bookRows);
  await db.insert(items).values(
    bookRows.map((b) => ({
      itemId: b.itemId,
      itemType: ITEM_TYPE_BOOK,
      bookId: b.bookId,
      price: b.price,
      priceInc: b.priceInc,
      onsaleFlag: b.onsaleFlag ?? true,
    })),
  );
  await db.insert(campaigns).values([
    {
      campaignId: 1,
      name: "半額セール",
      genreIds: [1, 2],
      saleFlag: true,
      startAt: past,
      endAt: soon,
    },
    {
      campaignId: 2,
      name: "3巻クーポン",
      genreIds: [2],
      couponFlag: true,
      startAt: past,
      endAt: soon,
    },
  ]);
  await db.insert(campaignPolicies).values({ campaignId: 1, policyType: 101, salePct: 50 });
  await db.insert(campaignTargets).values([
    { campaignId: 1, seriesId: 10, sortOrder: 1 },
    { campaignId: 2, seriesId: 10, itemId: 1103, sortOrder: 1 },
  ]);
  await db.insert(coupons).values({
    couponId: 7,
    couponType: 2,
    campaignId: 2,
    name: "3巻20%OFF",
    discountType: 1,
    discountValue: 20,
    startAt: past,
    endAt: soon,
  });
});
afterAll(async () => {
  await t?.database.close();
});

async function member(name: string) {
  const browser = new Browser(t.app);
  const signup = await browser.postJson("/api/account/signup", {
    email: `series-${Math.random().toString(36).slice(2)}@example.jp`,
    password: "password-123",
    nickname: name,
    agree: true,
  });
  if (!signup.body.result) throw new Error(JSON.stringify(signup.body));
  const status = await browser.getJson<{ uid: string }>("/api/status");
  return { browser, userId: Number(status.body.uid) };
}

const SERIES_INFO_FIELDS = [
  "series_id",
  "item_id",
  "volume",
  "publisher_id",
  "publisher_name",
  "price",
  "price_inc",
  "img",
  "name",
  "rating_average",
  "rating_count",
  "description",
  "genres",
  "categories",
  "authors",
  "tags",
  "label",
  "new_flag",
  "cart_flag",
  "complete_flag",
  "all_free_flag",
  "part_free_flag",
  "sale_flag",
  "book_count",
  "own_book_count",
  "volume_count",
  "campaign_count",
  "cart_count",
  "favorite_flag",
];
const BOOK_FIELDS = [
  "book_id",
  "volume",
  "free_flag",
  "member_free_flag",
  "onsale_flag",
  "price",
  "coupon_flag",
  "available_coupon_id",
  "coupon_end_date",
  "coupon_discount_type",
  "coupon_discount_value",
  "campaign_item",
];

describe("series main", () => {
  it("answers every Series info and Book field, with related series and campaigns", async () => {
    const { body, status } = await new Browser(t.app).getJson<Main>(
      "/api/shared/series/10/main?k=1",
    );
    expect(status).toBe(200);
    for (const f of SERIES_INFO_FIELDS) expect(body.series).toHaveProperty(f);
    for (const b of body.books) for (const f of BOOK_FIELDS) expect(b).toHaveProperty(f);
    expect(body.series).toMatchObject({
      name: "魔法の王子さま",
      publisher_name: "桜風社",
      label: { label_id: 5, name: "桜風コミックス" },
      authors: [
        { author_id: 1, name: "春野さくら", role: "原作" },
        { author_id: 2, name: "秋月", role: "漫画" },
      ],
      genres: [{ genre_id: 2, name: "少女・女性" }],
      tags: [{ tag_id: 3, name: "溺愛" }],
      volume: 3,
      price_inc: 330,
      part_free_flag: true,
      all_free_flag: false,
      sale_flag: true,
      book_count: 3,
      campaign_count: 2,
    });
    expect(body.related.map((r) => r.series_id)).toEqual([11]);
    expect(body.campaigns.map((c) => c.campaign_id).sort()).toEqual([1, 2]);
  });

  it("prices a volume under a running sale and names the coupon that applies to it", async () => {
    const { body } = await new Browser(t.app).getJson<Main>("/api/shared/series/10/main?k=2");
    const third = body.books.find((b) => b.volume === 3)!;
    expect(third).toMatchObject({
      price: 330,
      before_price: 660,
      coupon_flag: true,
      available_coupon_id: 7,
      coupon_discount_type: 1,
      coupon_discount_value: 20,
      campaign_item: { campaign_id: 1, policy_type: 101, sale_pct: 50 },
    });
    expect(body.books.find((b) => b.volume === 1)).toMatchObject({ price: 0, coupon_flag: false });
  });

  it("shows visitors free volumes from member_free_vol upward as free for members only", async () => {
    const visitor = await new Browser(t.app).postJson<Main>("/api/personal/series/10/main");
    const byVolume = (list: Book[], v: number) => list.find((b) => b.volume === v)!;
    expect(byVolume(visitor.body.books, 1)).toMatchObject({
      free_flag: true,
      member_free_flag: false,
    });
    expect(byVolume(visitor.body.books, 2)).toMatchObject({
      free_flag: false,
      member_free_flag: true,
    });
    const { browser } = await member("はな");
    const mine = await browser.postJson<Main>("/api/personal/series/10/main");
    expect(byVolume(mine.body.books, 2)).toMatchObject({
      free_flag: true,
      member_free_flag: false,
    });
    const init = await browser.postJson("/api/personal/series/10/init");
    expect(init.body).toMatchObject({ member_free_vol: 2, login: true, use_cache: true });
    expect(typeof init.body.cache_key).toBe("string");
  });

  it("keeps the member's cart, bookshelf and favourite out of shared answers", async () => {
    const a = await member("あや");
    const b = await member("みお");
    const db = t.services.db;
    await db.insert(userItems).values({
      userId: a.userId,
      itemId: 1103,
      itemType: 0,
      seriesId: 10,
      bookId: 103,
      source: "purchase",
    });
    await db.insert(seriesFavorites).values({ userId: a.userId, seriesId: 10 });
    await db.insert(cartItems).values({ userId: b.userId, itemId: 1103, itemType: 0 });

    const personal = await a.browser.postJson<Main>("/api/personal/series/10/main");
    expect(personal.body.series).toMatchObject({
      own_book_count: 1,
      favorite_flag: true,
      cart_count: 0,
    });
    const inCart = await b.browser.postJson<Main>("/api/personal/series/10/main");
    expect(inCart.body.series).toMatchObject({ cart_flag: true, cart_count: 1, own_book_count: 0 });

    const ra = await a.browser.fetch("/api/shared/series/10/main?k=same");
    const rb = await b.browser.fetch("/api/shared/series/10/main?k=same");
    const textA = await ra.text();
    expect(textA).toBe(await rb.text());
    expect(ra.headers.get("cache-control")).toMatch(/^public/);
    const shared = JSON.parse(textA) as Main;
    expect(shared.series).toMatchObject({
      own_book_count: 0,
      favorite_flag: false,
      cart_flag: false,
      cart_count: 0,
    });
    const raw = await a.browser.fetch("/api/personal/series/10/main", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(raw.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers 404 for an unknown series and 400 for a bad id or a missing cache key", async () => {
    const browser = new Browser(t.app);
    const unknown = await browser.postJson("/api/personal/series/999/main");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_message).toBe("お探しの作品は見つかりませんでした");
    expect((await browser.getJson("/api/shared/series/999/main?k=1")).status).toBe(404);
    expect((await browser.postJson("/api/personal/series/abc/main")).status).toBe(400);
    expect((await browser.postJson("/api/personal/series/0/each")).status).toBe(400);
    const noKey = await browser.getJson<{ error_message: string }>("/api/shared/series/10/main");
    expect(noKey.status).toBe(400);
    expect(noKey.body.error_message).toContain("k");
  });
});

describe("series rules on the answers", () => {
  it("counts only volumes with a price, not in the cart and not owned as buyable", async () => {
    const c = await member("さき");
    const db = t.services.db;
    const first = await c.browser.postJson<Main>("/api/personal/series/10/main");
    const each = await c.browser.postJson<SeriesUserData>("/api/personal/series/10/each");
    expect(
      buyableBooks(first.body.books, each.body.cart_items, each.body.own_items).map(
        (b) => b.volume,
      ),
    ).toEqual([3]);
    await db.insert(cartItems).values({ userId: c.userId, itemId: 1103, itemType: 0 });
    const later = await c.browser.postJson<SeriesUserData>("/api/personal/series/10/each");
    expect(later.body.cart_items).toEqual([1103]);
    expect(buyableBooks(first.body.books, later.body.cart_items, later.body.own_items)).toEqual([]);
  });

  it("drops unreleased volumes and treats a series with none on sale as not released", async () => {
    const browser = new Browser(t.app);
    const main = await browser.postJson<Main>("/api/personal/series/10/main");
    const v4 = main.body.books.find((b) => b.volume === 4)!;
    expect(v4.onsale_flag).toBe(false);
    expect(visibleBooks(main.body.books, []).map((b) => b.volume)).toEqual([1, 2, 3]);
    expect(main.body.series).toMatchObject({
      next_release_date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      // The series page links 次巻 … 配信予定 to that volume's page, where it is reserved.
      next_release_book_id: v4.book_id,
    });
    const unreleased = await browser.postJson<Main>("/api/personal/series/12/main");
    expect(unreleased.status).toBe(200);
    expect(isNotReleased(unreleased.body.books, [])).toBe(true);
    expect(unreleased.body.series.book_count).toBe(0);
    // Owning the announced volume (a pre-order present) keeps it listed.
    expect(isNotReleased(unreleased.body.books, [1301])).toBe(false);
  });
});

describe("series each", () => {
  it("answers the member's series user data", async () => {
    const m = await member("りこ");
    const db = t.services.db;
    await db.insert(seriesFavorites).values({ userId: m.userId, seriesId: 10 });
    await db.insert(bookRatings).values({ userId: m.userId, bookId: 101, seriesId: 10, rating: 5 });
    await db.insert(userItems).values({
      userId: m.userId,
      itemId: 1101,
      itemType: 0,
      seriesId: 10,
      bookId: 101,
      source: "free",
    });
    await db.insert(readingProgress).values([
      {
        userId: m.userId,
        bookId: 101,
        seriesId: 10,
        page: 1,
        finished: true,
        updatedAt: new Date(Date.now() - DAY),
      },
      { userId: m.userId, bookId: 102, seriesId: 10, page: 37, finished: false },
    ]);
    const { body } = await m.browser.postJson<SeriesUserData>("/api/personal/series/10/each");
    expect(body).toMatchObject({
      result: true,
      favorite: true,
      ratings: { "101": 5 },
      read_finish_books: [101],
      reading_volume: 2,
      continue_book: { book_id: 102, volume: 2, page: 37 },
      own_items: [1101],
      cart_items: [],
    });
    expect(body.coupons.book_coupon["103"]?.[0]).toMatchObject({
      coupon_id: 7,
      received_flag: false,
    });
    expect(body.coupons.new_apply_coupon_ids).toEqual([7]);
    expect(body.coupons.series_coupon).toEqual([]);
  });

  it("gives visitors empty user data and 404 for unknown series", async () => {
    const browser = new Browser(t.app);
    const each = await browser.postJson<SeriesUserData>("/api/personal/series/10/each");
    expect(each.body).toMatchObject({
      result: true,
      favorite: false,
      own_items: [],
      cart_items: [],
    });
    expect((await browser.postJson("/api/personal/series/999/each")).status).toBe(404);
  });
});

describe("volume, period and feature calls", () => {
  it("answers one volume with its neighbours, by book or by volume number", async () => {
    const browser = new Browser(t.app);
    const byBook = await browser.postJson<{ book: Book; prev: Book; next: Book }>(
      "/api/series/books",
      { series: 10, book: 102 },
    );
    expect(byBook.body.book.volume).toBe(2);
    expect(byBook.body.prev.volume).toBe(1);
    expect(byBook.body.next.volume).toBe(3);
    const byVolume = await browser.postJson<{ book: Book }>("/api/series/books", {
      series: 10,
      volume: 3,
    });
    expect(byVolume.body.book.book_id).toBe(103);
    const other = await browser.postJson("/api/series/books", { series: 11, book: 102 });
    expect(other.status).toBe(404);
    expect(other.body.error_message).toBe("お探しの巻は見つかりませんでした");
    const bad = await browser.postJson("/api/series/books", { series: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.error_message).toContain("series");
  });

  it("answers a volume's period: free or paid, and how this viewer gets it", async () => {
    const browser = new Browser(t.app);
    const paid = await browser.postJson("/api/book_period", { series: 10, book: 103 });
    expect(paid.body).toMatchObject({ period_type: "paid", buy_status: "buy" });
    const memberOnly = await browser.postJson("/api/book_period", { series: 10, book: 102 });
    expect(memberOnly.body).toMatchObject({
      period_type: "free",
      buy_status: "buy",
      member_only: true,
    });
    const { browser: m } = await member("ゆい");
    const free = await m.postJson("/api/book_period", { series: 10, book: 102 });
    expect(free.body).toMatchObject({
      period_type: "free",
      buy_status: "free",
      member_only: false,
    });
    expect((await browser.postJson("/api/book_period", { series: 10 })).status).toBe(400);
  });

  it("answers the feature articles of a series (none here) and 404 for unknown series", async () => {
    const browser = new Browser(t.app);
    const found = await browser.postJson("/api/series_feature", { series: 10 });
    expect(found.body).toEqual({ result: true, features: [] });
    expect((await browser.postJson("/api/series_feature", { series: 999 })).status).toBe(404);
  });
});
