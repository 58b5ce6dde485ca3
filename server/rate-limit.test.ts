import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from "./rate-limit";

function behaves(name: string, make: () => RateLimiter, advance: (ms: number) => void) {
  describe(name, () => {
    it("counts hits in a window, per key, and resets", async () => {
      const limiter = make();
      const key = `k-${Math.random()}`;
      expect(await limiter.hit(key, 60)).toBe(1);
      expect(await limiter.hit(key, 60)).toBe(2);
      expect(await limiter.count(key)).toBe(2);
      expect(await limiter.count(`${key}-other`)).toBe(0);
      await limiter.reset(key);
      expect(await limiter.count(key)).toBe(0);
    });

    it("forgets a window once it has passed", async () => {
      const limiter = make();
      const key = `w-${Math.random()}`;
      await limiter.hit(key, 1);
      advance(1100);
      await new Promise((r) => setTimeout(r, name.includes("redis") ? 1100 : 0));
      expect(await limiter.count(key)).toBe(0);
    });
  });
}

let now = 1_000_000;
behaves(
  "in-process limiter",
  () => memoryRateLimiter(() => now),
  (ms) => {
    now += ms;
  },
);

// Against the machine's Redis when the run provides one (CI does).
const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : null;
afterAll(async () => {
  await redis?.quit();
});
if (redis)
  behaves(
    "redis limiter",
    () => redisRateLimiter(redis, `test:${process.pid}:`),
    () => {},
  );
