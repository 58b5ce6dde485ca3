import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../http/test-client";
import { campaignPolicies, campaigns, campaignTargets } from "../campaign/schema";
import { books } from "../catalog/schema";
import { volumeEntry } from "./service";
import { BOOK, seedReadingCatalog } from "./test-fixture";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await seedReadingCatalog(t);
});
afterAll(async () => {
  await t.database.close();
});

describe("a volume's terms, kept per campaign hour", () => {
  // A half-price sale on series 30 that opens on the hour.
  const hour = new Date("2026-11-21T10:00:00+09:00");
  const before = new Date(hour.getTime() - 1000);

  it("reads a volume's terms once within an hour, and anew when the hour turns", async () => {
    const db = t.services.db;
    await db.insert(campaigns).values({ campaignId: 70, name: "半額", startAt: hour });
    await db.insert(campaignPolicies).values({ campaignId: 70, policyType: 101, salePct: 50 });
    await db.insert(campaignTargets).values({ campaignId: 70, seriesId: 30 });

    expect((await volumeEntry(db, BOOK.paid, before))?.price).toBe(660);
    // A change within the hour is not read again at once: the kept terms answer.
    await db.update(books).set({ priceInc: 990 }).where(eq(books.bookId, BOOK.paid));
    expect((await volumeEntry(db, BOOK.paid, before))?.price).toBe(660);
    // The hour the sale opens is read anew, whatever was kept a second before.
    expect((await volumeEntry(db, BOOK.paid, hour))?.price).toBe(495);
  });
});
