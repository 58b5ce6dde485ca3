import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { Redis } from "ioredis";
import { cache } from "./cache";
import { catalogGeneration } from "./catalog-generation";
import {
  bodyBytes,
  compressBytes,
  ENCODINGS,
  type Encoding,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
} from "./compression";

/**
 * Shared answers (/api/shared/*?k=KEY) hold no user data, so one rendering serves everybody.
 * Each is kept as ready bytes (the JSON and its brotli and gzip forms) with its ETag: in a
 * byte-bounded LRU in this process, and in Redis when REDIS_URL is set, so that several
 * processes compute each answer once between them. Sent with a long public max-age so a CDN or
 * the browser can keep them too.
 */
export interface StoredAnswer {
  /** Hash of the JSON; each coding's ETag adds its own suffix. */
  tag: string;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

export interface SharedAnswerStore {
  /** The answer kept in this process, without computing or asking Redis (the fast lane). */
  peek(key: string): StoredAnswer | undefined;
  /** The answer for a key: from memory, else Redis, else `produce` (once per key at a time). */
  answer(key: string, produce: () => Promise<Buffer>): Promise<StoredAnswer>;
  /**
   * The catalog changed (decision 0087): drops every answer kept in Redis. This process's own
   * copies go by themselves with the catalog generation.
   */
  forgetAll(): Promise<void>;
}

/** Every shared answer's path starts so; nothing under it reads the session. */
export const SHARED_PREFIX = "/api/shared/";

/** A cache key changes whenever the data does, so the answer for one key never goes stale. */
export const SHARED_MAX_AGE = 3600;
/** The process's copy; the answers of a store with a few hundred series fit many times over. */
export const SHARED_MEMORY_BYTES = 64 * 1024 * 1024;

const sizeOf = (a: StoredAnswer) =>
  a.identity.byteLength + (a.br?.byteLength ?? 0) + (a.gzip?.byteLength ?? 0) + 64;

export async function storedAnswer(identity: Buffer): Promise<StoredAnswer> {
  const tag = createHash("sha1").update(identity).digest("base64url").slice(0, 22);
  if (identity.byteLength < MIN_COMPRESS_BYTES) return { tag, identity, br: null, gzip: null };
  const [br, gzip] = await Promise.all(ENCODINGS.map((e) => compressBytes(identity, e, true)));
  return { tag, identity, br: br!, gzip: gzip! };
}

interface Options {
  maxBytes?: number;
  ttlSeconds?: number;
  redis?: Redis | null;
  redisPrefix?: string;
  /** How long a process waits for another one computing the same answer before it computes too. */
  lockWaitMs?: number;
  onRedisError?: (error: unknown) => void;
  /** Each look into a tier: found ready or not (metrics count them). */
  onLookup?: (tier: "memory" | "redis", hit: boolean) => void;
}

export function sharedAnswerStore({
  maxBytes = SHARED_MEMORY_BYTES,
  ttlSeconds = SHARED_MAX_AGE,
  redis = null,
  redisPrefix = "shared:v2:",
  lockWaitMs = 3000,
  onRedisError = () => {},
  onLookup = () => {},
}: Options = {}): SharedAnswerStore {
  const memory = cache<StoredAnswer>({
    maxBytes,
    sizeOf,
    ttlMs: ttlSeconds * 1000,
    catalog: true,
  });

  const fromRedis = async (key: string): Promise<StoredAnswer | null> => {
    const h = await redis!.hgetallBuffer(redisPrefix + key);
    if (!h.tag || !h.identity) return null;
    return {
      tag: h.tag.toString(),
      identity: h.identity,
      br: h.br?.byteLength ? h.br : null,
      gzip: h.gzip?.byteLength ? h.gzip : null,
    };
  };

  // Redis being away costs speed, never the answer: a failed call counts as a miss.
  const safely = async <T>(call: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      onRedisError(error);
      return fallback;
    }
  };

