import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db, Tx } from "../../db/client";
import { createTestDatabase } from "../../db/test-database";
import { ApiError } from "../../lib/errors";
import {
  cancelOrderPoints,
  daysLater,
  earnPoints,
  expirePoints,
  expiringSoon,
  lockPoints,
  spendPoints,
} from "./points";
import { pointEntries } from "./schema";
import { pointBalance } from "./service";

let database: Database;
let db: Db;
const now = new Date("2026-06-01T03:00:00Z");
let nextUser = 1;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

const inTx = <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn);

async function memberWith(lots: Array<{ point: number; days: number | null }>) {
  const userId = nextUser++;
  for (const lot of lots) {
    await db.transaction((tx) =>
      earnPoints(tx, {
        userId,
        point: lot.point,
        reason: "campaign",
        expiresAt: lot.days === null ? null : daysLater(now, lot.days),
        now: daysLater(now, -1),
      }),
    );
  }
  return userId;
}

describe("the points ledger", () => {
  it("takes a transaction, never the plain database (checked by the type checker)", () => {
    // Money changes only inside a transaction (decision 0077): `Db` lacks what `Tx` has, so this
    // line fails `npm run typecheck` the day spendPoints accepts the plain database again.
    // @ts-expect-error spendPoints asks for a Tx
    const spendOutside = () => spendPoints(db, { userId: 1, point: 1, orderId: 1, now });
    expect(spendOutside).toBeTypeOf("function");
  });

  it("spends the soonest-expiring lot first and never-expiring points last", async () => {
    const userId = await memberWith([
      { point: 100, days: null },
      { point: 100, days: 90 },
      { point: 100, days: 10 },
    ]);
    await inTx((tx) => spendPoints(tx, { userId, point: 150, orderId: 1, now }));
    expect(await pointBalance(db, userId, now)).toBe(150);
    const spends = await db
      .select({ delta: pointEntries.delta, expiresAt: pointEntries.expiresAt })
      .from(pointEntries)
      .where(and(eq(pointEntries.userId, userId), eq(pointEntries.reason, "use")))
      .orderBy(pointEntries.pointEntryId);
    expect(spends).toEqual([
      { delta: -100, expiresAt: daysLater(now, 10) },
      { delta: -50, expiresAt: daysLater(now, 90) },
    ]);
  });

  it("refuses to spend more than the balance with a Conflict and writes nothing", async () => {
    const userId = await memberWith([{ point: 80, days: 30 }]);
    const failure = await inTx((tx) =>
      spendPoints(tx, { userId, point: 81, orderId: 2, now }),
    ).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(409);
    expect(await pointBalance(db, userId, now)).toBe(80);
  });

  it("does not count or spend expired points", async () => {
    const userId = await memberWith([
      { point: 50, days: -1 },
      { point: 30, days: 5 },
    ]);
    expect(await inTx((tx) => lockPoints(tx, userId, now))).toBe(30);
    const failure = await inTx((tx) =>
      spendPoints(tx, { userId, point: 40, orderId: 3, now }),
    ).catch((e) => e);
    expect((failure as ApiError).status).toBe(409);
  });

  it("gives a cancelled order's spent points back once and takes back what it earned", async () => {
    const userId = await memberWith([{ point: 200, days: 30 }]);
    await inTx(async (tx) => {
      await spendPoints(tx, { userId, point: 120, orderId: 4, now });
      await earnPoints(tx, {
        userId,
        point: 10,
        reason: "purchase",
        expiresAt: daysLater(now, 365),
        now,
        orderId: 4,
      });
    });
    expect(await pointBalance(db, userId, now)).toBe(90);
    expect(await inTx((tx) => cancelOrderPoints(tx, { userId, orderId: 4, now }))).toBe(120);
    expect(await pointBalance(db, userId, now)).toBe(200);
    expect(await inTx((tx) => cancelOrderPoints(tx, { userId, orderId: 4, now }))).toBe(0);
    expect(await pointBalance(db, userId, now)).toBe(200);
  });

  it("writes one expire entry per lot with points left, however often the job runs", async () => {
    const userId = await memberWith([
      { point: 100, days: 3 },
      { point: 40, days: 60 },
    ]);
    await inTx((tx) => spendPoints(tx, { userId, point: 30, orderId: 5, now }));
    expect(await expiringSoon(db, userId, now, 30)).toEqual([
      { point: 70, expiresAt: daysLater(now, 3) },
    ]);
    const later = daysLater(now, 4);
    await Promise.all([expirePoints(db, later), expirePoints(db, later)]);
    await expirePoints(db, later);
    const expired = await db
      .select({ delta: pointEntries.delta, createdAt: pointEntries.createdAt })
      .from(pointEntries)
      .where(and(eq(pointEntries.userId, userId), eq(pointEntries.reason, "expire")));
    expect(expired).toEqual([{ delta: -70, createdAt: daysLater(now, 3) }]);
    expect(await pointBalance(db, userId, later)).toBe(40);
  });

  it("lets exactly the affordable ones of 50 concurrent spends through, never below 0", async () => {
    const userId = await memberWith([
      { point: 300, days: 30 },
      { point: 200, days: 60 },
    ]);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        inTx((tx) => spendPoints(tx, { userId, point: 30, orderId: 1000 + i, now })),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(16);
    for (const r of results) {
      if (r.status === "rejected") expect((r.reason as ApiError).status).toBe(409);
    }
    expect(await pointBalance(db, userId, now)).toBe(20);
  });
});
