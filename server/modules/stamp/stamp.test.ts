import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginStampsAnswer } from "../../../contract/stamp";
import { tokyoIsoDate } from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import { Browser, createTestApp } from "../../http/test-client";
import { users } from "../account/schema";
import { coupons, pointEntries, presents, receivedCoupons } from "../commerce/schema";
import { loginStampCards, stampBoxes, userStamps } from "./schema";
import {
  loginStamps,
  nextRewardAppeal,
  pressTodayStamp,
  stampStatus,
  stampStatusPressingToday,
} from "./service";

let t: Awaited<ReturnType<typeof createTestApp>>;
let db: Db;
const day = 86_400_000;
let nextUser = 10_000;

// Card 1 runs through June 2026 (service tests with fixed dates); card 2 runs around the real
// today (the API, which reads the clock). Cell 1 gives 10 points, 2 a coupon, 3 a present, 4 nothing.
beforeAll(async () => {
  t = await createTestApp();
  db = t.services.db;
  const now = new Date();
  await db.insert(coupons).values({
    couponId: 70,
    couponType: 1,
    name: "スタンプ達成クーポン 30%OFF",
    discountType: 1,
    discountValue: 30,
    startAt: new Date("2026-01-01T00:00:00Z"),
    endAt: new Date(now.getTime() + 365 * day),
  });
  await db.insert(loginStampCards).values([
    {
      cardId: 1,
      imageUrl: "/media/stamp/card-1.png",
      startDate: "2026-06-01",
      endDate: "2026-06-30",
      stampCount: 4,
      description: "六月のスタンプ",
    },
    {
      cardId: 2,
      imageUrl: "/media/stamp/card-2.png",
      startDate: tokyoIsoDate(new Date(now.getTime() - day)),
      endDate: tokyoIsoDate(new Date(now.getTime() + 10 * day)),
      stampCount: 4,
      bandStyle: "background-color:#ff6f91",
    },
  ]);
  for (const cardId of [1, 2]) {
    await db.insert(stampBoxes).values(
      [1, 2, 3, 4].map((n) => ({
        cardId,
        stampNo: n,
        row: 1,
        col: n,
        imageUrlOn: `/on-${n}.png`,
        imageUrlOff: `/off-${n}.png`,
        rewardPoint: n === 1 ? 10 : null,
        rewardCouponId: n === 2 ? 70 : null,
        rewardPresentPoint: n === 3 ? 50 : null,
      })),
    );
  }
});
afterAll(async () => {
  await t?.database.close();
});

async function member() {
  const browser = new Browser(t.app);
  const email = `stamp-${Math.random().toString(36).slice(2)}@example.jp`;
  await browser.postJson("/api/account/signup", { email, password: "password-123", agree: true });
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return { browser, userId: row!.userId };
}

const stampPoints = async (userId: number) =>
  db
    .select()
    .from(pointEntries)
    .where(and(eq(pointEntries.userId, userId), eq(pointEntries.reason, "stamp")));

describe("pressing the daily stamp (service)", () => {
  it("presses once per Tokyo day: 23:59 JST and 00:00 JST are different days", async () => {
    const userId = nextUser++;
    const lateJune1 = new Date("2026-06-01T14:59:00Z"); // 23:59 in Tokyo
    expect(await pressTodayStamp(db, userId, lateJune1)).toBe(1);
    expect(await pressTodayStamp(db, userId, lateJune1)).toBeNull();
    expect(await pressTodayStamp(db, userId, new Date("2026-06-01T00:00:00Z"))).toBeNull();
    expect(await pressTodayStamp(db, userId, new Date("2026-06-01T15:00:00Z"))).toBe(2);
    const june2 = new Date("2026-06-01T16:00:00Z");
    // Pressed, not shown yet: the stamp dialog is still due.
    expect(await stampStatus(db, userId, june2)).toEqual({
      currentStampNo: 2,
      isTodayStamp: false,
      pressedToday: true,
    });
    // The first card shown animates today's stamp; from then on it is the member's.
    expect((await loginStamps(db, userId, june2)).status).toEqual({
      current_stamp_no: 2,
      press_flag: true,
      press_stamps: [2],
    });
    expect((await loginStamps(db, userId, june2)).status.press_flag).toBe(false);
    expect(await stampStatus(db, userId, june2)).toEqual({
      currentStampNo: 2,
      isTodayStamp: true,
      pressedToday: true,
    });
    expect(await stampStatus(db, userId, new Date("2026-06-02T15:00:00Z"))).toEqual({
      currentStampNo: 2,
      isTodayStamp: false,
      pressedToday: false,
    });
  });

  it("the member's first page of a Tokyo day presses, whatever page it is", async () => {
    const userId = nextUser++;
    const morning = new Date("2026-06-20T00:30:00Z"); // 09:30 in Tokyo
    const status = await stampStatusPressingToday(db, userId, morning);
    expect(status).toEqual({ currentStampNo: 1, isTodayStamp: false, pressedToday: true });
    // Later pages that day read; the next day's first page presses the next stamp.
    expect(await stampStatusPressingToday(db, userId, new Date("2026-06-20T14:59:00Z"))).toEqual(
      status,
    );
    expect(
      (await stampStatusPressingToday(db, userId, new Date("2026-06-20T15:00:00Z"))).currentStampNo,
    ).toBe(2);
    const rows = await db.select().from(userStamps).where(eq(userStamps.userId, userId));
    expect(rows.map((r) => [r.stampNo, r.pressedOn]).sort()).toEqual([
      [1, "2026-06-20"],
      [2, "2026-06-21"],
    ]);
  });

  it("grants each cell's points, coupon and present once, and stops at the goal", async () => {
    const userId = nextUser++;
    const at = (d: number) => new Date(Date.parse("2026-06-10T03:00:00Z") + d * day);
    for (let d = 0; d < 6; d++) {
      await pressTodayStamp(db, userId, at(d));
      await pressTodayStamp(db, userId, at(d));
    }
    const stamps = await db.select().from(userStamps).where(eq(userStamps.userId, userId));
    expect(stamps.map((s) => s.stampNo).sort()).toEqual([1, 2, 3, 4]);
    const points = await stampPoints(userId);
    expect(points.map((p) => p.delta)).toEqual([10]);
    const got = await db.select().from(receivedCoupons).where(eq(receivedCoupons.userId, userId));
    expect(got.map((c) => c.couponId)).toEqual([70]);
    const box = await db.select().from(presents).where(eq(presents.userId, userId));
    expect(box.map((p) => [p.point, p.caption])).toEqual([[50, "ログインスタンプ3個達成"]]);
  });

  it("a visitor sees the card unpressed", async () => {
    const answer = await loginStamps(db, null, new Date("2026-06-05T03:00:00Z"));
    expect(answer.stamps?.stamp_count).toBe(4);
    expect(answer.boxes).toHaveLength(1);
    expect(answer.status).toEqual({ current_stamp_no: 0, press_flag: false, press_stamps: [] });
  });

  it("no card runs: nothing to press", async () => {
    expect(await pressTodayStamp(db, nextUser++, new Date("2025-01-05T03:00:00Z"))).toBeNull();
  });
});