  const viaRedis = async (key: string, produce: () => Promise<Buffer>) => {
    const kept = await safely(() => fromRedis(key), null);
    onLookup("redis", kept !== null);
    if (kept) return kept;
    // One process computes; the others wait for its bytes instead of querying the database too.
    const lock = `${redisPrefix}lock:${key}`;
    const mine = await safely(() => redis!.set(lock, "1", "PX", lockWaitMs, "NX"), "OK");
    if (!mine) {
      const until = Date.now() + lockWaitMs;
      while (Date.now() < until) {
        await new Promise((r) => setTimeout(r, 25));
        const ready = await safely(() => fromRedis(key), null);
        if (ready) return ready;
      }
    }
    let answer: StoredAnswer;
    const generation = catalogGeneration();
    try {
      answer = await storedAnswer(await produce());
    } catch (error) {
      // A refusal (an unknown id) is not stored; the next process may try at once.
      if (mine) await safely(() => redis!.del(lock), 0);
      throw error;
    }
    // Computed across a catalog change: it may show what changed, so the others never see it.
    if (generation !== catalogGeneration()) {
      if (mine) await safely(() => redis!.del(lock), 0);
      return answer;
    }
    await safely(
      () =>
        redis!
          .multi()
          .hset(redisPrefix + key, {
            tag: answer.tag,
            identity: answer.identity,
            br: answer.br ?? Buffer.alloc(0),
            gzip: answer.gzip ?? Buffer.alloc(0),
          })
          .expire(redisPrefix + key, ttlSeconds)
          .exec(),
      null,
    );
    if (mine) await safely(() => redis!.del(lock), 0);
    return answer;
  };

  return {
    // A miss here is not counted: the request goes on to answer(), which counts it.
    peek(key) {
      const hit = memory.peek(key);
      if (hit) onLookup("memory", true);
      return hit?.value;
    },
    answer(key, produce) {
      const hit = memory.peek(key);
      onLookup("memory", hit !== undefined);
      if (hit) return Promise.resolve(hit.value);
      return memory.get(key, () => (redis ? viaRedis(key, produce) : produce().then(storedAnswer)));
    },
    async forgetAll() {
      if (!redis) return;
      await safely(async () => {
        let cursor = "0";
        do {
          const [next, keys] = await redis.scan(cursor, "MATCH", `${redisPrefix}*`, "COUNT", 500);
          cursor = next;
          if (keys.length > 0) await redis.unlink(...keys);
        } while (cursor !== "0");
      }, undefined);
    },
  };
}

/** The cache key of a shared request: its path and its query, parameters in a fixed order. */
export function sharedKey(requestUrl: string): string {
  const url = new URL(requestUrl, "http://x");
  url.searchParams.sort();
  return url.pathname + url.search;
}

const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** Does an If-None-Match header name this answer (in any of its codings)? */
export function matchesTag(ifNoneMatch: string | null | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((raw) => {
    const t = raw.trim().replace(/^W\//, "");
    if (t === "*") return true;
    const bare = t.replace(/^"|"$/g, "").replace(/\.(br|gz)$/, "");
    return bare === tag;
  });
}

export interface SharedReply {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** Status, headers and bytes of a stored answer for one request's Accept-Encoding and validator. */
export function sharedReply(
  answer: StoredAnswer,
  acceptEncoding: string | null | undefined,
  ifNoneMatch: string | null | undefined,
): SharedReply {
  const available = ENCODINGS.filter((e) => answer[e] !== null);
  const encoding = available.length ? negotiateEncoding(acceptEncoding, available) : null;
  const headers: Record<string, string> = {
    "Cache-Control": `public, max-age=${SHARED_MAX_AGE}`,
    ETag: `"${answer.tag}${encoding ? SUFFIX[encoding] : ""}"`,
    Vary: "Accept-Encoding",
  };
  if (matchesTag(ifNoneMatch, answer.tag)) return { status: 304, headers, body: null };
  const body = encoding ? answer[encoding]! : answer.identity;
  headers["Content-Type"] = "application/json; charset=UTF-8";
  headers["Content-Length"] = String(body.byteLength);
  if (encoding) headers["Content-Encoding"] = encoding;
  return { status: 200, headers, body };
}

export async function sharedAnswer(
  c: Context,
  store: SharedAnswerStore,
  produce: () => Promise<Record<string, unknown>>,
): Promise<Response> {
  const answer = await store.answer(sharedKey(c.req.url), async () =>
    Buffer.from(JSON.stringify({ result: true, ...(await produce()) })),
  );
  const reply = sharedReply(answer, c.req.header("accept-encoding"), c.req.header("if-none-match"));
  for (const [name, value] of Object.entries(reply.headers)) c.header(name, value);
  return reply.body && c.req.method !== "HEAD"
    ? c.body(bodyBytes(reply.body), 200)
    : c.body(null, reply.status);
}
