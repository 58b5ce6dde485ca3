import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import {
  matchesTag,
  sharedAnswerStore,
  sharedKey,
  sharedReply,
  storedAnswer,
} from "./shared-answers";

const json = (n: number) =>
  Buffer.from(JSON.stringify({ result: true, items: Array(n).fill("漫画") }));

describe("a stored shared answer", () => {
  it("keeps brotli and gzip bytes that decode to the JSON, and none for a tiny body", async () => {
    const big = await storedAnswer(json(500));
    expect(brotliDecompressSync(big.br!).equals(big.identity)).toBe(true);
    expect(gunzipSync(big.gzip!).equals(big.identity)).toBe(true);
    expect(big.br!.byteLength).toBeLessThan(big.identity.byteLength / 4);
    const tiny = await storedAnswer(json(2));
    expect(tiny.br).toBeNull();
    expect(tiny.gzip).toBeNull();
  });

  it("is sent in the accepted coding with that coding's ETag, and 304 on any of its ETags", async () => {
    const answer = await storedAnswer(json(500));
    const br = sharedReply(answer, "gzip, br", null);
    expect(br.headers["Content-Encoding"]).toBe("br");
    expect(br.headers["Content-Length"]).toBe(String(answer.br!.byteLength));
    expect(br.headers.Vary).toBe("Accept-Encoding");
    expect(br.headers["Cache-Control"]).toMatch(/^public, max-age=\d+$/);
    const gzip = sharedReply(answer, "gzip", null);
    const plain = sharedReply(answer, "br;q=0, gzip;q=0", null);
    expect(gzip.headers["Content-Encoding"]).toBe("gzip");
    expect(plain.headers["Content-Encoding"]).toBeUndefined();
    expect(plain.body!.equals(answer.identity)).toBe(true);
    expect(new Set([br.headers.ETag, gzip.headers.ETag, plain.headers.ETag]).size).toBe(3);
    for (const tag of [br.headers.ETag!, gzip.headers.ETag!, `W/${plain.headers.ETag}`]) {
      const again = sharedReply(answer, "br", tag);
      expect(again.status).toBe(304);
      expect(again.body).toBeNull();
    }
    expect(sharedReply(answer, "br", '"another"').status).toBe(200);
    expect(matchesTag('"x", "y"', "y")).toBe(true);
  });

  it("is keyed by path and query, parameters in any order", () => {
    expect(sharedKey("/api/shared/menu?k=1&genre=2")).toBe(
      sharedKey("/api/shared/menu?genre=2&k=1"),
    );
    expect(sharedKey("/api/shared/menu?k=1")).not.toBe(sharedKey("/api/shared/menu?k=2"));
    expect(sharedKey("http://h/api/shared/menu?k=1")).toBe("/api/shared/menu?k=1");
  });
});

describe("the in-process store", () => {
  it("computes an answer once, even for many requests at the same moment", async () => {
    const store = sharedAnswerStore();
    let computed = 0;
    const produce = async () => {
      computed++;
      await new Promise((r) => setTimeout(r, 20));
      return json(100);
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => store.answer("/k", produce)),
    );
    expect(computed).toBe(1);
    expect(new Set(answers.map((a) => a.tag)).size).toBe(1);
    await store.answer("/k", produce);
    expect(computed).toBe(1);
    expect(store.peek("/k")?.tag).toBe(answers[0]!.tag);
  });

  it("stores no failure: a refused answer is asked again next time", async () => {
    const store = sharedAnswerStore();
    await expect(
      store.answer("/x", async () => Promise.reject(new Error("不明"))),
    ).rejects.toThrow();
    expect(store.peek("/x")).toBeUndefined();
    expect((await store.answer("/x", async () => json(1))).identity.byteLength).toBeGreaterThan(0);
  });

  it("stays within its byte bound", async () => {
    const store = sharedAnswerStore({ maxBytes: 20_000 });
    for (let i = 0; i < 30; i++) await store.answer(`/k${i}`, async () => json(300 + i));
    const kept = Array.from({ length: 30 }, (_, i) => store.peek(`/k${i}`)).filter(Boolean);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(30);
    expect(store.peek("/k29")).toBeDefined();
  });
});

// Against the machine's Redis when the run provides one (CI does).
const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : null;
afterAll(async () => {
  await redis?.quit();
});

describe.skipIf(!redis)("the Redis tier", () => {
  const prefix = `test:shared:${process.pid}:${Date.now()}:`;

  it("lets several processes compute each answer once between them", async () => {
    const processes = Array.from({ length: 4 }, () =>
      sharedAnswerStore({ redis, redisPrefix: prefix, lockWaitMs: 2000 }),
    );
    let computed = 0;
    const produce = async () => {
      computed++;
      await new Promise((r) => setTimeout(r, 100));
      return json(400);
    };
    // All miss together: one takes the lock, the others wait for its bytes.
    const answers = await Promise.all(processes.map((p) => p.answer("/together", produce)));
    expect(computed).toBe(1);
    expect(new Set(answers.map((a) => a.tag)).size).toBe(1);
    expect(brotliDecompressSync(answers[3]!.br!).equals(answers[0]!.identity)).toBe(true);
    // A process started later finds the bytes in Redis.
    const late = sharedAnswerStore({ redis, redisPrefix: prefix });
    await late.answer("/together", produce);
    expect(computed).toBe(1);
    expect(await redis!.ttl(`${prefix}/together`)).toBeGreaterThan(0);
  });

  it("reports each tier it looked in, found or not", async () => {
    const seen: string[] = [];
    const onLookup = (tier: string, hit: boolean) => seen.push(`${tier} ${hit ? "hit" : "miss"}`);
    const first = sharedAnswerStore({ redis, redisPrefix: prefix, onLookup });
    await first.answer("/counted", async () => json(10));
    await first.answer("/counted", async () => json(10));
    first.peek("/counted");
    first.peek("/elsewhere");
    await sharedAnswerStore({ redis, redisPrefix: prefix, onLookup }).answer("/counted", () =>
      Promise.reject(new Error("not computed again")),
    );
    expect(seen).toEqual([
      "memory miss",
      "redis miss",
      "memory hit",
      "memory hit",
      "memory miss",
      "redis hit",
    ]);
  });

  it("still answers when Redis is away", async () => {
    const gone = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    const errors: unknown[] = [];
    const store = sharedAnswerStore({ redis: gone, onRedisError: (e) => errors.push(e) });
    const answer = await store.answer("/offline", async () => json(10));
    expect(answer.identity.byteLength).toBeGreaterThan(0);
    expect(errors.length).toBeGreaterThan(0);
    gone.disconnect();
  });
});
