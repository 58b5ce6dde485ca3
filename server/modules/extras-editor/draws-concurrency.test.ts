import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LotteryPayload } from "../../../contract/ops-extras";
import { tokyoDateTimeInput } from "../../../contract/tokyo-time";
import { type Database, openDatabase } from "../../db/client";
import { localChangeBus } from "../../lib/changes";
import { lotteryPlays, lotteryPrizes } from "../lottery/schema";
import { play } from "../lottery/service";
import type { Staff } from "../staff/service";
import { createLottery, editLottery } from "./service";

// Draws and saves at the same instant, on a PostgreSQL server with many connections (PGlite runs
// one statement at a time, so it cannot race): whatever the order, no draw hands out a prize
// beyond its stock, none fails for a prize a save removed, and a save never undoes the stock
// draws took.
const url = process.env.TEST_DB_DRIVER === "postgres" ? process.env.TEST_DATABASE_URL : undefined;

let database: Database;
const name = `komaya_draws_${randomBytes(6).toString("hex")}`;
const staff: Staff = {
  userId: 1,
  email: "editor@komaya.example",
  nickname: null,
  role: "editor",
  sessionExpiresAt: new Date(Date.now() + 3_600_000),
};
let nextUser = 1000;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(query);
  await client.end();
}

const lottery = (lotteryName: string, prizes: LotteryPayload["prizes"]): LotteryPayload => ({
  name: lotteryName,
  title: "同時抽選",
  img: null,
  upper_page_content: "",
  lower_page_content: "",
  share_url: null,
  play_condition_type: 1,
  start_at: tokyoDateTimeInput(Date.now() - 86_400_000),
  end_at: null,
  prizes,
});

const prize = (p: Partial<LotteryPayload["prizes"][number]> & { name: string; weight: number }) =>
  ({ stock: null, ...p }) as LotteryPayload["prizes"][number];

/** Plays by `count` members at once; the roll 0 lands on the first prize with stock left. */
function draws(lotteryName: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, () =>
      play(database.db, {
        name: lotteryName,
        userId: nextUser++,
        conditionType: 1,
        now: new Date(),
        roll: () => 0,
      }).then(
        (r) => ({ ok: true as const, prizeId: r.prizeId }),
        (error: Error & { status?: number }) => ({ ok: false as const, error }),
      ),
    ),
  );
}

const attempt = (work: Promise<unknown>) =>
  work.then(
    () => ({ ok: true as const }),
    (error: Error & { status?: number }) => ({ ok: false as const, error }),
  );

describe.skipIf(!url)("lottery saves under draws (PostgreSQL)", () => {
  const deps = () => ({ db: database.db, changes: localChangeBus() });

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const testUrl = new URL(url!);
    testUrl.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: testUrl.toString(), poolSize: 40 });
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it("40 draws while the editor raises a stock: every piece handed out was in stock", async () => {
    const made = await createLottery(
      deps(),
      staff,
      lottery("race-stock", [
        prize({ name: "当たり", weight: 1000, stock: 5 }),
        prize({ name: "はずれ", weight: 1 }),
      ]),
    );
    const [hit, blank] = made.prizes;
    const [played, saved] = await Promise.all([
      draws("race-stock", 40),
      attempt(
        editLottery(
          deps(),
          staff,
          made.lottery_id,
          lottery("race-stock", [
            prize({ ...hit!, img: null, description: null, stock: 10, stock_seen: 5 }),
            prize({ ...blank!, img: null, description: null, stock_seen: null }),
          ]),
        ),
      ),
    ]);
    for (const p of played) expect(p.ok, p.ok ? "" : p.error.message).toBe(true);
    // The raise lands only if no draw had taken any of the 5 yet; else it is a 409.
    if (!saved.ok) expect(saved.error.status).toBe(409);
    const given = played.filter((p) => p.ok && p.prizeId === hit!.prize_id).length;
    const [row] = await database.db
      .select({ stock: lotteryPrizes.stock })
      .from(lotteryPrizes)
      .where(eq(lotteryPrizes.prizeId, hit!.prize_id));
    expect(row!.stock).toBeGreaterThanOrEqual(0);
    expect(given + row!.stock!).toBe(saved.ok ? 10 : 5);
  });

  it("a save removing an unlimited prize never fails a draw that picked it", async () => {
    const made = await createLottery(
      deps(),
      staff,
      lottery("race-remove", [
        prize({ name: "特賞", weight: 1000 }),
        prize({ name: "はずれ", weight: 1 }),
      ]),
    );
    const [special, blank] = made.prizes;
    const [played, saved] = await Promise.all([
      draws("race-remove", 30),
      attempt(
        editLottery(
          deps(),
          staff,
          made.lottery_id,
          lottery("race-remove", [prize({ ...blank!, img: null, description: null })]),
        ),
      ),
    ]);
    for (const p of played) expect(p.ok, p.ok ? "" : p.error.message).toBe(true);
    const won = await database.db
      .select()
      .from(lotteryPlays)
      .where(eq(lotteryPlays.prizeId, special!.prize_id));
    // Removed before any draw won it, or refused because one had.
    if (saved.ok) expect(won).toHaveLength(0);
    else expect(saved.error.status).toBe(400);
  });
});
