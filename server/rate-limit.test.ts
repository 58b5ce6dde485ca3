import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/client";
import { createTestDatabase } from "./db/test-database";
import { postgresCounters } from "./modules/throttle/counters";
import { type CounterStore, type LimitRule, type RateLimiter, rateLimiter } from "./rate-limit";

const rule = (points: number, windowSeconds = 60, blockSeconds?: number): LimitRule => ({
  name: `t-${randomBytes(4).toString("hex")}`,
  points,
  windowSeconds,
  blockSeconds,
});

/** The same behaviour from every store; `twin` makes a second limiter over the same counters. */
function behaves(name: string, store: () => CounterStore, shared: boolean) {
  describe(name, () => {
    let limiter: RateLimiter;
    beforeAll(() => {
      limiter = rateLimiter(store());
    });

    it("lets exactly `points` of many attempts sent at once through, counting each before it answers", async () => {
      const five = rule(5);
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => limiter.attempt(five, "at-once")),
      );
      expect(answers.filter((a) => a.allowed)).toHaveLength(5);
      expect(answers.map((a) => a.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
      const refused = answers.find((a) => !a.allowed)!;
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
      // Another key counts apart.
      expect((await limiter.attempt(five, "someone-else")).allowed).toBe(true);
    });

    it("gives an attempt back on refund and forgets the key on reset", async () => {
      const two = rule(2);
      await limiter.attempt(two, "k");
      await limiter.attempt(two, "k");
      expect((await limiter.attempt(two, "k")).allowed).toBe(false);
      await limiter.refund(two, "k");
      await limiter.refund(two, "k");
      expect(await limiter.attempt(two, "k")).toMatchObject({ allowed: true, count: 2 });
      await limiter.reset(two, "k");
      expect(await limiter.attempt(two, "k")).toMatchObject({ allowed: true, count: 1 });
    });

    it("starts a new window once the last one has passed", async () => {
      const brief = rule(1, 1);
      expect((await limiter.attempt(brief, "w")).allowed).toBe(true);
      expect((await limiter.attempt(brief, "w")).allowed).toBe(false);
      await new Promise((r) => setTimeout(r, 1100));
      expect(await limiter.attempt(brief, "w")).toMatchObject({ allowed: true, count: 1 });
    });

    it("keeps a key refused for the block once it went over", async () => {
      const blocking = rule(1, 1, 3600);
      await limiter.attempt(blocking, "b");
      const over = await limiter.attempt(blocking, "b");
      expect(over.allowed).toBe(false);
      expect(over.retryAfterSeconds).toBeGreaterThan(3500);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await limiter.attempt(blocking, "b")).allowed).toBe(false);
    });

    it.runIf(shared)("shares its counts with another app instance on the same store", async () => {
      const twin = rateLimiter(store());
      const five = rule(5);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? twin : limiter).attempt(five, "both")),
      );
      expect(answers.filter((a) => a.allowed)).toHaveLength(5);
    });
  });
}

behaves("in-process counters", () => ({ kind: "memory" }), false);

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
// PGlite in the pglite project, the PostgreSQL server in the postgres one.
behaves("counters in the database", () => postgresCounters(database.db), true);

// Against the machine's Redis when the run provides one (CI does).
const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : null;
const prefix = `test:${process.pid}:${randomBytes(3).toString("hex")}:`;
afterAll(async () => {
  if (!redis) return;
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});
if (redis) behaves("counters in redis", () => ({ kind: "redis", client: redis, prefix }), true);
