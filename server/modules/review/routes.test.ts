import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReviewListAnswer, ReviewView } from "../../../contract/review";
import { REVIEW_LIMITS } from "../../../contract/review-rules";
import { Browser, createTestApp } from "../../http/test-client";
import { users } from "../account/schema";
import { confirmAddress } from "../account/test-fixture";
import { books, genres, publishers, series, seriesGenres } from "../catalog/schema";
import { userItems } from "../library/schema";
import { reviewLikes, reviewReports, reviews } from "./schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
const longAgo = new Date("2025-01-01T00:00:00Z");

/**
 * Series 1 (genre 2, catalogue rating 4.0 from 10 earlier ratings) has volumes 1001 and 1002;
 * series 2 (genre 5, no ratings yet) has volume 2001.
 */
async function seed() {
  const db = t.services.db;
  await db.insert(publishers).values({ publisherId: 1, name: "桜風社", nameKana: "オウフウシャ" });
  await db.insert(genres).values([
    { genreId: 2, name: "少女・女性" },
    { genreId: 5, name: "少年・青年" },
  ]);
  await db.insert(series).values([
    {
      seriesId: 1,
      name: "あおぞら日和",
      nameKana: "アオゾラビヨリ",
      publisherId: 1,
      startDate: longAgo,
      ratingAverage: 4,
      ratingCount: 10,
    },
    {
      seriesId: 2,
      name: "かぜの便り",
      nameKana: "カゼノタヨリ",
      publisherId: 1,
      startDate: longAgo,
    },
  ]);
  await db.insert(seriesGenres).values([
    { seriesId: 1, genreId: 2 },
    { seriesId: 2, genreId: 5 },
  ]);
  await db.insert(books).values(
    [
      [1001, 1, 1],
      [1002, 1, 2],
      [2001, 2, 1],
    ].map(([bookId, seriesId, volume]) => ({
      bookId: bookId!,
      seriesId: seriesId!,
      itemId: bookId!,
      volume: volume!,
      title: `巻 ${volume}`,
      price: 600,
      priceInc: 660,
      itemStartDate: longAgo,
      pageCount: 40,
    })),
  );
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
  await confirmAddress(t.services.db, browser, email);
  const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
  return { browser, userId: row!.userId, profileId: row!.profileId, email };
}

const post = (overrides: Record<string, unknown> = {}) => ({
  series: 1,
  nickname: "あおい",
  title: "泣ける",
  comment: "最後のページで泣きました。",
  rating: 5,
  spoil: false,
  tag: ["感動"],
  ...overrides,
});

async function seriesRating(seriesId: number) {
  const [row] = await t.services.db
    .select({ average: series.ratingAverage, count: series.ratingCount })
    .from(series)
    .where(eq(series.seriesId, seriesId));
  return row!;
}

type ListAnswer = ReviewListAnswer;
async function list(browser: Browser, body: Record<string, unknown>) {
  return browser.postJson<ListAnswer>("/api/review/list", body);
}

let writer: Awaited<ReturnType<typeof member>>;
let reader: Awaited<ReturnType<typeof member>>;
let other: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  await seed();
  writer = await member("writer");
  reader = await member("reader");
  other = await member("other");
});

afterAll(async () => {
  await t?.database.close();
});

