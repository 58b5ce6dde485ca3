import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./db/client";
import { postgresChangeBus } from "./lib/change-buses";
import type { ChangeBus } from "./lib/changes";

/**
 * Issue 23's proof: two store processes (each WEB_CONCURRENCY=1, as two machines) on one
 * PostgreSQL. A volume's price is changed the way the back office does it (the write in a
 * transaction, then the change said on the bus), and the other store serves the new price within
 * 5 s, from its kept answers and its search copy alike; a new series appears in its search.
 * The write and the publish run here, through the same bus on the same database, as a third
 * instance would. Runs the server from source with tsx; pages come from the build, made first
 * when missing. Postgres project only.
 */
const url = process.env.TEST_DB_DRIVER === "postgres" ? process.env.TEST_DATABASE_URL : undefined;

interface Store {
  process: ChildProcess;
  base: string;
  lines: Array<{ msg: string; url?: string }>;
  dataDir: string;
}

async function startStore(databaseUrl: string): Promise<Store> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "komaya-changes-"));
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: "1",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_SERIES: "40",
      LOG_LEVEL: "info",
      REDIS_URL: "",
      STORAGE_URL: "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const store: Store = { process: child, base: "", lines: [], dataDir };
  let rest = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    const all = (rest + chunk.toString()).split("\n");
    rest = all.pop()!;
    for (const line of all) if (line.startsWith("{")) store.lines.push(JSON.parse(line));
  });
  const until = Date.now() + 150_000;
  for (;;) {
    const listening = store.lines.find((l) => l.msg === "listening");
    if (listening) {
      store.base = listening.url!.replace("localhost", "127.0.0.1");
      return store;
    }
    if (Date.now() > until || child.exitCode !== null) throw new Error("the store did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopStore(store: Store | undefined) {
  if (!store) return;
  if (store.process.exitCode === null) {
    const exited = new Promise((r) => store.process.once("exit", r));
    store.process.kill("SIGTERM");
    await exited;
  }
  rmSync(store.dataDir, { recursive: true, force: true });
}

/** Polls `read` until it answers true; the milliseconds that took, or a failure past `ms`. */
async function within(ms: number, read: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await read()) return performance.now() - started;
    if (performance.now() - started > ms) throw new Error(`not served within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!url)("a catalog change reaches every store process", () => {
  const name = `komaya_changes_${randomBytes(5).toString("hex")}`;
  let databaseUrl = "";
  let one: Store | undefined;
  let two: Store | undefined;
  let database: Database;
  let bus: ChangeBus & { ready: Promise<void> };
  /** The series the first test makes, whose price the second changes. */
  let made:
    | { seriesId: number; bookId: number; itemId: number; title: string; priceInc: number }
    | undefined;

  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(query);
    await client.end();
  };

  beforeAll(async () => {
    if (!existsSync("build/server/index.js"))
      execFileSync("npm", ["run", "build"], { stdio: "ignore" });
    await admin(`create database ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    // The first migrates and seeds; the second then finds the database ready.
    one = await startStore(databaseUrl);
    two = await startStore(databaseUrl);
    database = await openDatabase({ databaseUrl, poolSize: 2 });
    bus = postgresChangeBus({ databaseUrl, db: database.db, applicationName: "komaya-test" });
    await bus.ready;
  }, 300_000);

  afterAll(async () => {
    await bus?.close();
    await database?.close();
    await Promise.all([stopStore(one), stopStore(two)]);
    await admin(`drop database if exists ${name} with (force)`);
  }, 60_000);

  const seriesMain = async (store: Store, seriesId: number) => {
    const answer = await fetch(`${store.base}api/shared/series/${seriesId}/main?k=1`);
    return (await answer.json()) as { books: Array<{ book_id: number; price: number }> };
  };
  const search = async (store: Store, word: string) => {
    const answer = await fetch(`${store.base}api/search?wd=${encodeURIComponent(word)}`);
    return (await answer.json()) as {
      data: Array<{ series_id: number; book_id: number | null; price_inc: number }>;
    };
  };

  it("shows a new series in the other process's search within 5 s", async () => {
    const title = `速報テスト${randomBytes(3).toString("hex")}`;
    expect((await search(two!, title)).data).toEqual([]);
    const { seriesId, bookId, itemId } = await database.db.transaction(async (tx) => {
      const [made] = (
        await tx.execute(sql`
          insert into series (name, name_kana, publisher_id, start_date, volume_count,
            latest_release_date)
          select ${title}, 'ソクホウテスト', publisher_id, now(), 1, now() - interval '1 minute'
          from series order by series_id limit 1
          returning series_id`)
      ).rows as Array<{ series_id: number }>;
      const series = made!.series_id;
      const [item] = (
        await tx.execute(sql`
          insert into items (item_type, price, price_inc) values (0, 500, 550)
          returning item_id`)
      ).rows as Array<{ item_id: number }>;
      const [book] = (
        await tx.execute(sql`
          insert into books (series_id, item_id, volume, title, price, price_inc, item_start_date,
            page_count)
          values (${series}, ${item!.item_id}, 1, ${`${title} 1巻`}, 500, 550,
            now() - interval '1 minute', 120)
          returning book_id`)
      ).rows as Array<{ book_id: number }>;
      await tx.execute(
        sql`update items set book_id = ${book!.book_id} where item_id = ${item!.item_id}`,
      );
      await tx.execute(
        sql`update series set latest_book_id = ${book!.book_id} where series_id = ${series}`,
      );
      return { seriesId: series, bookId: book!.book_id, itemId: item!.item_id };
    });
    await bus.publish({ entity: "series", id: seriesId });
    await bus.publish({ entity: "volume", id: bookId });

    const ms = await within(5000, async () =>
      (await search(two!, title)).data.some((c) => c.series_id === seriesId),
    );
    expect(ms).toBeLessThan(5000);
    expect((await search(one!, title)).data.map((c) => c.series_id)).toEqual([seriesId]);
    made = { seriesId, bookId, itemId, title, priceInc: 550 };
  }, 30_000);

  it("serves a volume's new price from the other process within 5 s", async () => {
    // The series made above: no campaign touches it, so its pages show the list price.
    const volume = made!;
    const card = (answer: Awaited<ReturnType<typeof search>>) =>
      answer.data.find((c) => c.series_id === volume.seriesId);
    const shownPrice = async (store: Store) =>
      (await seriesMain(store, volume.seriesId)).books.find((b) => b.book_id === volume.bookId)
        ?.price;

    // Both processes hold their answers now: the shared answer, the search copy, the terms.
    for (const store of [one!, two!])
      for (let i = 0; i < 2; i++) {
        expect(await shownPrice(store)).toBe(volume.priceInc);
        expect(card(await search(store, volume.title))?.price_inc).toBe(volume.priceInc);
      }

    const priceInc = volume.priceInc + 110;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`
        update books set price = ${priceInc - 50}, price_inc = ${priceInc}
        where book_id = ${volume.bookId}`);
      await tx.execute(sql`
        update items set price = ${priceInc - 50}, price_inc = ${priceInc}
        where item_id = ${volume.itemId}`);
    });
    await bus.publish({ entity: "volume", id: volume.bookId });

    const served = await Promise.all(
      [one!, two!].flatMap((store) => [
        within(5000, async () => (await shownPrice(store)) === priceInc),
        within(5000, async () => card(await search(store, volume.title))?.price_inc === priceInc),
      ]),
    );
    for (const ms of served) expect(ms).toBeLessThan(5000);
  }, 30_000);
});
