import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { Redis } from "ioredis";

/**
 * Shared answers (/api/shared/*?k=KEY) hold no user data, so one rendering serves everybody:
 * kept in Redis when REDIS_URL is set (shared by every instance), in process memory otherwise,
 * and sent with a long public max-age and an ETag so a CDN or the browser can keep them too.
 */
export interface SharedAnswerStore {
  get(key: string): Promise<string | null>;
  set(key: string, body: string, ttlSeconds: number): Promise<void>;
}

export function memorySharedAnswers(maxEntries = 5000): SharedAnswerStore {
  const entries = new Map<string, { body: string; until: number }>();
  return {
    async get(key) {
      const hit = entries.get(key);
      if (!hit) return null;
      if (hit.until < Date.now()) {
        entries.delete(key);
        return null;
      }
      // Re-insert so Map order approximates least-recently-used.
      entries.delete(key);
      entries.set(key, hit);
      return hit.body;
    },
    async set(key, body, ttlSeconds) {
      entries.set(key, { body, until: Date.now() + ttlSeconds * 1000 });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}

export function redisSharedAnswers(redis: Redis, prefix = "shared:"): SharedAnswerStore {
  return {
    get: (key) => redis.get(prefix + key),
    async set(key, body, ttlSeconds) {
      await redis.set(prefix + key, body, "EX", ttlSeconds);
    },
  };
}

/** A cache key changes whenever the data does, so the answer for one key never goes stale. */
export const SHARED_MAX_AGE = 3600;

export async function sharedAnswer(
  c: Context,
  store: SharedAnswerStore,
  produce: () => Promise<Record<string, unknown>>,
): Promise<Response> {
  const url = new URL(c.req.url);
  url.searchParams.sort();
  const key = url.pathname + url.search;
  let body = await store.get(key);
  if (body === null) {
    body = JSON.stringify({ result: true, ...(await produce()) });
    await store.set(key, body, SHARED_MAX_AGE);
  }
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  c.header("Cache-Control", `public, max-age=${SHARED_MAX_AGE}`);
  c.header("ETag", etag);
  c.header("Vary", "Accept-Encoding");
  if (c.req.header("if-none-match") === etag) return c.body(null, 304);
  c.header("Content-Type", "application/json; charset=UTF-8");
  return c.body(body);
}