describe("/api/review/add", () => {
  it("refuses visitors with 401 and the login page", async () => {
    const visitor = new Browser(t.app);
    const answer = await visitor.postJson("/api/review/add", post());
    expect(answer.status).toBe(401);
    expect(answer.body.result).toBe(false);
    for (const call of ["remove", "like", "report"]) {
      const refused = await visitor.postJson(`/api/review/${call}`, {
        review_id: 1,
        report_type: 1,
      });
      expect(refused.status).toBe(401);
    }
  });

  it("posts once per series, then edits that review; the series' average follows", async () => {
    const first = await writer.browser.postJson<{ review_id: number; edited: boolean }>(
      "/api/review/add",
      post({ series: 2, rating: 4 }),
    );
    expect(first.status).toBe(200);
    expect(first.body.edited).toBe(false);
    expect(await seriesRating(2)).toEqual({ average: 4, count: 1 });

    const again = await writer.browser.postJson<{ review_id: number; edited: boolean }>(
      "/api/review/add",
      post({ series: 2, rating: 2, title: "読み直したら" }),
    );
    expect(again.body.review_id).toBe(first.body.review_id);
    expect(again.body.edited).toBe(true);
    expect(await seriesRating(2)).toEqual({ average: 2, count: 1 });

    const rows = await t.services.db.select().from(reviews).where(eq(reviews.seriesId, 2));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.title).toBe("読み直したら");
  });

  it("keeps a volume's review apart from the series' review", async () => {
    const book = await writer.browser.postJson<{ review_id: number; edited: boolean }>(
      "/api/review/add",
      post({ series: 2, book: 2001, rating: 5 }),
    );
    expect(book.body.edited).toBe(false);
    const mine = await list(writer.browser, { series: 2, book: 2001 });
    expect(mine.body.reviewed_flag).toBe(true);
    expect(mine.body.my_review?.review_id).toBe(book.body.review_id);
    expect(mine.body.reviews.map((r) => r.volume)).toEqual([1]);
    // One member, one rating: their review of the whole series (2) stands for them.
    expect(await seriesRating(2)).toEqual({ average: 2, count: 1 });
  });

  it("refuses a volume of another series and an unknown series", async () => {
    const wrong = await writer.browser.postJson("/api/review/add", post({ series: 1, book: 2001 }));
    expect(wrong.status).toBe(404);
    const none = await writer.browser.postJson("/api/review/add", post({ series: 999 }));
    expect(none.status).toBe(404);
  });

  it("answers 400 with a message naming each limit", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ nickname: "あ".repeat(REVIEW_LIMITS.nickname + 1) }, "ニックネームは20文字以内"],
      [{ title: "" }, "タイトルを入力してください"],
      [{ title: "あ".repeat(REVIEW_LIMITS.title + 1) }, "タイトルは50文字以内"],
      [{ comment: "   " }, "レビュー本文を入力してください"],
      [{ comment: "あ".repeat(REVIEW_LIMITS.comment + 1) }, "レビュー本文は2000文字以内"],
      [{ rating: 6 }, "評価は1〜5"],
      [{ rating: 0 }, "評価は1〜5"],
      [{ tag: ["a", "b", "c", "d", "e", "f"] }, "タグは5個まで"],
      [{ tag: ["あ".repeat(REVIEW_LIMITS.tag + 1)] }, "タグは1つ20文字以内"],
      [{ spoil: "yes" }, "spoil は true か false"],
    ];
    for (const [overrides, message] of cases) {
      const answer = await other.browser.postJson("/api/review/add", post(overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.error_message).toContain(message);
    }
    // Exactly at the limits is accepted.
    const atLimit = await other.browser.postJson(
      "/api/review/add",
      post({
        series: 2,
        book: 2001,
        nickname: "あ".repeat(REVIEW_LIMITS.nickname),
        title: "あ".repeat(REVIEW_LIMITS.title),
        comment: "あ".repeat(REVIEW_LIMITS.comment),
      }),
    );
    expect(atLimit.status).toBe(200);
  });

  it("stores the text as plain text, markup and all, for the page to escape", async () => {
    const markup = '<script>alert("x")</script><b>太字</b>';
    const saved = await reader.browser.postJson<{ review_id: number }>(
      "/api/review/add",
      post({ series: 2, comment: markup, title: "<i>t</i>" }),
    );
    const answer = await list(reader.browser, { series: 2, review_book: 0 });
    const mine = answer.body.reviews.find((r) => r.review_id === saved.body.review_id)!;
    expect(mine.comment).toBe(markup);
    expect(mine.title).toBe("<i>t</i>");
  });
});

describe("/api/review/like", () => {
  let reviewId: number;
  beforeAll(async () => {
    const saved = await writer.browser.postJson<{ review_id: number }>(
      "/api/review/add",
      post({ series: 1, rating: 3 }),
    );
    reviewId = saved.body.review_id;
  });

  it("flips liked_flag and moves like_count by one, once per member", async () => {
    const like = (b: Browser) =>
      b.postJson<{ liked_flag: boolean; like_count: number }>("/api/review/like", {
        review_id: reviewId,
      });
    expect((await like(reader.browser)).body).toMatchObject({ liked_flag: true, like_count: 1 });
    expect((await like(other.browser)).body).toMatchObject({ liked_flag: true, like_count: 2 });
    expect((await like(reader.browser)).body).toMatchObject({ liked_flag: false, like_count: 1 });
    expect((await like(reader.browser)).body).toMatchObject({ liked_flag: true, like_count: 2 });
    const rows = await t.services.db
      .select()
      .from(reviewLikes)
      .where(eq(reviewLikes.reviewId, reviewId));
    expect(rows).toHaveLength(2);
    const seen = await list(reader.browser, { series: 1 });
    const row = seen.body.reviews.find((r) => r.review_id === reviewId)!;
    expect(row).toMatchObject({ liked_flag: true, like_count: 2 });
  });

  it("keeps like_count equal to the likes under concurrent taps", async () => {
    const taps = await Promise.all(
      Array.from({ length: 7 }, () =>
        other.browser.postJson("/api/review/like", { review_id: reviewId }),
      ),
    );
    expect(taps.map((tap) => tap.status)).toEqual(Array(7).fill(200));
    const likes = await t.services.db
      .select()
      .from(reviewLikes)
      .where(eq(reviewLikes.reviewId, reviewId));
    const [review] = await t.services.db
      .select()
      .from(reviews)
      .where(eq(reviews.reviewId, reviewId));
    expect(review!.likeCount).toBe(likes.length);
  });

  it("refuses liking one's own review", async () => {
    const own = await writer.browser.postJson("/api/review/like", { review_id: reviewId });
    expect(own.status).toBe(403);
  });
});

