import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  OfflineBooksAnswer,
  OfflineKeyAnswer,
  OfflineVolumeAnswer,
} from "../../../contract/offline";
import { Browser, createTestApp } from "../../http/test-client";
import { BOOK, PAGES, seedReadingCatalog, signUp } from "../entitlements/test-fixture";
import { userItems } from "../library/schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
const mediaDir = mkdtempSync(path.join(tmpdir(), "komaya-offline-test-"));

beforeAll(async () => {
  t = await createTestApp({ dataDir: mediaDir });
  await seedReadingCatalog(t);
}, 60_000);
afterAll(async () => {
  await t?.database.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe("GET /api/personal/offline/key", () => {
  it("gives the signed-in member their own key, never to be kept by any cache", async () => {
    const owner = await signUp(t, { books: [BOOK.paid] });
    const response = await owner.browser.fetch("/api/personal/offline/key");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = (await response.json()) as OfflineKeyAnswer & { result: boolean };
    expect(body.result).toBe(true);
    expect(Buffer.from(body.key, "base64url")).toHaveLength(32);
    expect(body.key_id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    // The same member on another device, or after signing in again, gets the same key.
    const again = await owner.browser.getJson<OfflineKeyAnswer>("/api/personal/offline/key");
    expect(again.body.key).toBe(body.key);
    expect(again.body.key_id).toBe(body.key_id);

    const other = await signUp(t);
    const theirs = await other.browser.getJson<OfflineKeyAnswer>("/api/personal/offline/key");
    expect(theirs.status).toBe(200);
    expect(theirs.body.key).not.toBe(body.key);
    expect(theirs.body.key_id).not.toBe(body.key_id);
  });

  it("refuses a visitor with the login page to go to", async () => {
    const visitor = await new Browser(t.app).getJson("/api/personal/offline/key");
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({
      result: false,
      error_url: expect.stringContaining("login"),
    });
    expect(visitor.body).not.toHaveProperty("key");
  });
});

describe("GET /api/personal/offline/books/:bookId", () => {
  it("lists an owned volume's every page for downloading", async () => {
    const owner = await signUp(t, { books: [BOOK.paid] });
    const { status, body } = await owner.browser.getJson<OfflineVolumeAnswer>(
      `/api/personal/offline/books/${BOOK.paid}`,
    );
    expect(status).toBe(200);
    expect(body.book).toMatchObject({ book_id: 301, series_id: 30, page_count: PAGES });
    expect(body.reader_url).toBe("/viewer/speed.html?cid=301&series=30");
    expect(body.pages.map((p) => p.url)).toEqual(
      Array.from({ length: PAGES }, (_, i) => `/media/books/301/pages/${i + 1}.png`),
    );
  });

  it("refuses what the member does not own: trial pages, free volumes, others' volumes", async () => {
    const member = await signUp(t);
    for (const bookId of [BOOK.paid, BOOK.memberFree, BOOK.free, BOOK.campaign]) {
      const { status, body } = await member.browser.getJson(
        `/api/personal/offline/books/${bookId}`,
      );
      expect(status, String(bookId)).toBe(403);
      expect(body).toMatchObject({
        result: false,
        error_message: expect.stringContaining("購入済み"),
      });
    }
    expect((await member.browser.getJson("/api/personal/offline/books/99999")).status).toBe(404);
    expect((await member.browser.getJson("/api/personal/offline/books/abc")).status).toBe(400);
    const visitor = new Browser(t.app);
    expect((await visitor.getJson(`/api/personal/offline/books/${BOOK.paid}`)).status).toBe(401);
  });

  it("leaves the page bytes to the media routes, which refuse them to who does not own them", async () => {
    const member = await signUp(t);
    const page = await member.browser.fetch(`/media/books/${BOOK.paid}/pages/${PAGES}.png`);
    expect(page.status).toBe(403);
  });
});

describe("GET /api/personal/offline/books", () => {
  it("answers which downloaded volumes the member may still keep; a refund ends one", async () => {
    const owner = await signUp(t, { books: [BOOK.paid, BOOK.paidNoTrial] });
    const ask = () =>
      owner.browser.getJson<OfflineBooksAnswer>(
        `/api/personal/offline/books?books=${BOOK.paid},${BOOK.paidNoTrial},${BOOK.free},${BOOK.memberFree},99999`,
      );
    const before = await ask();
    expect(before.status).toBe(200);
    expect(before.body.downloadable).toEqual([BOOK.paid, BOOK.paidNoTrial]);

    // A refunded purchase leaves the shelf (decision 0096): its download must go.
    await t.services.db
      .delete(userItems)
      .where(and(eq(userItems.userId, owner.userId), eq(userItems.bookId, BOOK.paid)));
    expect((await ask()).body.downloadable).toEqual([BOOK.paidNoTrial]);
  });

  it("turns away bad lists with a 400 naming the field, and visitors with a 401", async () => {
    const member = await signUp(t);
    for (const books of ["1,x", "0", `${"1,".repeat(400)}1`]) {
      const { status, body } = await member.browser.getJson(
        `/api/personal/offline/books?books=${books}`,
      );
      expect(status, books).toBe(400);
      expect(body.error_message ?? "").toContain("books");
    }
    const empty = await member.browser.getJson<OfflineBooksAnswer>("/api/personal/offline/books");
    expect(empty.body.downloadable).toEqual([]);
    const visitor = new Browser(t.app);
    expect((await visitor.getJson("/api/personal/offline/books?books=301")).status).toBe(401);
  });
});
