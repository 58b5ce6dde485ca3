import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKMARKS_PER_VOLUME, type ReaderBook } from "../../../contract/reader";
import { Browser, createTestApp } from "../../http/test-client";
import { BOOK, PAGES, PASSWORD, seedReadingCatalog, signUp } from "../entitlements/test-fixture";
import { readerBookmarks } from "./schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
const mediaDir = mkdtempSync(path.join(tmpdir(), "komaya-bookmarks-test-"));

beforeAll(async () => {
  t = await createTestApp({ dataDir: mediaDir });
  await seedReadingCatalog(t);
}, 60_000);
afterAll(async () => {
  await t?.database.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

type Marks = { bookmarks: { page: number; note: string }[] };
const add = (b: Browser, body: unknown) => b.postJson<Marks>("/api/reader/bookmarks", body);
const remove = (b: Browser, body: unknown) =>
  b.postJson<Marks>("/api/reader/bookmarks/delete", body);
const list = (b: Browser, bookId: number) => b.getJson<Marks>(`/api/reader/${bookId}/bookmarks`);

describe("しおり", () => {
  it("keeps an owner's しおり on the server, listed by page in the list and in the reader", async () => {
    const { browser, email } = await signUp(t, { books: [BOOK.paid] });
    expect((await add(browser, { book: BOOK.paid, page: 5, note: "決め台詞" })).status).toBe(200);
    const second = await add(browser, { book: BOOK.paid, page: 2 });
    expect(second.body.bookmarks.map((b) => [b.page, b.note])).toEqual([
      [2, ""],
      [5, "決め台詞"],
    ]);
    // Marking a marked page again keeps one しおり with the new note.
    await add(browser, { book: BOOK.paid, page: 5, note: "見開き" });
    expect((await list(browser, BOOK.paid)).body.bookmarks).toMatchObject([
      { page: 2, note: "" },
      { page: 5, note: "見開き" },
    ]);
    // Another session of the same member sees them: they live on the server.
    const elsewhere = new Browser(t.app, "198.51.100.21");
    await elsewhere.postJson("/api/account/login", { email, password: PASSWORD });
    const reader = await elsewhere.getJson<ReaderBook>(`/api/reader/${BOOK.paid}`);
    expect(reader.body.bookmarks?.map((b) => b.page)).toEqual([2, 5]);
    const removed = await remove(browser, { book: BOOK.paid, page: 2 });
    expect(removed.status).toBe(200);
    expect(removed.body.bookmarks.map((b) => b.page)).toEqual([5]);
  });

  it("shows and removes only the member's own しおり", async () => {
    const owner = await signUp(t, { books: [BOOK.paid] });
    const other = await signUp(t, { books: [BOOK.paid] });
    await add(owner.browser, { book: BOOK.paid, page: 4 });
    expect((await list(other.browser, BOOK.paid)).body.bookmarks).toEqual([]);
    await remove(other.browser, { book: BOOK.paid, page: 4 });
    expect((await list(owner.browser, BOOK.paid)).body.bookmarks.map((b) => b.page)).toEqual([4]);
  });

  it("marks only pages the member may read: a trial reader the trial pages", async () => {
    const { browser } = await signUp(t);
    expect((await add(browser, { book: BOOK.paid, page: 3 })).status).toBe(200);
    expect((await add(browser, { book: BOOK.paid, page: 4 })).status).toBe(404);
    expect((await add(browser, { book: BOOK.paidNoTrial, page: 1 })).status).toBe(404);
    expect((await add(browser, { book: 999_999, page: 1 })).status).toBe(404);
    expect((await list(browser, BOOK.paid)).body.bookmarks.map((b) => b.page)).toEqual([3]);
  });

  it("asks visitors to sign in", async () => {
    const visitor = new Browser(t.app);
    const added = await add(visitor, { book: BOOK.free, page: 1 });
    expect(added.status).toBe(401);
    expect(added.body).toMatchObject({ result: false, error_url: expect.any(String) });
    expect((await list(visitor, BOOK.free)).status).toBe(401);
    expect((await remove(visitor, { book: BOOK.free, page: 1 })).status).toBe(401);
    const reader = await visitor.getJson<ReaderBook>(`/api/reader/${BOOK.free}`);
    expect(reader.body.bookmarks).toEqual([]);
  });

  it("answers bad input with 400 and a Japanese message", async () => {
    const { browser } = await signUp(t, { books: [BOOK.paid] });
    for (const body of [
      {},
      { book: BOOK.paid },
      { book: BOOK.paid, page: 0 },
      { book: BOOK.paid, page: 1.5 },
      { book: "x", page: 1 },
      { book: BOOK.paid, page: 1, note: 3 },
      { book: BOOK.paid, page: 1, note: "あ".repeat(101) },
      { book: BOOK.paid, page: 1, note: "改\n行" },
    ]) {
      const answer = await add(browser, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ result: false });
      expect(String((answer.body as { error_message?: string }).error_message)).toMatch(
        /[ぁ-んァ-ヶ一-龠]/,
      );
    }
    expect((await remove(browser, { book: BOOK.paid })).status).toBe(400);
    expect((await list(browser, 0)).status).toBe(400);
  });

  it("refuses a write without the CSRF header and keeps nothing", async () => {
    const { browser, userId } = await signUp(t, { books: [BOOK.paid] });
    const response = await browser.fetch("/api/reader/bookmarks", {
      method: "POST",
      csrf: false,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ book: BOOK.paid, page: 1 }),
    });
    expect(response.status).toBe(403);
    const rows = await t.services.db.select().from(readerBookmarks);
    expect(rows.filter((r) => r.userId === userId)).toEqual([]);
  });

  it(`keeps at most ${BOOKMARKS_PER_VOLUME} しおり per volume`, async () => {
    const { browser, userId } = await signUp(t, { books: [BOOK.paid] });
    // Filled to the cap directly (the volume has only PAGES pages to mark through the API):
    // pages 2 and on, page 1 left unmarked.
    await t.services.db.insert(readerBookmarks).values(
      Array.from({ length: BOOKMARKS_PER_VOLUME }, (_, i) => ({
        userId,
        bookId: BOOK.paid,
        page: 2 + i,
      })),
    );
    const full = await add(browser, { book: BOOK.paid, page: 1 });
    expect(full.status).toBe(409);
    expect((full.body as { error_message?: string }).error_message).toContain("しおり");
    expect((await list(browser, BOOK.paid)).body.bookmarks).toHaveLength(BOOKMARKS_PER_VOLUME);
    // A page already marked still takes a new note; another volume is counted apart.
    expect((await add(browser, { book: BOOK.paid, page: PAGES, note: "ここ" })).status).toBe(200);
    expect((await add(browser, { book: BOOK.memberFree, page: 1 })).status).toBe(200);
    // Removing one makes room again.
    await remove(browser, { book: BOOK.paid, page: 2 });
    expect((await add(browser, { book: BOOK.paid, page: 1 })).status).toBe(200);
  });
});
