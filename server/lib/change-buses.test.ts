import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { postgresChangeBus, readChange, redisChangeBus } from "./change-buses";
import type { CatalogChange, ChangeBus } from "./changes";

const pgUrl = process.env.TEST_DB_DRIVER === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
const redisUrl = process.env.TEST_REDIS_URL;

/** Waits until `heard` holds `count` changes, or fails after `ms`. */
async function until(heard: CatalogChange[], count: number, ms = 5000) {
  const end = Date.now() + ms;
  while (heard.length < count) {
    if (Date.now() > end) throw new Error(`heard ${heard.length} of ${count} changes`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function hearing(bus: ChangeBus) {
  const heard: CatalogChange[] = [];
  bus.subscribe((change) => {
    heard.push(change);
  });
  return heard;
}

describe("a change message", () => {
  it("is read only when it names a known entity and an id", () => {
    expect(readChange('{"entity":"volume","id":12}')).toEqual({ entity: "volume", id: 12 });
    expect(readChange('{"entity":"campaign","id":3,"extra":1}')).toEqual({
      entity: "campaign",
      id: 3,
    });
    for (const bad of ["", "nope", "null", '{"entity":"users","id":1}', '{"entity":"volume"}'])
      expect(readChange(bad)).toBeNull();
    expect(readChange('{"entity":"volume","id":-1}')).toBeNull();
  });
});

describe.skipIf(!pgUrl)("changes through PostgreSQL LISTEN/NOTIFY", () => {
  let database: Database;
  const channel = `komaya_test_${randomBytes(4).toString("hex")}`;
  const buses: ChangeBus[] = [];

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: pgUrl, poolSize: 2 });
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await database?.close();
  });

  const open = (name: string, onGap?: () => void) => {
    const bus = postgresChangeBus({
      databaseUrl: pgUrl!,
      db: database.db,
      channel,
      applicationName: name,
      onGap,
    });
    buses.push(bus);
    return bus;
  };

  it("tells every instance on the database, the one that said it included", async () => {
    const one = open(`${channel}_one`);
    const two = open(`${channel}_two`);
    await Promise.all([one.ready, two.ready]);
    const [heardByOne, heardByTwo] = [hearing(one), hearing(two)];
    await one.publish({ entity: "volume", id: 41 });
    await two.publish({ entity: "series", id: 7 });
    await until(heardByOne, 2);
    await until(heardByTwo, 2);
    // One channel, one order for every listener: the commit order of the notifications.
    expect(heardByOne).toEqual([
      { entity: "volume", id: 41 },
      { entity: "series", id: 7 },
    ]);
    expect(heardByTwo).toEqual(heardByOne);
  });

  it("ignores what is not a change, and a listener that throws stops no other", async () => {
    const bus = open(`${channel}_three`);
    await bus.ready;
    bus.subscribe(() => {
      throw new Error("a broken listener");
    });
    const heard = hearing(bus);
    await database.db.execute(sql`select pg_notify(${channel}, 'not json')`);
    await bus.publish({ entity: "tag", id: 3 });
    await until(heard, 1);
    expect(heard).toEqual([{ entity: "tag", id: 3 }]);
  });

  it("listens again after its connection is killed, and says changes may have been missed", async () => {
    let gaps = 0;
    const name = `${channel}_killed`;
    const listening = open(name, () => gaps++);
    const saying = open(`${channel}_saying`);
    await Promise.all([listening.ready, saying.ready]);
    const heard = hearing(listening);

    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    const killed = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
      [name],
    );
    await admin.end();
    expect(killed.rowCount).toBe(1);

    const end = Date.now() + 10_000;
    while (gaps === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(gaps).toBe(1);
    await saying.publish({ entity: "volume", id: 99 });
    await until(heard, 1);
    expect(heard).toEqual([{ entity: "volume", id: 99 }]);
  }, 20_000);
});

describe.skipIf(!redisUrl)("changes through Redis pub/sub", () => {
  const channel = `komaya_test_${randomBytes(4).toString("hex")}`;
  const clients: Redis[] = [];
  const buses: ChangeBus[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    for (const client of clients) client.disconnect();
  });

  const open = (connectionName: string, onGap?: () => void) => {
    const redis = new Redis(redisUrl!);
    clients.push(redis);
    const bus = redisChangeBus({ redis, channel, connectionName, onGap });
    buses.push(bus);
    return bus;
  };

  it("tells every instance, and listens again after its connection is killed", async () => {
    let gaps = 0;
    const name = `${channel}_one`;
    const one = open(name, () => gaps++);
    const two = open(`${channel}_two`);
    await Promise.all([one.ready, two.ready]);
    const [heardByOne, heardByTwo] = [hearing(one), hearing(two)];
    await two.publish({ entity: "drama_cd", id: 5 });
    await until(heardByOne, 1);
    await until(heardByTwo, 1);
    expect(heardByOne).toEqual([{ entity: "drama_cd", id: 5 }]);

    const admin = new Redis(redisUrl!);
    clients.push(admin);
    const list = (await admin.client("LIST")) as string;
    const id = list
      .split("\n")
      .find((line) => line.includes(`name=${name} `))
      ?.match(/id=(\d+)/)?.[1];
    expect(id).toBeDefined();
    await admin.client("KILL", "ID", id!);
    const end = Date.now() + 10_000;
    while (gaps === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(gaps).toBe(1);
    // Subscribed again by ioredis: a change said now is heard.
    const subscribed = Date.now() + 5000;
    while (Date.now() < subscribed) {
      const counts = (await admin.pubsub("NUMSUB", channel)) as [string, number];
      if (Number(counts[1]) === 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await two.publish({ entity: "volume", id: 6 });
    await until(heardByOne, 2);
    expect(heardByOne[1]).toEqual({ entity: "volume", id: 6 });
  }, 20_000);
});
