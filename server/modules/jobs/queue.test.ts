import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client";
import { createTestDatabase } from "../../db/test-database";
import { JobRefusal } from "../../lib/jobs";
import { createLogger } from "../../logger";
import { JOB_FAILED_MESSAGE, pgBossQueue, type QueueTiming, stateOf } from "./queue";

const quiet = createLogger("silent", {});
const fast: Partial<QueueTiming> = {
  retryLimit: 2,
  retryDelaySeconds: 1,
  superviseIntervalSeconds: 1,
  pollingIntervalSeconds: 0.5,
  expireInSeconds: 5,
  heartbeatSeconds: 10,
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`gave up waiting; last ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("the job queue's states", () => {
  it("maps pg-boss's states onto the store's four", () => {
    expect(stateOf("created", false)).toBe("queued");
    expect(stateOf("retry", false)).toBe("queued");
    expect(stateOf("active", false)).toBe("active");
    expect(stateOf("completed", false)).toBe("completed");
    expect(stateOf("completed", true)).toBe("failed");
    expect(stateOf("failed", false)).toBe("failed");
    expect(stateOf("cancelled", false)).toBe("failed");
  });
});

describe("the job queue", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("retries a failing job with growing delays, then completes it", async () => {
    const queue = pgBossQueue(database, quiet, { runsJobs: true, timing: fast });
    const runs: number[] = [];
    const stop = await queue.work<{ n: number }>("test-retry", async (job) => {
      runs.push(Date.now());
      await job.progress(runs.length * 10);
      if (runs.length < 3) throw new Error(`flaky ${runs.length}`);
    });
    const id = await queue.send("test-retry", { n: 1 });
    const between = await until(
      () => queue.status(id),
      (s) => s?.state === "queued" && runs.length === 1,
    );
    expect(between).toMatchObject({ state: "queued", progress: 10, errorMessage: null });
    const done = await until(
      () => queue.status(id),
      (s) => s?.state === "completed",
    );
    expect(done).toEqual({
      queue: "test-retry",
      state: "completed",
      progress: 100,
      errorMessage: null,
    });
    expect(runs).toHaveLength(3);
    // Backoff: retryDelay × 2^n / 2 plus jitter, so the second wait is at least 2 s, the first 1 s.
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(1000);
    expect(runs[2]! - runs[1]!).toBeGreaterThanOrEqual(2000);
    await stop();
    await queue.close();
  });

  it("fails a refused job at once with the refusal's message, without retrying", async () => {
    const queue = pgBossQueue(database, quiet, { runsJobs: true, timing: fast });
    let runs = 0;
    await queue.work("test-refuse", async () => {
      runs += 1;
      throw new JobRefusal("p003.jpg: 画像が途中で切れています");
    });
    const id = await queue.send("test-refuse", {});
    const failed = await until(
      () => queue.status(id),
      (s) => s?.state === "failed",
    );
    expect(failed?.errorMessage).toBe("p003.jpg: 画像が途中で切れています");
    await new Promise((r) => setTimeout(r, 1500));
    expect(runs).toBe(1);
    await queue.close();
  });

  it("answers a failed job's cause in the store's words, not the error's", async () => {
    const queue = pgBossQueue(database, quiet, {
      runsJobs: true,
      timing: { ...fast, retryLimit: 0 },
    });
    await queue.work("test-crash", async () => {
      throw new Error("ECONNRESET at socket.js:1");
    });
    const id = await queue.send("test-crash", {});
    const failed = await until(
      () => queue.status(id),
      (s) => s?.state === "failed",
    );
    expect(failed?.errorMessage).toBe(JOB_FAILED_MESSAGE);
    await queue.close();
  });

  it("knows no job by an id it never handed out", async () => {
    const queue = pgBossQueue(database, quiet, { runsJobs: true, timing: fast });
    expect(await queue.status("00000000-0000-4000-8000-000000000000")).toBeNull();
    await queue.close();
  });

  it("takes up again a job whose worker died mid-run, and runs it to completion", async () => {
    // The first process: its connection dies while its handler runs (as when the process is
    // killed), so it neither completes the job nor sends heartbeats.
    let dead = false;
    const dying: Database = {
      ...database,
      sql: (text, values) =>
        dead ? Promise.reject(new Error("connection lost")) : database.sql(text, values),
    };
    const first = pgBossQueue(dying, quiet, { runsJobs: false, timing: fast });
    let firstRuns = 0;
    await first.work("test-dead", async () => {
      firstRuns += 1;
      dead = true;
    });
    const id = await first.send("test-dead", { upload: "uploads/abc" });
    await until(
      async () => firstRuns,
      (n) => n === 1,
    );
    void first.close().catch(() => {});

    const second = pgBossQueue(database, quiet, { runsJobs: true, timing: fast });
    let secondRuns = 0;
    await second.work<{ upload: string }>("test-dead", async (job) => {
      secondRuns += 1;
      expect(job.data.upload).toBe("uploads/abc");
      expect(job.retryCount).toBeGreaterThanOrEqual(1);
    });
    const done = await until(
      () => second.status(id),
      (s) => s?.state === "completed",
    );
    expect(done?.state).toBe("completed");
    expect(secondRuns).toBe(1);
    await second.close();
  });
});

describe("a queued job outlives the process", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "komaya-jobs-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is run by the next process after a restart", async () => {
    // PGlite: the store's own data directory, closed and opened again. PostgreSQL: the server
    // keeps the jobs; the restart is a new queue on a new connection pool.
    const onPostgres = process.env.TEST_DB_DRIVER === "postgres";
    const open = async () => {
      if (onPostgres) return createTestDatabase();
      const database = await openDatabase({ dataDir: path.join(dir, "pglite") });
      await database.migrate();
      return database;
    };
    let database = await open();
    const before = pgBossQueue(database, quiet, { runsJobs: true, timing: fast });
    const id = await before.send("test-restart", { key: "uploads/x" });
    expect((await before.status(id))?.state).toBe("queued");
    await before.close();
    if (!onPostgres) {
      await database.close();
      database = await open();
    }
    const after = pgBossQueue(database, quiet, { runsJobs: true, timing: fast });
    const seen: unknown[] = [];
    await after.work("test-restart", async (job) => {
      seen.push(job.data);
    });
    await until(
      () => after.status(id),
      (s) => s?.state === "completed",
    );
    expect(seen).toEqual([{ key: "uploads/x" }]);
    await after.close();
    await database.close();
  });
});

describe("the queue on the embedded database's one connection", () => {
  it("never runs a statement inside an app transaction, nor leaves one aborted", async () => {
    const database = await createTestDatabase();
    try {
      // A statement list that fails half-way, as a pg-boss migration might, beside an app
      // transaction: the app's transaction commits, and the next statements run normally.
      const failing = database.sql("BEGIN; SELECT 1; SELECT 1/0; COMMIT;").catch((e) => e);
      const app = database.db.transaction(async (tx) => {
        await tx.execute(sql`create temporary table if not exists t_probe (n int)`);
        await tx.execute(sql`insert into t_probe values (1)`);
        return "committed";
      });
      expect(await app).toBe("committed");
      expect(await failing).toBeInstanceOf(Error);
      const { rows } = await database.sql("select 2 as n");
      expect(rows).toEqual([{ n: 2 }]);
      const multi = await database.sql("BEGIN; SELECT 3 as a; SELECT 4 as b; COMMIT;");
      expect(multi.rows).toEqual([{ a: 3 }, { b: 4 }]);
    } finally {
      await database.close();
    }
  });
});
