import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client";
import { userItems } from "../library/schema";
import { createShop, giveCoupon, givePoints, SERIES_ONE_ITEM } from "../pricing/test-fixture";
import { type CheckoutInput, checkout } from "./checkout";
import { addCard } from "./payment-cards";
import { type PaymentProvider, sandboxProvider } from "./payments/provider";
import { orders, payments, pointEntries, receivedCoupons } from "./schema";
import { pointBalance } from "./service";

// Row locks and unique indexes are only tested for real on a PostgreSQL server with many
// connections; PGlite runs one statement at a time.
const url = process.env.TEST_DB_DRIVER === "postgres" ? process.env.TEST_DATABASE_URL : undefined;

let database: Database;
const name = `komaya_race_${randomBytes(6).toString("hex")}`;
const provider = sandboxProvider();
let nextUser = 1;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(query);
  await client.end();
}

/** Commerce keeps user ids as plain integers: a member needs no account row here. */
function newMember(): number {
  return nextUser++;
}

const token = () => randomBytes(12).toString("base64url");

async function attempt(input: CheckoutInput) {
  try {
    return { ok: true as const, answer: await checkout(database.db, provider, input) };
  } catch (error) {
    return { ok: false as const, error: error as Error & { status?: number } };
  }
}

describe.skipIf(!url)("checkout under concurrency (PostgreSQL)", () => {
  beforeAll(async () => {
    await admin(`create database ${name}`);
    const testUrl = new URL(url!);
    testUrl.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: testUrl.toString(), poolSize: 40 });
    await database.migrate();
    await createShop(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it("50 checkouts spending the same points: exactly the affordable 10 succeed", async () => {
    const userId = newMember();
    await givePoints(database.db, userId, 6600);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        attempt({
          userId,
          itemId: SERIES_ONE_ITEM(i + 1),
          paymentType: 0,
          point: 660,
          token: token(),
        }),
      ),
    );
    const paid = results.filter((r) => r.ok && r.answer.status === "paid");
    expect(paid).toHaveLength(10);
    for (const r of results.filter((r) => !r.ok)) {
      expect(r.error.status).toBe(409);
      expect(r.error.message).toContain("ポイント");
    }
    expect(await pointBalance(database.db, userId, new Date())).toBe(0);
    // No lot was ever drawn below zero.
    const lots = await database.db.execute(sql`
      select coalesce(lot_id, point_entry_id) as lot, sum(delta)::int as left
      from point_entries where user_id = ${userId} group by 1`);
    for (const row of lots.rows as Array<{ left: number }>)
      expect(row.left).toBeGreaterThanOrEqual(0);
    expect(await database.db.$count(orders, eq(orders.userId, userId))).toBe(10);
    expect(await database.db.$count(userItems, eq(userItems.userId, userId))).toBe(10);
    expect(
      await database.db.$count(
        pointEntries,
        and(eq(pointEntries.userId, userId), eq(pointEntries.reason, "use")),
      ),
    ).toBe(10);
  });

  it("50 checkouts with the same single-use coupon: it is used once", async () => {
    const userId = newMember();
    const couponId = await giveCoupon(database.db, userId, { discountValue: 100 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        attempt({
          userId,
          itemId: SERIES_ONE_ITEM(60 + i + 1),
          couponId,
          paymentType: 2,
          point: 0,
          token: token(),
        }),
      ),
    );
    expect(results.filter((r) => r.ok && r.answer.status === "paid")).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r.error.status).toBe(409);
    expect(
      await database.db.$count(
        receivedCoupons,
        and(eq(receivedCoupons.couponId, couponId), isNotNull(receivedCoupons.usedAt)),
      ),
    ).toBe(1);
    expect(await database.db.$count(orders, eq(orders.couponId, couponId))).toBe(1);
  });

  it("12 repeats of one token arriving while the first is being bought all answer its order", async () => {
    const userId = newMember();
    const same = token();
    const coupon = await giveCoupon(database.db, userId, { discountValue: 100 });
    await givePoints(database.db, userId, 300);
    // A double click, then retries spread over the first purchase's own time (a few ms each).
    const results = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 3));
        return attempt({
          userId,
          itemId: SERIES_ONE_ITEM(116),
          couponId: coupon,
          paymentType: 2,
          point: 100,
          token: same,
        });
      }),
    );
    expect(results.map((r) => (r.ok ? r.answer.status : r.error.message))).toEqual(
      results.map(() => "paid"),
    );
    expect(new Set(results.map((r) => (r.ok ? r.answer.order_id : null))).size).toBe(1);
    expect(await database.db.$count(orders, eq(orders.userId, userId))).toBe(1);
  });

  it("the same token sent 20 times at once gives one order", async () => {
    const userId = newMember();
    const same = token();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        attempt({ userId, itemId: SERIES_ONE_ITEM(115), paymentType: 2, point: 0, token: same }),
      ),
    );
    const failures = results.filter((r) => !r.ok);
    expect(failures.map((f) => (f.ok ? "" : f.error.message))).toEqual([]);
    const ids = new Set(results.map((r) => (r.ok ? r.answer.order_id : null)));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toBeTypeOf("number");
    expect(await database.db.$count(orders, eq(orders.userId, userId))).toBe(1);
    expect(await database.db.$count(userItems, eq(userItems.userId, userId))).toBe(1);
  });

  it("a saved card tapped 20 times at once with one token is charged once, for one order", async () => {
    const userId = newMember();
    let charges = 0;
    const counting: PaymentProvider = {
      ...provider,
      charge: (request) => {
        charges += 1;
        return provider.charge(request);
      },
    };
    const saved = await addCard(database.db, counting, {
      userId,
      requestKey: token(),
      card: { number: "4242424242424242", exp: "12/34", cvc: "123", name: "TARO KOMAYA" },
    });
    if (saved.status !== "saved") throw new Error("the card was not kept");
    const same = token();
    const results = await Promise.all(
      Array.from({ length: 20 }, async () => {
        try {
          return await checkout(database.db, counting, {
            userId,
            itemId: SERIES_ONE_ITEM(117),
            paymentType: 1,
            point: 0,
            token: same,
            savedCardId: saved.card.card_id,
            expectedAmount: 660,
          });
        } catch (error) {
          return (error as Error).message;
        }
      }),
    );
    expect(results.map((r) => (typeof r === "string" ? r : r.status))).toEqual(
      results.map(() => "paid"),
    );
    expect(charges).toBe(1);
    expect(await database.db.$count(orders, eq(orders.userId, userId))).toBe(1);
    const [order] = await database.db.select().from(orders).where(eq(orders.userId, userId));
    expect(await database.db.$count(payments, eq(payments.orderId, order!.orderId))).toBe(1);
    expect(await database.db.$count(userItems, eq(userItems.userId, userId))).toBe(1);
  });
});
