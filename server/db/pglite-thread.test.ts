import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client";

// The embedded database's thread (decision 0044), through drizzle as the services use it. It
// is PGlite whichever driver the project runs on, so the postgres project need not repeat it.
describe.skipIf(process.env.TEST_DB_DRIVER === "postgres")("PGlite on its own thread", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    await database.db.execute(sql`create table t (id int primary key, name text not null)`);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const names = async () =>
    (await database.db.execute<{ name: string }>(sql`select name from t order by id`)).rows.map(
      (r) => r.name,
    );

  it("leaves the event loop free while a long query runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    await database.db.execute(
      sql`select count(*) from generate_series(1, 3000000) a join generate_series(1, 3) b on true`,
    );
    const took = performance.now() - started;
    clearInterval(timer);
    // On the serving thread the timer could not fire at all until the query ended.
    expect(took).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(took / 5 / 4));
  });

  it("keeps a database error's code and constraint, which the services read", async () => {
    await database.db.execute(sql`insert into t values (1, 'a')`);
    const error = await database.db
      .execute(sql`insert into t values (1, 'b')`)
      .then(() => null)
      .catch((e: unknown) => e);
    let cause: unknown = error;
    while (cause && !(cause as { code?: string }).code) cause = (cause as Error).cause;
    expect(cause).toMatchObject({ code: "23505", constraint: "t_pkey" });
    expect(await names()).toEqual(["a"]);
  });

  it("commits a transaction whole, and rolls back one that throws", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (2, 'b')`);
      await tx.execute(sql`insert into t values (3, 'c')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (4, 'd')`);
        throw new Error("declined");
      }),
    ).rejects.toThrow("declined");
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (5, 'e')`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await names()).toEqual(["a", "b", "c"]);
  });

  it("makes a query from outside wait for an open transaction, as one connection does", async () => {
    const order: string[] = [];
    let inside: () => void = () => {};
    const entered = new Promise<void>((r) => {
      inside = r;
    });
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`update t set name = 'x' where id = 1`);
      inside();
      await new Promise((r) => setTimeout(r, 50));
      order.push("transaction");
    });
    await entered;
    const outside = database.db.execute(sql`select name from t where id = 1`).then((r) => {
      order.push("outside");
      return (r.rows[0] as { name: string }).name;
    });
    await tx;
    expect(await outside).toBe("x");
    expect(order).toEqual(["transaction", "outside"]);
  });

  it("keeps nested transactions as savepoints", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (6, 'f')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into t values (7, 'g')`);
          throw new Error("inner only");
        })
        .catch(() => {});
    });
    expect(await names()).toEqual(["x", "b", "c", "f"]);
  });

  it("answers dates as drizzle reads them, and bytes as bytes", async () => {
    const [row] = (
      await database.db.execute<{ at: string; day: string; bytes: Uint8Array; n: number }>(
        sql`select '2026-11-27 12:00:00+09'::timestamptz as at, '2026-11-27'::date as day,
                   '\\x0102'::bytea as bytes, 3::int as n`,
      )
    ).rows;
    expect(typeof row!.at).toBe("string");
    expect(row!.day).toBe("2026-11-27");
    expect([...row!.bytes]).toEqual([1, 2]);
    expect(row!.n).toBe(3);
  });

  it("refuses calls once closed, without hanging", async () => {
    const other = await openDatabase({ dataDir: "memory://" });
    await other.close();
    expect(await other.ping()).toBe(false);
  });
});
