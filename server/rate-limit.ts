import type { Redis } from "ioredis";

/**
 * Fixed-window counters. In Redis when REDIS_URL is set, so every app instance behind a load
 * balancer sees the same count; in process memory otherwise.
 */
export interface RateLimiter {
  /** Adds one hit to `key` and answers the count in the current window. */
  hit(key: string, windowSeconds: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; until: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.until <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async hit(key, windowSeconds) {
      const w = live(key) ?? { count: 0, until: now() + windowSeconds * 1000 };
      w.count += 1;
      windows.set(key, w);
      if (windows.size > 100_000) {
        for (const k of windows.keys()) live(k);
      }
      return w.count;
    },
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix = "rl:"): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const k = prefix + key;
      const [[, count]] = (await redis.multi().incr(k).expire(k, windowSeconds, "NX").exec()) as [
        [unknown, number],
        [unknown, number],
      ];
      return count;
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
