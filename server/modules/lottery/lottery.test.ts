import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PresentListAnswer } from "../../../contract/ledgers";
import type { LotteryPlayAnswer, LotteryStatusAnswer } from "../../../contract/lottery";
import type { Db } from "../../db/client";
import { Browser, createTestApp } from "../../http/test-client";
import { users } from "../account/schema";
import { books, ITEM_TYPE_BOOK, items, publishers, series } from "../catalog/schema";
import { coupons, orders, presents } from "../commerce/schema";
import { lotteries, lotteryPlays, lotteryPrizes } from "./schema";
import { pickPrize, play } from "./service";

let t: Awaited<ReturnType<typeof createTestApp>>;
let db: Db;
const day = 86_400_000;
const started = new Date(Date.now() - 3 * day);
const ends = new Date(Date.now() + 30 * day);
let nextLottery = 1;
let nextUser = 100_000;

beforeAll(async () => {
  t = await createTestApp();
  db = t.services.db;
  await db.insert(publishers).values({ publisherId: 1, name: "桜風社", nameKana: "オウフウシャ" });
  await db.insert(series).values({
    seriesId: 1,
    name: "星降る街",
    nameKana: "ホシフルマチ",
    publisherId: 1,
    startDate: started,
  });
  await db.insert(books).values({
    bookId: 301,
    seriesId: 1,
    itemId: 3001,
    volume: 1,
    title: "星降る街 1",
    price: 500,
    priceInc: 550,
    onsaleFlag: true,
    itemStartDate: started,
    pageCount: 30,
  });
  await db.insert(items).values({
    itemId: 3001,
    itemType: ITEM_TYPE_BOOK,
    bookId: 301,
    price: 500,
    priceInc: 550,
    onsaleFlag: true,
  });
  await db.insert(coupons).values({
    couponId: 7,
    couponType: 1,
    name: "抽選100円OFFクーポン",
    discountType: 2,
    discountValue: 100,
    startAt: started,
    endAt: ends,
  });
});
afterAll(async () => {
  await t?.database.close();
});

type PrizeSpec = { prize: Record<string, unknown>; weight: number; stock: number | null };

async function makeLottery(
  prizes: PrizeSpec[],
  options: { playConditionType?: number; startAt?: Date; endAt?: Date | null } = {},
) {
  const lotteryId = nextLottery++;
  const name = `kuji-${lotteryId}`;
  await db.insert(lotteries).values({
    lotteryId,
    name,
    title: "テストくじ",
    upperPageContent: "<p>上</p>",
    lowerPageContent:
      '<p onclick="steal()">下<script>steal()</script><a href="javascript:steal()">x</a></p>',
    shareUrl: `/lottery/${name}`,
    playConditionType: options.playConditionType ?? 1,
    startAt: options.startAt ?? started,
    endAt: options.endAt === undefined ? ends : options.endAt,
  });
  const rows = await db
    .insert(lotteryPrizes)
    .values(prizes.map((p, i) => ({ lotteryId, position: i + 1, ...p })))
    .returning();
  return { lotteryId, name, prizeIds: rows.map((r) => r.prizeId) };
}

const points = (point: number, name = `${point}ポイント`) => ({ name, point });

async function member() {
  const browser = new Browser(t.app);
  const email = `lottery-${Math.random().toString(36).slice(2)}@example.jp`;
  await browser.postJson("/api/account/signup", { email, password: "password-123", agree: true });
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return { browser, userId: row!.userId };
}

describe("the odds", () => {
  const prizes = [
    { prizeId: 1, weight: 2 },
    { prizeId: 2, weight: 10 },
    { prizeId: 3, weight: 88 },
  ];
  it("gives each prize the rolls of its weight, in order", () => {
    expect(pickPrize(prizes, 0)?.prizeId).toBe(1);
    expect(pickPrize(prizes, 1)?.prizeId).toBe(1);
    expect(pickPrize(prizes, 2)?.prizeId).toBe(2);
    expect(pickPrize(prizes, 11)?.prizeId).toBe(2);
    expect(pickPrize(prizes, 12)?.prizeId).toBe(3);
    expect(pickPrize(prizes, 99)?.prizeId).toBe(3);
    expect(pickPrize(prizes, 100)).toBeNull();
  });

  it("draws the configured odds over many plays with the real random source", async () => {
    const { name, prizeIds } = await makeLottery([
      { prize: points(100), weight: 1, stock: null },
      { prize: points(1), weight: 3, stock: null },
    ]);
    const won: number[] = [];
    for (let i = 0; i < 400; i++) {
      const r = await play(db, { name, userId: nextUser++, conditionType: 1, now: new Date() });
      won.push(r.prizeId!);
    }
    const first = won.filter((id) => id === prizeIds[0]).length;
    // 1 in 4 expected (100); far outside 40..160 would mean the weights are not used.
    expect(first).toBeGreaterThan(40);
    expect(first).toBeLessThan(160);
  });
});

