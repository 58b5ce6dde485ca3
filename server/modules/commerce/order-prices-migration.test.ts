import { readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { asc } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../db/client";
import { priceExTax, taxContained } from "../pricing/rules";
import { orderItems, orders } from "./schema";

// Its own PGlite on this thread, so the migration's RAISE NOTICE (how many rows it changed) can
// be heard: the database of the other tests runs on a worker thread that keeps notices to itself.
let pg: PGlite;
let db: ReturnType<typeof drizzle>;

const file = readFileSync(path.join(migrationsFolder, "0009_order_prices_add_up.sql"), "utf8");

/** Runs the repair again on what is stored now; answers what it said. */
async function repair(): Promise<string[]> {
  const notices: string[] = [];
  await pg.exec(file, { onNotice: (n) => notices.push(n.message ?? "") });
  return notices;
}

/**
 * Orders as the old checkout wrote them: a line's price before tax as round(price_inc / 1.1).
 * 523 and 369 yen (remainder 6 mod 11) were stored one yen short; 528 and 660 were right.
 */
async function oldOrders() {
  const at = new Date("2026-11-01T00:00:00Z");
  const order = (orderId: number, subtotal: number, tax: number) => ({
    orderId,
    userId: 1,
    price: subtotal,
    subtotal,
    tax,
    amount: subtotal,
    paymentType: 1,
    idempotencyKey: `old-${orderId}`,
    createdAt: at,
  });
  await db.insert(orders).values([
    order(1, 523, 47),
    order(2, 369 + 660, 93),
    order(3, 528, 48),
    // A tax total written by hand, 1 yen off.
    order(4, 660, 59),
  ]);
  const line = (orderId: number, itemId: number, priceInc: number) => ({
    orderId,
    itemId,
    itemType: 0,
    name: `巻${itemId}`,
    // The old, wrong pre-tax rule the repair migration mends — on purpose, not the pricing rule.
    price: Math.round(priceInc / 1.1),
    priceInc,
    createdAt: at,
  });
  await db
    .insert(orderItems)
    .values([
      line(1, 101, 523),
      line(2, 102, 369),
      line(2, 103, 660),
      line(3, 104, 528),
      line(4, 105, 660),
    ]);
}

beforeAll(async () => {
  pg = await PGlite.create({ extensions: { pg_trgm } });
  db = drizzle({ client: pg });
  await migrate(db, { migrationsFolder });
  await oldOrders();
});

afterAll(async () => {
  await pg.close();
});

describe("migration 0009: stored order prices add up", () => {
  it("repairs the lines one yen short and the wrong tax total, and says how many", async () => {
    expect(await repair()).toEqual([
      "migration 0009: repaired 2 order lines and 1 order tax totals",
    ]);
    const lines = await db.select().from(orderItems).orderBy(asc(orderItems.itemId));
    expect(lines.map((l) => [l.priceInc, l.price])).toEqual([
      [523, 476],
      [369, 336],
      [660, 600],
      [528, 480],
      [660, 600],
    ]);
    for (const l of lines) expect(l.price + taxContained(l.priceInc)).toBe(l.priceInc);
    const totals = await db.select().from(orders).orderBy(asc(orders.orderId));
    expect(totals.map((o) => o.tax)).toEqual([47, 93, 48, 60]);
  });

  it("agrees with the pricing rule on every amount it may meet", async () => {
    const { rows } = await pg.query<{ amount: number; ex: number; tax: number }>(
      `select x as amount, greatest(x, 0) - greatest(x, 0) * 10 / 110 as ex,
              greatest(x, 0) * 10 / 110 as tax
         from generate_series(0, 100000) as x`,
    );
    const wrong = rows.filter(
      (r) => r.ex !== priceExTax(r.amount) || r.tax !== taxContained(r.amount),
    );
    expect(wrong).toEqual([]);
  });

  it("changes nothing the second time", async () => {
    expect(await repair()).toEqual([
      "migration 0009: repaired 0 order lines and 0 order tax totals",
    ]);
  });
});
