import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReaderBook } from "../../../contract/reader";
import type { SeriesUserData } from "../../../contract/series";
import { Browser, createTestApp } from "../../http/test-client";
import { BOOK, PAGES, PASSWORD, seedReadingCatalog, signUp } from "../entitlements/test-fixture";
import { seriesViews } from "../library/schema";
import { readersByBook } from "../library/service";

let t: Awaited<ReturnType<typeof createTestApp>>;
const mediaDir = mkdtempSync(path.join(tmpdir(), "komaya-reader-test-"));

beforeAll(async () => {
  t = await createTestApp({ dataDir: mediaDir });
  await seedReadingCatalog(t);
}, 60_000);
afterAll(async () => {
  await t?.database.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

const open = (browser: Browser, bookId: number | string) =>
  browser.getJson<ReaderBook>(`/api/reader/${bookId}`);

describe("GET /api/reader/:bookId", () => {
  it("gives a visitor the trial pages of a paid volume and offers buying the rest", async () => {
    const { status, body } = await open(new Browser(t.app), BOOK.paid);
    expect(status).toBe(200);
    expect(body.entitlement).toBe("trial");
    expect(body.readable_pages).toBe(3);
    expect(body.pages).toEqual(
      [1, 2, 3].map((page) => ({ page, url: `/media/books/301/pages/${page}.png` })),
    );
    expect(body.book).toMatchObject({ book_id: 301, series_id: 30, volume: 1, page_count: PAGES });
    expect(body.offer).toEqual({
      kind: "buy",
      book_id: 301,
      item_id: 1301,
      price: 660,
      in_cart: false,
    });
    expect(body.position).toBeNull();
    expect(body.direction).toBe("rtl");
    expect(body.is_login).toBe(false);
    expect(body.my_rating).toBeNull();
    // The next volume is member-free: a visitor is offered it free with sign-up, not to buy.
    expect(body.next_book).toMatchObject({
      book_id: 302,
      volume: 2,
      button: "signup",
      price: null,
    });
  });

  it("offers a visitor sign-up for a member-free volume; a member reads all of it", async () => {
    const visitor = await open(new Browser(t.app), BOOK.memberFree);
    expect(visitor.body.entitlement).toBe("trial");
    expect(visitor.body.readable_pages).toBe(2);
    expect(visitor.body.offer?.kind).toBe("signup");
    const { browser } = await signUp(t);
    const member = await open(browser, BOOK.memberFree);
    expect(member.body.entitlement).toBe("member_free");
    expect(member.body.pages).toHaveLength(PAGES);
    expect(member.body.offer).toBeNull();
    expect(member.body.is_login).toBe(true);
  });

  it("gives the owner every page, and a member the next volume's cart state", async () => {
    const { browser } = await signUp(t, { books: [BOOK.paid] });
    const owned = await open(browser, BOOK.paid);
    expect(owned.body.entitlement).toBe("owned");
    expect(owned.body.readable_pages).toBe(PAGES);
    expect(owned.body.offer).toBeNull();
    expect(owned.body.next_book?.button).toBe("free_read");
    const second = await open(browser, BOOK.memberFree);
    expect(second.body.next_book).toMatchObject({ book_id: 303, button: "cart", price: 660 });
    expect((await browser.postJson("/api/cart_add", { items: [1303] })).status).toBe(200);
    const inCart = await open(browser, BOOK.memberFree);
    expect(inCart.body.next_book?.button).toBe("in_cart");
    const third = await open(browser, BOOK.paidNoTrial);
    expect(third.body.entitlement).toBe("none");
    expect(third.body.pages).toEqual([]);
    expect(third.body.offer).toMatchObject({ kind: "buy", in_cart: true });
    expect(third.body.next_book).toBeNull();
  });

  it("reads a campaign's extra trial pages", async () => {
    const { body } = await open(new Browser(t.app), BOOK.campaign);
    expect(body.entitlement).toBe("trial");
    expect(body.readable_pages).toBe(5);
  });

  it("answers 404 for an unknown book and 400 for a bad id", async () => {
    expect((await open(new Browser(t.app), 999_999)).status).toBe(404);
    expect((await open(new Browser(t.app), "abc")).status).toBe(400);
    expect((await open(new Browser(t.app), 0)).status).toBe(400);
  });
});

describe("POST /api/reader/progress", () => {
  it("refuses visitors with 401", async () => {
    const visitor = new Browser(t.app);
    const { status } = await visitor.postJson("/api/reader/progress", { book: BOOK.free, page: 2 });
    expect(status).toBe(401);
  });

  it("answers 400 for bad input and 404 for an unknown book", async () => {
    const { browser } = await signUp(t);
    for (const body of [
      {},
      { book: BOOK.free },
      { book: BOOK.free, page: 0 },
      { book: BOOK.free, page: "two" },
      { book: BOOK.free, page: 1.5 },
      { book: "x", page: 1 },
      { book: BOOK.free, page: 1, finished: "yes" },
    ]) {
      expect(
        (await browser.postJson("/api/reader/progress", body)).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect(
      (await browser.postJson("/api/reader/progress", { book: 999_999, page: 1 })).status,
    ).toBe(404);
  });

  it("saves the page and resumes it in another session of the same member", async () => {
    const { browser, email } = await signUp(t, { books: [BOOK.paid] });
    const saved = await browser.postJson("/api/reader/progress", { book: BOOK.paid, page: 5 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ position: { page: 5, finished: false } });
    const elsewhere = new Browser(t.app, "198.51.100.9");
    expect(
      (await elsewhere.postJson("/api/account/login", { email, password: PASSWORD })).status,
    ).toBe(200);
    expect((await open(elsewhere, BOOK.paid)).body.position).toEqual({ page: 5, finished: false });
    // Finishing marks the volume read and opens it at its start next time.
    await elsewhere.postJson("/api/reader/progress", { book: BOOK.paid, page: 6, finished: true });
    expect((await open(browser, BOOK.paid)).body.position).toEqual({ page: 1, finished: true });
  });

  it("keeps the page within what the member may read", async () => {
    const { browser } = await signUp(t);
    const trial = await browser.postJson("/api/reader/progress", { book: BOOK.paid, page: 200 });
    expect(trial.body).toMatchObject({ position: { page: 3 } });
    const none = await browser.postJson("/api/reader/progress", {
      book: BOOK.paidNoTrial,
      page: 1,
    });
    expect(none.status).toBe(404);
  });

  it("feeds the series page, the viewing history and the read rankings", async () => {
    const { browser, userId } = await signUp(t, { books: [BOOK.paid] });
    const before = new Date(Date.now() - 1000);
    await browser.postJson("/api/reader/progress", { book: BOOK.paid, page: 6, finished: true });
    await browser.postJson("/api/reader/progress", { book: BOOK.memberFree, page: 4 });
    const each = await browser.postJson<SeriesUserData>("/api/personal/series/30/each");
    expect(each.body.read_finish_books).toEqual([BOOK.paid]);
    expect(each.body.reading_volume).toBe(2);
    expect(each.body.continue_book).toEqual({ book_id: BOOK.memberFree, volume: 2, page: 4 });
    const views = await t.services.db
      .select()
      .from(seriesViews)
      .where(and(eq(seriesViews.userId, userId), eq(seriesViews.seriesId, 30)));
    expect(views).toHaveLength(1);
    const readers = await readersByBook(t.services.db, before, new Date(Date.now() + 1000));
    expect(readers.find((r) => r.bookId === BOOK.memberFree)?.readers).toBeGreaterThanOrEqual(1);
  });
});

describe("POST /api/reader/settings", () => {
  it("keeps the member's direction; visitors read right to left", async () => {
    const { browser } = await signUp(t);
    expect((await browser.postJson("/api/reader/settings", { direction: "ltr" })).status).toBe(200);
    expect((await open(browser, BOOK.free)).body.direction).toBe("ltr");
    expect((await browser.postJson("/api/reader/settings", { direction: "up" })).status).toBe(400);
    expect((await open(new Browser(t.app), BOOK.free)).body.direction).toBe("rtl");
    const visitor = new Browser(t.app);
    expect((await visitor.postJson("/api/reader/settings", { direction: "ltr" })).status).toBe(401);
  });
});

describe("POST /api/book_rating", () => {
  it("takes 1 to 5 stars from members and shows them on the series page and in the reader", async () => {
    const { browser } = await signUp(t);
    for (const rating of [0, 6, 2.5, "three"]) {
      const { status } = await browser.postJson("/api/book_rating", {
        series: 30,
        book: BOOK.paid,
        rating,
      });
      expect(status, String(rating)).toBe(400);
    }
    for (const rating of [1, 5, 4]) {
      const { status } = await browser.postJson("/api/book_rating", {
        series: 30,
        book: BOOK.paid,
        rating,
      });
      expect(status).toBe(200);
    }
    expect((await open(browser, BOOK.paid)).body.my_rating).toBe(4);
    const each = await browser.postJson<SeriesUserData>("/api/personal/series/30/each");
    expect(each.body.ratings).toEqual({ [String(BOOK.paid)]: 4 });
    const wrongSeries = await browser.postJson("/api/book_rating", {
      series: 31,
      book: BOOK.paid,
      rating: 3,
    });
    expect(wrongSeries.status).toBe(404);
    const visitor = new Browser(t.app);
    expect(
      (await visitor.postJson("/api/book_rating", { series: 30, book: BOOK.paid, rating: 3 }))
        .status,
    ).toBe(401);
  });
});
