import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMemberFreeRule, readsFree } from "../../../contract/series";
import { Browser, createTestApp } from "../../http/test-client";
import { personalSeriesMain } from "../../pages/series-answers";
import { bookItems } from "../cards/series-items";
import { volumeAccess } from "./service";
import { BOOK, CD, PAGES, seedReadingCatalog, signUp } from "./test-fixture";

/**
 * Who gets which page image and track (spec 001 §6; DESIGN.md "The API"): every page of every
 * kind of volume and every track, for a visitor, a member, the owner and a member who owns
 * something else. Refusals carry no bytes of the image or audio.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const mediaDir = mkdtempSync(path.join(tmpdir(), "komaya-entitle-test-"));
const viewers: Record<string, Browser> = {};
let memberId: number;

beforeAll(async () => {
  t = await createTestApp({ dataDir: mediaDir });
  await seedReadingCatalog(t);
  viewers.visitor = new Browser(t.app);
  const plain = await signUp(t);
  viewers.member = plain.browser;
  memberId = plain.userId;
  viewers.owner = (
    await signUp(t, { books: [BOOK.paid, BOOK.memberFree, BOOK.campaign], cd: true })
  ).browser;
  viewers.other = (await signUp(t, { books: [BOOK.free, BOOK.paidNoTrial] })).browser;
}, 60_000);
afterAll(async () => {
  await t?.database.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

/** Pages each viewer may read of each volume (the rest of the volume is refused). */
const READABLE: Record<string, Record<keyof typeof viewers | string, number>> = {
  paid: { visitor: 3, member: 3, owner: PAGES, other: 3 },
  free: { visitor: PAGES, member: PAGES, owner: PAGES, other: PAGES },
  memberFree: { visitor: 2, member: PAGES, owner: PAGES, other: PAGES },
  campaign: { visitor: 5, member: 5, owner: PAGES, other: 5 },
  paidNoTrial: { visitor: 0, member: 0, owner: 0, other: PAGES },
};

const PNG = [0x89, 0x50, 0x4e, 0x47];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** An ID3 tag or an MPEG frame sync: audio bytes. */
const isMp3 = (bytes: Uint8Array) =>
  startsWith(bytes, [0x49, 0x44, 0x33]) || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0);

describe("page images", () => {
  for (const [kind, readable] of Object.entries(READABLE)) {
    for (const who of ["visitor", "member", "owner", "other"]) {
      it(`${kind} volume, ${who}: pages 1–${readable[who]} open, the rest 403 without bytes`, async () => {
        const bookId = BOOK[kind as keyof typeof BOOK];
        for (let page = 1; page <= PAGES; page++) {
          const response = await viewers[who]!.fetch(`/media/books/${bookId}/pages/${page}.png`);
          const bytes = new Uint8Array(await response.arrayBuffer());
          if (page <= readable[who]!) {
            expect(response.status, `page ${page}`).toBe(200);
            expect(startsWith(bytes, PNG), `page ${page} is a PNG`).toBe(true);
          } else {
            expect(response.status, `page ${page}`).toBe(403);
            expect(response.headers.get("content-type")).toMatch(/json/);
            expect(startsWith(bytes, PNG)).toBe(false);
          }
        }
        const outside = await viewers[who]!.fetch(`/media/books/${bookId}/pages/${PAGES + 1}.png`);
        expect(outside.status).toBe(404);
      });
    }
  }

  it("keeps pages a member reads out of shared caches; trial pages may be shared", async () => {
    const own = await viewers.owner!.fetch(`/media/books/${BOOK.paid}/pages/6.png`);
    expect(own.headers.get("cache-control")).toMatch(/^private/);
    const trial = await viewers.visitor!.fetch(`/media/books/${BOOK.paid}/pages/1.png`);
    expect(trial.headers.get("cache-control")).toMatch(/^public/);
    const memberTrial = await viewers.member!.fetch(`/media/books/${BOOK.paid}/pages/1.png`);
    expect(memberTrial.headers.get("cache-control")).toMatch(/^private/);
  });

  it("draws pages at the allowed width nearest to ?w=, and refuses a width that is not a number", async () => {
    const widthOf = async (query: string) => {
      const response = await viewers.visitor!.fetch(
        `/media/books/${BOOK.free}/pages/2.png${query}`,
      );
      expect(response.status).toBe(200);
      // PNG IHDR: width is the big-endian word at byte 16.
      return new DataView(await response.arrayBuffer()).getUint32(16);
    };
    expect(await widthOf("")).toBe(720);
    expect(await widthOf("?w=360")).toBe(360);
    expect(await widthOf("?w=1000")).toBe(1080);
    expect(await widthOf("?w=5000")).toBe(1400);
    const bad = await viewers.visitor!.fetch(`/media/books/${BOOK.free}/pages/2.png?w=wide`);
    expect(bad.status).toBe(400);
  });

  it("refuses a width on a page the viewer may not read, still without bytes", async () => {
    const response = await viewers.visitor!.fetch(`/media/books/${BOOK.paid}/pages/6.png?w=1400`);
    expect(response.status).toBe(403);
  });
});

