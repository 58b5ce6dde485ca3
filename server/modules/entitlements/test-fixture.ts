import { eq } from "drizzle-orm";
import { seedMedia } from "../../db/seed/media/write";
import { Browser, type createTestApp } from "../../http/test-client";
import { users } from "../account/schema";
import { campaignPolicies, campaigns, campaignTargets } from "../campaign/schema";
import {
  books,
  ITEM_TYPE_BOOK,
  ITEM_TYPE_DRAMA_CD,
  items,
  publishers,
  series,
} from "../catalog/schema";
import { cdBrands, cdLabels, dramaCds, tracks } from "../dramacd/schema";
import { userItems } from "../library/schema";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const PAST = new Date("2026-01-01T00:00:00Z");

/** Six pages each, so every page can be asked for. */
export const PAGES = 6;

/**
 * Series 30: volume 1 paid (3 trial pages, book 301), volume 2 member-free (2 trial pages,
 * book 302), volume 3 paid without trial (book 303). Series 31: volume 1 free (book 311).
 * Series 32: volume 1 paid with 2 trial pages that a running 104 campaign extends to 5 (book
 * 321). Drama CD 8: track 1 with a trial file, track 2 without. Item ids are book ids + 1000,
 * the CD's 5008.
 */
export const BOOK = { paid: 301, memberFree: 302, paidNoTrial: 303, free: 311, campaign: 321 };
export const CD = { cdId: 8, itemId: 5008 };

export async function seedReadingCatalog(t: TestApp): Promise<void> {
  const db = t.services.db;
  await db.insert(publishers).values({ publisherId: 1, name: "桜風社", nameKana: "オウフウシャ" });
  await db.insert(series).values(
    [30, 31, 32].map((seriesId) => ({
      seriesId,
      name: `試読シリーズ${seriesId}`,
      nameKana: "シドクシリーズ",
      publisherId: 1,
      startDate: PAST,
    })),
  );
  const volume = (
    bookId: number,
    seriesId: number,
    v: number,
    extra: Partial<typeof books.$inferInsert>,
  ) => ({
    bookId,
    seriesId,
    itemId: bookId + 1000,
    volume: v,
    title: `試読 ${v}`,
    price: 600,
    priceInc: 660,
    itemStartDate: PAST,
    pageCount: PAGES,
    trialPageCount: 3,
    ...extra,
  });
  const free = { price: 0, priceInc: 0 };
  await db
    .insert(books)
    .values([
      volume(301, 30, 1, {}),
      volume(302, 30, 2, { memberFreeFlag: true, trialPageCount: 2, ...free }),
      volume(303, 30, 3, { trialPageCount: 0 }),
      volume(311, 31, 1, { freeFlag: true, ...free }),
      volume(321, 32, 1, { trialPageCount: 2 }),
    ]);
  await db.insert(items).values(
    [301, 302, 303, 311, 321].map((b) => ({
      itemId: b + 1000,
      itemType: ITEM_TYPE_BOOK,
      bookId: b,
      price: 600,
      priceInc: 660,
    })),
  );
  await db
    .insert(campaigns)
    .values({ campaignId: 1, name: "立ち読み増量", startAt: PAST, trialFlag: true });
  await db.insert(campaignPolicies).values({ campaignId: 1, policyType: 104, trialPageCount: 5 });
  await db.insert(campaignTargets).values({ campaignId: 1, seriesId: 32 });
  await db.insert(cdBrands).values({ brandId: 1, name: "ボイスワークス" });
  await db.insert(cdLabels).values({ labelId: 1, brandId: 1, name: "ボイスワークス・ドラマ" });
  await db.insert(dramaCds).values({
    cdId: CD.cdId,
    name: "ドラマCD 試読",
    nameKana: "ドラマシーディー",
    brandId: 1,
    labelId: 1,
    jacket: "jacket_8.png",
    saleStartDate: PAST,
  });
  await db.insert(items).values({
    itemId: CD.itemId,
    itemType: ITEM_TYPE_DRAMA_CD,
    cdId: CD.cdId,
    price: 2000,
    priceInc: 2200,
  });
  await db.insert(tracks).values([
    {
      cdId: CD.cdId,
      trackNo: 1,
      name: "プロローグ",
      durationSec: 3,
      fileName: "track_8_1.mp3",
      trialFileName: "trial_8_1.mp3",
      trialDurationSec: 2,
    },
    { cdId: CD.cdId, trackNo: 2, name: "本編", durationSec: 2, fileName: "track_8_2.mp3" },
  ]);
  // The pages and audio these rows refer to, written by the seed tooling as a store is filled.
  await seedMedia(db, t.services.env.DATA_DIR);
}

export const PASSWORD = "password-123";

/** A signed-up member owning these books (by book id) and, if asked, the drama CD. */
export async function signUp(
  t: TestApp,
  owned: { books?: number[]; cd?: boolean } = {},
): Promise<{ browser: Browser; email: string; userId: number }> {
  const browser = new Browser(t.app);
  const email = `reader-${Math.random().toString(36).slice(2)}@example.jp`;
  await browser.postJson("/api/account/signup", { email, password: PASSWORD, agree: true });
  const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
  const userId = row!.userId;
  const rows = [
    ...(owned.books ?? []).map((bookId) => ({
      userId,
      itemId: bookId + 1000,
      itemType: ITEM_TYPE_BOOK,
      bookId,
      source: "purchase" as const,
    })),
    ...(owned.cd
      ? [
          {
            userId,
            itemId: CD.itemId,
            itemType: ITEM_TYPE_DRAMA_CD,
            cdId: CD.cdId,
            source: "purchase" as const,
          },
        ]
      : []),
  ];
  if (rows.length > 0) await t.services.db.insert(userItems).values(rows);
  return { browser, email, userId };
}