describe("/api/lottery/{name}", () => {
  it("shows the page to visitors and asks them to log in to play", async () => {
    const { name } = await makeLottery([{ prize: points(5), weight: 1, stock: null }]);
    const visitor = new Browser(t.app);
    const page = await visitor.getJson<{ lottery: { upper_page_content: string } }>(
      `/api/lottery/${name}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.lottery.upper_page_content).toBe("<p>上</p>");
    // Staff markup reaches the page only through the sanitiser: no script, handler or js: link.
    expect((page.body.lottery as { lower_page_content?: string }).lower_page_content).toBe(
      "<p>下<a>x</a></p>",
    );
    const status = await visitor.postJson(`/api/lottery/${name}/status`);
    expect(status.status).toBe(401);
    const played = await visitor.postJson(`/api/lottery/${name}/play`, { condition_type: 1 });
    expect(played.status).toBe(401);
    expect(played.body.error_message).toBe("抽選にはログインが必要です");
  });

  it("answers 404 for an unknown lottery and 400 for a malformed play", async () => {
    const { name } = await makeLottery([{ prize: points(5), weight: 1, stock: null }]);
    const { browser } = await member();
    expect((await browser.postJson("/api/lottery/no-such/status")).status).toBe(404);
    const bad = await browser.postJson(`/api/lottery/${name}/play`, { condition_type: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.error_message).toContain("condition_type");
    const wrong = await browser.postJson(`/api/lottery/${name}/play`, { condition_type: 2 });
    expect(wrong.status).toBe(409);
  });
});

describe("play conditions", () => {
  it("once a day: a second play the same Tokyo day is refused, the next day plays again", async () => {
    const { name } = await makeLottery([{ prize: points(5), weight: 1, stock: null }]);
    const { browser, userId } = await member();
    const first = await browser.postJson<LotteryPlayAnswer>(`/api/lottery/${name}/play`, {
      condition_type: 1,
    });
    expect(first.status).toBe(200);
    expect(first.body.prize?.point).toBe(5);
    expect(first.body.status.can_play).toBe(false);
    const again = await browser.postJson(`/api/lottery/${name}/play`, { condition_type: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error_message).toBe("本日はすでに抽選済みです。また明日ご参加ください");
    const status = await browser.postJson<LotteryStatusAnswer>(`/api/lottery/${name}/status`);
    expect(status.body.status).toMatchObject({ play_condition_type: 1, can_play: false });
    const tomorrow = await play(db, {
      name,
      userId,
      conditionType: 1,
      now: new Date(Date.now() + day),
    });
    expect(tomorrow.prize?.point).toBe(5);
  });

  it("once per period: never twice, not even another day", async () => {
    const { name } = await makeLottery([{ prize: points(5), weight: 1, stock: null }], {
      playConditionType: 2,
    });
    const userId = nextUser++;
    await play(db, { name, userId, conditionType: 2, now: new Date() });
    await expect(
      play(db, { name, userId, conditionType: 2, now: new Date(Date.now() + 2 * day) }),
    ).rejects.toMatchObject({ status: 409, message: "このくじはすでに抽選済みです" });
  });

  it("once per purchase: one play per paid order placed in the period", async () => {
    const { name } = await makeLottery([{ prize: points(5), weight: 1, stock: null }], {
      playConditionType: 3,
    });
    const userId = nextUser++;
    const now = new Date();
    await expect(play(db, { name, userId, conditionType: 3, now })).rejects.toMatchObject({
      status: 409,
      message: "作品を購入すると抽選できます",
    });
    const order = (createdAt: Date, status: "paid" | "cancelled" = "paid") => ({
      userId,
      price: 550,
      subtotal: 550,
      tax: 50,
      amount: 550,
      paymentType: 1,
      status,
      idempotencyKey: `k-${Math.random()}`,
      createdAt,
    });
    // Before the lottery started, and cancelled: neither gives a play.
    await db
      .insert(orders)
      .values([order(new Date(started.getTime() - day)), order(now, "cancelled")]);
    await expect(play(db, { name, userId, conditionType: 3, now })).rejects.toMatchObject({
      status: 409,
    });
    await db.insert(orders).values([order(now), order(now)]);
    await play(db, { name, userId, conditionType: 3, now });
    await play(db, { name, userId, conditionType: 3, now });
    await expect(play(db, { name, userId, conditionType: 3, now })).rejects.toMatchObject({
      status: 409,
    });
  });

  it("refuses plays before the start and after the end", async () => {
    const ended = await makeLottery([{ prize: points(5), weight: 1, stock: null }], {
      startAt: new Date(Date.now() - 10 * day),
      endAt: new Date(Date.now() - day),
    });
    await expect(
      play(db, { name: ended.name, userId: nextUser++, conditionType: 1, now: new Date() }),
    ).rejects.toMatchObject({ status: 404, message: "このくじは終了しました" });
    const later = await makeLottery([{ prize: points(5), weight: 1, stock: null }], {
      startAt: new Date(Date.now() + day),
    });
    await expect(
      play(db, { name: later.name, userId: nextUser++, conditionType: 1, now: new Date() }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("prizes", () => {
  it("points, a coupon and a volume each wait in the present box", async () => {
    const { name } = await makeLottery([
      { prize: points(30, "中吉"), weight: 1, stock: null },
      { prize: { name: "クーポン賞", coupon_id: 7 }, weight: 1, stock: null },
      { prize: { name: "1巻プレゼント賞", item_id: 3001 }, weight: 1, stock: null },
    ]);
    const { browser, userId } = await member();
    const now = new Date();
    for (const [roll, offset] of [
      [0, 0],
      [1, 1],
      [2, 2],
    ] as const) {
      await play(db, {
        name,
        userId,
        conditionType: 1,
        now: new Date(now.getTime() + offset * day),
        roll: () => roll,
      });
    }
    const box = await browser.postJson<PresentListAnswer>("/api/present");
    const kinds = box.body.present_list.map((p) => [p.kind, p.point, p.coupon_id, p.item_id]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ["point", 30, null, null],
        ["coupon", 0, 7, null],
        ["item", 0, null, 3001],
      ]),
    );
    expect(box.body.present_list.every((p) => p.caption.startsWith("テストくじ"))).toBe(true);
  });

  it("a blank gives nothing and a prize out of stock is never drawn", async () => {
    const { name, prizeIds } = await makeLottery([
      { prize: points(100), weight: 1000, stock: 0 },
      { prize: { name: "はずれ" }, weight: 1, stock: null },
    ]);
    const userId = nextUser++;
    const r = await play(db, { name, userId, conditionType: 1, now: new Date() });
    expect(r.prizeId).toBe(prizeIds[1]);
    expect(r.presentId).toBeNull();
    expect(await db.$count(presents, eq(presents.userId, userId))).toBe(0);
  });

  it("with every prize gone the play is recorded as a blank", async () => {
    const { name } = await makeLottery([{ prize: points(100), weight: 1, stock: 1 }]);
    const a = await play(db, { name, userId: nextUser++, conditionType: 1, now: new Date() });
    const b = await play(db, { name, userId: nextUser++, conditionType: 1, now: new Date() });
    expect(a.prize?.point).toBe(100);
    expect(b.prize).toBeNull();
  });
});

describe("concurrent plays", () => {
  it("50 members at once never take stock below 0 nor win more prizes than stocked", async () => {
    const { name, lotteryId, prizeIds } = await makeLottery([
      { prize: points(100, "大吉"), weight: 1000, stock: 5 },
      { prize: points(30, "中吉"), weight: 1000, stock: 3 },
      { prize: points(1, "末吉"), weight: 1, stock: null },
    ]);
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        play(db, { name, userId: nextUser++, conditionType: 1, now }),
      ),
    );
    const wins = (id: number | undefined) => results.filter((r) => r.prizeId === id).length;
    expect(wins(prizeIds[0])).toBe(5);
    expect(wins(prizeIds[1])).toBe(3);
    expect(wins(prizeIds[2])).toBe(42);
    const stock = await db
      .select({ stock: lotteryPrizes.stock })
      .from(lotteryPrizes)
      .where(eq(lotteryPrizes.lotteryId, lotteryId))
      .orderBy(lotteryPrizes.position);
    expect(stock.map((s) => s.stock)).toEqual([0, 0, null]);
    const presentsGiven = await db.execute(
      sql`select count(*)::int as n from presents where caption like 'テストくじ 大吉'`,
    );
    expect((presentsGiven.rows[0] as { n: number }).n).toBeLessThanOrEqual(5);
  });

  it("one member pressing play 10 times at once plays once", async () => {
    const { name, lotteryId } = await makeLottery([{ prize: points(5), weight: 1, stock: null }]);
    const { browser, userId } = await member();
    await browser.open();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        browser.postJson(`/api/lottery/${name}/play`, { condition_type: 1 }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect(
      await db.$count(
        lotteryPlays,
        sql`${lotteryPlays.lotteryId} = ${lotteryId} and ${lotteryPlays.userId} = ${userId}`,
      ),
    ).toBe(1);
  });
});