describe("/api/review/report", () => {
  it("queues the report for staff and hides the review from the reporter only", async () => {
    const saved = await writer.browser.postJson<{ review_id: number }>(
      "/api/review/add",
      post({ series: 1, book: 1001, title: "通報される" }),
    );
    const reviewId = saved.body.review_id;
    const tooLong = await reader.browser.postJson("/api/review/report", {
      review_id: reviewId,
      report_type: 1,
      comment: "あ".repeat(401),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error_message).toContain("400文字以内");
    const badType = await reader.browser.postJson("/api/review/report", {
      review_id: reviewId,
      report_type: 7,
    });
    expect(badType.status).toBe(400);

    const report = await reader.browser.postJson<{ reported_flag: boolean }>("/api/review/report", {
      review_id: reviewId,
      report_type: 1,
      comment: "ネタバレです",
    });
    expect(report.status).toBe(200);
    expect(report.body.reported_flag).toBe(true);
    const queued = await t.services.db
      .select()
      .from(reviewReports)
      .where(eq(reviewReports.reviewId, reviewId));
    expect(queued).toMatchObject([
      { userId: reader.userId, reportType: 1, comment: "ネタバレです" },
    ]);

    const ids = (r: { body: { reviews: ReviewView[] } }) => r.body.reviews.map((v) => v.review_id);
    expect(ids(await list(reader.browser, { series: 1 }))).not.toContain(reviewId);
    expect(ids(await list(other.browser, { series: 1 }))).toContain(reviewId);
    expect(ids(await list(new Browser(t.app), { series: 1 }))).toContain(reviewId);
    // Hidden means gone for the reporter: no like, no second report.
    const like = await reader.browser.postJson("/api/review/like", { review_id: reviewId });
    expect(like.status).toBe(404);
  });
});

describe("/api/review/remove", () => {
  it("removes only one's own review, clears reviewed_flag and takes its rating out", async () => {
    const before = await seriesRating(1);
    const saved = await other.browser.postJson<{ review_id: number }>(
      "/api/review/add",
      post({ series: 1, rating: 1 }),
    );
    const during = await seriesRating(1);
    expect(during.count).toBe(before.count + 1);
    const notMine = await reader.browser.postJson("/api/review/remove", {
      review_id: saved.body.review_id,
    });
    expect(notMine.status).toBe(404);
    const removed = await other.browser.postJson<{ reviewed_flag: boolean }>("/api/review/remove", {
      review_id: saved.body.review_id,
    });
    expect(removed.body.reviewed_flag).toBe(false);
    const after = await seriesRating(1);
    expect(after.count).toBe(before.count);
    expect(after.average).toBeCloseTo(before.average, 9);
    const mine = await list(other.browser, { series: 1, review_book: 0 });
    expect(mine.body.reviewed_flag).toBe(false);
    // Removed, a new review may be written again.
    const anew = await other.browser.postJson<{ edited: boolean }>(
      "/api/review/add",
      post({ series: 1, rating: 4 }),
    );
    expect(anew.body.edited).toBe(false);
  });
});

describe("/api/review/list", () => {
  it("lists a member's reviews by profile id, sorts and pages", async () => {
    const byProfile = await list(new Browser(t.app), { profile_id: writer.profileId });
    expect(byProfile.status).toBe(200);
    expect(byProfile.body.reviews.every((r) => r.profile_id === writer.profileId)).toBe(true);
    expect(byProfile.body.total).toBe(byProfile.body.reviews.length);
    expect(byProfile.body.total).toBeGreaterThanOrEqual(3);

    const byRating = await list(new Browser(t.app), { series: 2, sort: 3 });
    const ratings = byRating.body.reviews.map((r) => r.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const byLikes = await list(new Browser(t.app), { series: 1, sort: 2 });
    const likes = byLikes.body.reviews.map((r) => r.like_count);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    expect(likes[0]).toBeGreaterThan(0);

    const page2 = await list(new Browser(t.app), { series: 1, pn: 2 });
    expect(page2.body).toMatchObject({ page: 2, reviews: [] });
  });

  it("answers 400 without a profile or a series, and for a bad sort", async () => {
    expect((await list(new Browser(t.app), {})).status).toBe(400);
    expect((await list(new Browser(t.app), { series: 1, sort: 9 })).status).toBe(400);
    expect((await list(new Browser(t.app), { book: 1001 })).status).toBe(400);
  });
});

describe("/api/review/recommend", () => {
  it("answers the genre's most liked reviews without spoilers", async () => {
    await reader.browser.postJson("/api/review/add", post({ series: 1, spoil: true }));
    const answer = await new Browser(t.app).postJson<{ reviews: ReviewView[] }>(
      "/api/review/recommend",
      { genre: 2 },
    );
    expect(answer.body.reviews.length).toBeGreaterThan(0);
    expect(answer.body.reviews.every((r) => r.series_id === 1 && !r.spoil)).toBe(true);
    const other5 = await new Browser(t.app).postJson<{ reviews: ReviewView[] }>(
      "/api/review/recommend",
      { genre: 5 },
    );
    expect(other5.body.reviews.every((r) => r.series_id === 2)).toBe(true);
  });
});

describe("one member counts once in a series' average (item 12, decision 0054)", () => {
  /** Series 3: two ratings of 4 from before the store's reviews; volumes 3001 and 3002. */
  beforeAll(async () => {
    const db = t.services.db;
    await db.insert(series).values({
      seriesId: 3,
      name: "ひだまり書店",
      nameKana: "ヒダマリショテン",
      publisherId: 1,
      startDate: longAgo,
      ratingAverage: 4,
      ratingCount: 2,
    });
    await db.insert(books).values(
      [3001, 3002].map((bookId, i) => ({
        bookId,
        seriesId: 3,
        itemId: bookId,
        volume: i + 1,
        title: `巻 ${i + 1}`,
        price: 600,
        priceInc: 660,
        itemStartDate: longAgo,
        pageCount: 40,
      })),
    );
  });

  it("rating the series and two volumes moves rating_count by one, and the series review stands", async () => {
    const fan = await member("fan");
    const add = (body: Record<string, unknown>) =>
      fan.browser.postJson<{ review_id: number }>("/api/review/add", post({ series: 3, ...body }));
    const whole = await add({ rating: 5 });
    expect(await seriesRating(3)).toEqual({ average: 13 / 3, count: 3 });
    const one = await add({ book: 3001, rating: 1 });
    const two = await add({ book: 3002, rating: 3 });
    // Was 2 → 4 before: each volume review counted as one more member.
    expect(await seriesRating(3)).toEqual({ average: 13 / 3, count: 3 });

    // Without the series review, the member's rating is the mean of their volume reviews.
    await fan.browser.postJson("/api/review/remove", { review_id: whole.body.review_id });
    let now = await seriesRating(3);
    expect(now.count).toBe(3);
    expect(now.average).toBeCloseTo((8 + 2) / 3, 9);

    const reader2 = await member("volumes-only");
    await reader2.browser.postJson("/api/review/add", post({ series: 3, book: 3001, rating: 4 }));
    await reader2.browser.postJson("/api/review/add", post({ series: 3, book: 3002, rating: 2 }));
    now = await seriesRating(3);
    expect(now.count).toBe(4);
    expect(now.average).toBeCloseTo((8 + 2 + 3) / 4, 9);

    // The last of a member's reviews gone, the member leaves the average.
    await fan.browser.postJson("/api/review/remove", { review_id: one.body.review_id });
    await fan.browser.postJson("/api/review/remove", { review_id: two.body.review_id });
    now = await seriesRating(3);
    expect(now.count).toBe(3);
    expect(now.average).toBeCloseTo((8 + 3) / 3, 9);
  });

  it("counts a member once when the series and its volumes are reviewed at the same moment", async () => {
    const before = await seriesRating(3);
    const quick = await member("quick");
    const answers = await Promise.all(
      [undefined, 3001, 3002].map((book) =>
        quick.browser.postJson("/api/review/add", post({ series: 3, book, rating: 5 })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const after = await seriesRating(3);
    expect(after.count).toBe(before.count + 1);
    expect(after.average).toBeCloseTo((before.average * before.count + 5) / after.count, 9);
  });
});

describe("購入者レビュー (item 9)", () => {
  it("marks reviews whose writer bought the volume, or a volume of the series; presents do not count", async () => {
    const buyer = await member("buyer");
    const given = await member("given");
    await t.services.db.insert(userItems).values([
      {
        userId: buyer.userId,
        itemId: 1002,
        itemType: 0,
        seriesId: 1,
        bookId: 1002,
        source: "purchase",
      },
      {
        userId: given.userId,
        itemId: 1001,
        itemType: 0,
        seriesId: 1,
        bookId: 1001,
        source: "present",
      },
    ]);
    await buyer.browser.postJson("/api/review/add", post({ series: 1, title: "買って読んだ" }));
    await buyer.browser.postJson("/api/review/add", post({ series: 1, book: 1002, title: "2巻" }));
    await buyer.browser.postJson("/api/review/add", post({ series: 1, book: 1001, title: "1巻" }));
    await given.browser.postJson("/api/review/add", post({ series: 1, title: "もらった" }));
    const answer = await list(new Browser(t.app), { series: 1 });
    const flag = (userTitle: string) =>
      answer.body.reviews.find((r) => r.title === userTitle)?.purchased_flag;
    expect(flag("買って読んだ")).toBe(true);
    expect(flag("2巻")).toBe(true);
    // Volume 1 was not bought: that review is not a buyer's.
    expect(flag("1巻")).toBe(false);
    expect(flag("もらった")).toBe(false);
  });
});

describe("names that speak as the store (item 9, decision 0053)", () => {
  it("refuses the store's names in a review's nickname and a bracketed one in its title", async () => {
    const who = await member("names");
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ nickname: "コマヤ公式" }, "nickname"],
      [{ nickname: "ｺﾏﾔ" }, "nickname"],
      [{ nickname: "ＡＤＭＩＮ" }, "nickname"],
      [{ nickname: "運 営" }, "nickname"],
      [{ nickname: "Staff_01" }, "nickname"],
      [{ title: "【公式】重要なお知らせ" }, "title"],
      [{ title: "［運営］キャンペーンのご案内" }, "title"],
      [{ title: "(コマヤ) お知らせ" }, "title"],
    ];
    for (const [overrides, field] of refused) {
      const answer = await who.browser.postJson("/api/review/add", post(overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.error_message).toMatch(new RegExp(`^${field}: `));
    }
    // A word about the book, not the store speaking.
    const fine = await who.browser.postJson(
      "/api/review/add",
      post({ nickname: "こもれび", title: "公式ガイドブックも欲しい" }),
    );
    expect(fine.status).toBe(200);
  });

  it("lets the store's staff sign as the store", async () => {
    const staff = await member("staff");
    await t.services.db
      .update(users)
      .set({ userType: "staff" })
      .where(eq(users.userId, staff.userId));
    const answer = await staff.browser.postJson(
      "/api/review/add",
      post({ series: 2, nickname: "コマヤ運営スタッフ", title: "【公式】編集部のおすすめ" }),
    );
    expect(answer.status).toBe(200);
  });
});

describe("limits on posting (item 9)", () => {
  it("takes ten reviews from one member in ten minutes; then 429 with Retry-After", async () => {
    const eager = await member("eager");
    const extra = await t.services.db
      .insert(series)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          seriesId: 100 + i,
          name: `連作 ${i}`,
          nameKana: `レンサク ${i}`,
          publisherId: 1,
          startDate: longAgo,
        })),
      )
      .returning({ seriesId: series.seriesId });
    const statuses: number[] = [];
    let retryAfter = 0;
    for (const { seriesId } of extra) {
      const response = await eager.browser.fetch("/api/review/add", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(post({ series: seriesId })),
      });
      statuses.push(response.status);
      if (response.status === 429) retryAfter = Number(response.headers.get("retry-after"));
    }
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(20).fill(429)]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(await t.services.db.$count(reviews, eq(reviews.userId, eager.userId))).toBe(10);
  });

  it("takes thirty volume ratings from one member in a minute; then 429", async () => {
    const tapper = await member("tapper");
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const answer = await tapper.browser.postJson("/api/book_rating", {
        series: 1,
        book: 1001,
        rating: (i % 5) + 1,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(30).fill(200), ...Array(5).fill(429)]);
  });
});
