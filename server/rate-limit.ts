import type { Redis } from "ioredis";
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import type { Db } from "./db/client";

/**
 * One counter family: how many attempts a key may make in a window. Attempts are counted before
 * the work they guard, atomically in the store, so requests sent at once cannot all read a count
 * below the limit (decision 0050).
 */
export interface LimitRule {
  /** Names the family; with the key it makes the stored key. */
  name: string;
  /** Attempts allowed in one window. */
  points: number;
  windowSeconds: number;
  /** Once over the limit, refused this long (default: until the window ends). */
  blockSeconds?: number;
}

export interface Attempt {
  /** This attempt is within the rule's points. */
  allowed: boolean;
  /** Attempts in the window, this one included. */
  count: number;
  /** Seconds until the window (or block) ends: the Retry-After of a refusal. */
  retryAfterSeconds: number;
}

/** The one door to the counters: every throttle of the store goes through it. */
export interface RateLimiter {
  /** Counts one attempt under `key` and answers whether it may go ahead. */
  attempt(rule: LimitRule, key: string): Promise<Attempt>;
  /** Gives the attempt back (a success that should not count against the key). */
  refund(rule: LimitRule, key: string): Promise<void>;
  /** Forgets the key's attempts. */
  reset(rule: LimitRule, key: string): Promise<void>;
}

/**
 * Where the counters live. Redis when REDIS_URL is set; PostgreSQL (a table of the throttle module)
 * when several worker processes share a database without Redis; process memory for the single
 * PGlite process and tests.
 */
export type CounterStore =
  | { kind: "memory" }
  | { kind: "redis"; client: Redis; prefix?: string }
  | { kind: "postgres"; db: Db; table: unknown };

type Limiter = RateLimiterMemory | RateLimiterRedis | RateLimiterDrizzle;

export function rateLimiter(store: CounterStore): RateLimiter {
  const limiters = new Map<string, Limiter>();
  let cleaning = false;

  const make = (rule: LimitRule): Limiter => {
    const options = {
      keyPrefix: rule.name,
      points: rule.points,
      duration: rule.windowSeconds,
      blockDuration: rule.blockSeconds ?? 0,
    };
    if (store.kind === "redis") {
      return new RateLimiterRedis({
        ...options,
        keyPrefix: `${store.prefix ?? "komaya:rl:"}${rule.name}`,
        storeClient: store.client,
        // Redis away: each process counts alone until it is back, rather than every login failing.
        insuranceLimiter: new RateLimiterMemory(options),
      });
    }
    if (store.kind === "postgres") {
      // One limiter per process sweeps expired rows; the others leave it to that one.
      const sweeps = !cleaning;
      cleaning = true;
      return new RateLimiterDrizzle({
        ...options,
        storeClient: store.db,
        schema: store.table,
        clearExpiredByTimeout: sweeps,
      });
    }
    return new RateLimiterMemory(options);
  };

  const limiterOf = (rule: LimitRule): Limiter => {
    let limiter = limiters.get(rule.name);
    if (!limiter) {
      limiter = make(rule);
      limiters.set(rule.name, limiter);
    } else if (limiter.points !== rule.points || limiter.duration !== rule.windowSeconds) {
      throw new Error(`rate limit rule ${rule.name} is defined twice with different limits`);
    }
    return limiter;
  };

  const answer = (res: RateLimiterRes, allowed: boolean): Attempt => ({
    allowed,
    count: res.consumedPoints,
    retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });

  return {
    async attempt(rule, key) {
      try {
        return answer(await limiterOf(rule).consume(key), true);
      } catch (refusal) {
        // The library refuses with the counts; anything else is the store failing.
        if (refusal instanceof RateLimiterRes) return answer(refusal, false);
        throw refusal;
      }
    },
    async refund(rule, key) {
      await limiterOf(rule).reward(key, 1);
    },
    async reset(rule, key) {
      await limiterOf(rule).delete(key);
    },
  };
}