describe("tracks", () => {
  for (const who of ["visitor", "member", "owner", "other"]) {
    it(`${who}: full tracks only to the owner, the trial file to anyone, none where there is none`, async () => {
      for (const trackNo of [1, 2]) {
        const full = await viewers[who]!.fetch(`/media/cds/${CD.cdId}/tracks/${trackNo}.mp3`);
        const fullBytes = new Uint8Array(await full.arrayBuffer());
        if (who === "owner") {
          expect(full.status).toBe(200);
          expect(isMp3(fullBytes)).toBe(true);
          expect(full.headers.get("cache-control")).toMatch(/^private/);
        } else {
          expect(full.status).toBe(403);
          expect(full.headers.get("content-type")).toMatch(/json/);
          expect(isMp3(fullBytes)).toBe(false);
        }
        const trial = await viewers[who]!.fetch(`/media/cds/${CD.cdId}/trials/${trackNo}.mp3`);
        const trialBytes = new Uint8Array(await trial.arrayBuffer());
        if (trackNo === 1) {
          expect(trial.status).toBe(200);
          expect(isMp3(trialBytes)).toBe(true);
        } else {
          expect(trial.status).toBe(404);
          expect(isMp3(trialBytes)).toBe(false);
        }
      }
      expect((await viewers[who]!.fetch(`/media/cds/${CD.cdId}/tracks/3.mp3`)).status).toBe(404);
    });
  }

  it("refuses a range request for a full track to a non-owner", async () => {
    const response = await viewers.member!.fetch(`/media/cds/${CD.cdId}/tracks/1.mp3`, {
      headers: { range: "bytes=0-99" },
    });
    expect(response.status).toBe(403);
  });
});

describe("cards and the series page agree with page access", () => {
  it("shows a volume free, member-free or with trial pages exactly when the pages open so", async () => {
    const db = t.services.db;
    const cards = await bookItems(db, Object.values(BOOK));
    expect(cards).toHaveLength(Object.keys(BOOK).length);
    for (const isLogin of [false, true]) {
      const userId = isLogin ? memberId : null;
      const seriesBooks = (
        await Promise.all(
          [30, 31, 32].map((id) => personalSeriesMain(db, id, { userId }).then((m) => m!.books)),
        )
      ).flat();
      for (const shown of [...cards, ...seriesBooks]) {
        const bookId = shown.book_id!;
        const [seen] = applyMemberFreeRule(
          [
            {
              volume: shown.volume ?? 1,
              free_flag: shown.free_flag,
              member_free_flag: shown.member_free_flag,
            },
          ],
          isLogin,
        );
        const access = (await volumeAccess(db, bookId, userId))!;
        const label = `book ${bookId}, ${isLogin ? "member" : "visitor"}`;
        if (readsFree(seen!, isLogin)) {
          expect(access.readablePages, label).toBe(PAGES);
        } else if (shown.trial_page_count > 0) {
          expect(access.entitlement, label).toBe("trial");
          expect(access.readablePages, label).toBe(Math.min(shown.trial_page_count, PAGES));
        } else {
          expect(access.entitlement, label).toBe("none");
        }
      }
    }
  });
});