describe("the appeal line", () => {
  const box = (
    stampNo: number,
    extra: Partial<Parameters<typeof nextRewardAppeal>[0][0]> = {},
  ) => ({
    cardId: 1,
    stampNo,
    row: 1,
    col: stampNo,
    imageUrlOn: "",
    imageUrlOff: "",
    rewardPoint: null,
    rewardCouponId: null,
    rewardPresentPoint: null,
    ...extra,
  });
  it("counts the stamps left to the next cell that gives something", () => {
    const boxes = [box(1), box(5, { rewardPoint: 10 }), box(10, { rewardCouponId: 3 })];
    expect(nextRewardAppeal(boxes, 2)).toBe("あと3個で10ポイントをプレゼント！");
    expect(nextRewardAppeal(boxes, 5)).toBe("あと5個でクーポンをプレゼント！");
    expect(nextRewardAppeal(boxes, 10)).toBeNull();
  });
});

describe("/api/login_stamps", () => {
  it("20 concurrent calls on one Tokyo day press exactly one stamp and grant once", async () => {
    const { browser, userId } = await member();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => browser.postJson<LoginStampsAnswer>("/api/login_stamps")),
    );
    for (const a of answers) expect(a.status).toBe(200);
    const pressed = answers.filter((a) => a.body.status.press_flag);
    expect(pressed).toHaveLength(1);
    expect(pressed[0]!.body.status.press_stamps).toEqual([1]);
    for (const a of answers) expect(a.body.status.current_stamp_no).toBe(1);
    const rows = await db.select().from(userStamps).where(eq(userStamps.userId, userId));
    expect(rows).toHaveLength(1);
    expect((await stampPoints(userId)).map((p) => p.delta)).toEqual([10]);

    const user = await browser.postJson<{ current_stamp_no: number; is_today_stamp: boolean }>(
      "/api/user",
    );
    expect(user.body.current_stamp_no).toBe(1);
    expect(user.body.is_today_stamp).toBe(true);
    const again = await browser.postJson<LoginStampsAnswer>("/api/login_stamps");
    expect(again.body.status).toEqual({ current_stamp_no: 1, press_flag: false, press_stamps: [] });
    expect(again.body.stamps?.band_style).toBe("background-color:#ff6f91");
  });

  it("a member already logged in presses on the next day's first request of any page, once under 20 concurrent ones", async () => {
    const { browser, userId } = await member();
    // Signing up was the member's first request today; yesterday's stamp stands for a past visit.
    await db.delete(userStamps).where(eq(userStamps.userId, userId));
    const yesterday = tokyoIsoDate(new Date(Date.now() - day));
    await db.insert(userStamps).values({
      userId,
      cardId: 2,
      stampNo: 1,
      pressedOn: yesterday,
      pressedAt: new Date(Date.now() - day),
      shownAt: new Date(Date.now() - day),
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        browser.postJson<{ current_stamp_no: number; is_today_stamp: boolean; point: number }>(
          "/api/user",
        ),
      ),
    );
    for (const a of answers) expect(a.body.current_stamp_no).toBe(2);
    const rows = await db.select().from(userStamps).where(eq(userStamps.userId, userId));
    expect(rows.map((r) => r.stampNo).sort()).toEqual([1, 2]);
    // Cell 2 gives the coupon, once.
    const got = await db.select().from(receivedCoupons).where(eq(receivedCoupons.userId, userId));
    expect(got.map((c) => c.couponId)).toEqual([70]);
    // Not shown yet, so the home page's stamp dialog is due and animates stamp 2.
    expect(answers[0]!.body.is_today_stamp).toBe(false);
    const shown = await browser.postJson<LoginStampsAnswer>("/api/login_stamps");
    expect(shown.body.status).toEqual({ current_stamp_no: 2, press_flag: true, press_stamps: [2] });
    const user = await browser.postJson<{ is_today_stamp: boolean }>("/api/user");
    expect(user.body.is_today_stamp).toBe(true);
  });

  it("visitors are asked to log in", async () => {
    const visitor = new Browser(t.app);
    const answer = await visitor.postJson("/api/login_stamps");
    expect(answer.status).toBe(401);
    expect(answer.body.result).toBe(false);
  });
});
