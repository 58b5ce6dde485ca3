import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserStatus } from "../../contract/status";
import { tokyoIsoDate } from "../../contract/tokyo-time";
import type { Db } from "../db/client";
import { Browser, createTestApp } from "../http/test-client";
import { unsubscribeUrl } from "../modules/account/service";
import { TEST_CARDS } from "../modules/commerce/payments/provider";
import {
  createShop,
  giveCoupon,
  givePoints,
  SERIES_ONE_ITEM,
  shopMember,
} from "../modules/pricing/test-fixture";
import { loginStampCards, stampBoxes, userStamps } from "../modules/stamp/schema";
import { keptMemberItems } from "./home";
import { shownUserStatus } from "./status";

let t: Awaited<ReturnType<typeof createTestApp>>;
let db: Db;
const day = 86_400_000;

// A stamp card over June 2026 for the fixed-date checks; each cell gives 10 points.
beforeAll(async () => {
  t = await createTestApp();
  db = t.services.db;
  await createShop(db);
  await db.insert(loginStampCards).values({
    cardId: 1,
    imageUrl: "/media/stamp/card-1.png",
    startDate: "2026-06-01",
    endDate: "2026-06-30",
    stampCount: 4,
  });
  await db.insert(stampBoxes).values(
    [1, 2, 3, 4].map((n) => ({
      cardId: 1,
      stampNo: n,
      row: 1,
      col: n,
      imageUrlOn: `/on-${n}.png`,
      imageUrlOff: `/off-${n}.png`,
      rewardPoint: 10,
    })),
  );
});
afterAll(async () => {
  await t?.database.close();
});

const token = () => `tok_${Math.random().toString(36).slice(2)}${Date.now()}`;
const user = async (browser: Browser) => (await browser.postJson<UserStatus>("/api/user")).body;

describe("a member's kept status", () => {
  it("shows the member's own add to cart, purchase and coupon use at once, and nobody else's", async () => {
    const { browser, userId } = await shopMember(t.app, db);
    const other = await shopMember(t.app, db);
    const coupon = await giveCoupon(db, userId, { discountValue: 100 });
    const volume = SERIES_ONE_ITEM(1);
    const flags = () => keptMemberItems(t.services, userId, [volume], new Date());

    expect(await user(browser)).toMatchObject({ cart_count: 0, enable_coupon: [coupon] });
    expect(await flags()).toMatchObject({ cart_items: [], own_items: [] });
    expect(await user(other.browser)).toMatchObject({ cart_count: 0, point: 0 });

    await browser.postJson("/api/cart_add", { items: [volume] });
    expect(await user(browser)).toMatchObject({ cart_count: 1, cart_price: 660 });
    expect(await flags()).toMatchObject({ cart_items: [volume], own_items: [] });
    expect(await user(other.browser)).toMatchObject({ cart_count: 0 });

    const bought = await browser.postJson("/api/checkout", {
      coupon,
      payment_type: 1,
      card: TEST_CARDS.succeeds,
      token: token(),
    });
    expect(bought.body).toMatchObject({ result: true, status: "paid" });
    const after = await user(browser);
    expect(after).toMatchObject({ cart_count: 0, cart_price: 0, enable_coupon: [] });
    expect(after.used_coupon).toEqual([coupon]);
    // The owned volume never offers カートに入れる again on the member's first sections.
    expect(await flags()).toMatchObject({ cart_items: [], own_items: [volume] });
    const status = (await browser.getJson<{ pay_count: number }>("/api/status")).body;
    expect(status.pay_count).toBe(1);

    expect(await user(other.browser)).toMatchObject({ cart_count: 0, used_coupon: [] });
    expect(await keptMemberItems(t.services, other.userId, [volume], new Date())).toMatchObject({
      cart_items: [],
      own_items: [],
    });
  });

  it("shows a change made without the member's session (the unsubscribe link) at once", async () => {
    const { browser } = await shopMember(t.app, db);
    await browser.postJson("/api/newsletter", { enable: true });
    const before = await user(browser);
    expect(before.newsletter_flag).toBe(true);
    const link = new URL(
      unsubscribeUrl("https://komaya.example", t.services.sessionSecret, before.profile_id),
    );
    const mailProgram = new Browser(t.app);
    const answer = await mailProgram.postJson("/api/newsletter/unsubscribe", {
      u: link.searchParams.get("u"),
      s: link.searchParams.get("s"),
    });
    expect(answer.body.result).toBe(true);
    expect(await user(browser)).toMatchObject({ newsletter_flag: false });
  });

  it("shows what changed by the clock or by others at most MEMBER_KEPT_MS late", async () => {
    const { userId } = await shopMember(t.app, db);
    const at = new Date("2026-06-10T03:10:00Z");
    const first = await shownUserStatus(t.services, userId, at);
    // Points a job grants (a refund campaign) while the member changes nothing.
    await givePoints(db, userId, 500);
    const soon = await shownUserStatus(t.services, userId, new Date(at.getTime() + 29_000));
    expect(soon.point).toBe(first.point);
    const later = await shownUserStatus(t.services, userId, new Date(at.getTime() + 30_000));
    expect(later.point).toBe(first.point + 500);
  });

  it("counts the sign-up coupon's seconds down while kept, and drops it when they run out", async () => {
    const { userId } = await shopMember(t.app, db);
    const at = new Date();
    const endAt = new Date(at.getTime() + 20_500);
    const coupon = await giveCoupon(db, userId, { signupCoupon: true, endAt });
    const first = await shownUserStatus(t.services, userId, at);
    expect(first.signup_coupon_expire_seconds).toBe(20);
    expect(first.enable_coupon).toContain(coupon);
    const later = await shownUserStatus(t.services, userId, new Date(at.getTime() + 10_000));
    expect(later.signup_coupon_expire_seconds).toBe(10);
    // Ran out before the kept lifetime: no longer usable, and the special sale begins.
    const out = await shownUserStatus(t.services, userId, new Date(at.getTime() + 21_000));
    expect(out.signup_coupon_expire_seconds).toBe(0);
    expect(out.enable_coupon).not.toContain(coupon);
    expect(out.special_sale_expire_seconds).toBeGreaterThan(0);
  });

  it("presses the stamp on the first status of a Tokyo day, once, however many pages ask", async () => {
    const { userId } = await shopMember(t.app, db);
    await db.delete(userStamps).where(eq(userStamps.userId, userId));
    const dayOne = new Date("2026-06-10T14:50:00Z"); // 23:50 in Tokyo
    const one = await shownUserStatus(t.services, userId, dayOne);
    expect(one.current_stamp_no).toBe(1);
    // Ten minutes later it is the next Tokyo day (and a new campaign hour): pressed again.
    const dayTwo = new Date(dayOne.getTime() + 10 * 60_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => shownUserStatus(t.services, userId, dayTwo)),
    );
    for (const a of answers) expect(a.current_stamp_no).toBe(2);
    const later = await shownUserStatus(t.services, userId, new Date(dayTwo.getTime() + day / 2));
    expect(later.current_stamp_no).toBe(2);
    const rows = await db.select().from(userStamps).where(eq(userStamps.userId, userId));
    expect(rows.map((r) => r.pressedOn).sort()).toEqual([
      tokyoIsoDate(dayOne),
      tokyoIsoDate(dayTwo),
    ]);
  });
});
