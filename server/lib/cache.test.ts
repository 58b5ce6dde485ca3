import { describe, expect, it } from "vitest";
import { cache, cachePer } from "./cache";
import { forgetCatalog } from "./catalog-generation";

const bytes = (n: number) => "x".repeat(n);

describe("the caching door", () => {
  it("loads a missing key once for all callers that ask at the same moment", async () => {
    const kept = cache<number>({ maxEntries: 10, ttlMs: 60_000 });
    let loads = 0;
    let release!: (n: number) => void;
    const load = () => {
      loads++;
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    };
    const answers = Promise.all([kept.get("a", load), kept.get("a", load), kept.get("a", load)]);
    release(7);
    expect(await answers).toEqual([7, 7, 7]);
    expect(await kept.get("a", load)).toBe(7);
    expect(loads).toBe(1);
  });

  it("keeps no failed load: the next caller loads again", async () => {
    const kept = cache<number>({ maxEntries: 10, ttlMs: 60_000 });
    await expect(kept.get("a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(kept.peek("a")).toBeUndefined();
    expect(await kept.get("a", async () => 2)).toBe(2);
  });

  it("keeps null answers like any other (a book that does not exist)", async () => {
    const kept = cache<number | null>({ maxEntries: 10, ttlMs: 60_000 });
    let loads = 0;
    const load = async () => {
      loads++;
      return null;
    };
    expect(await kept.get("none", load)).toBeNull();
    expect(await kept.get("none", load)).toBeNull();
    expect(loads).toBe(1);
    expect(kept.peek("none")).toEqual({ value: null });
  });

  it("forgets an entry once its time is up, and loads it anew", async () => {
    let now = 1_000;
    const kept = cache<string>({ maxEntries: 10, ttlMs: 1000, now: () => now });
    expect(await kept.get("a", async () => "first")).toBe("first");
    now += 1000;
    expect(await kept.get("a", async () => "second")).toBe("first");
    now += 1;
    expect(kept.peek("a")).toBeUndefined();
    expect(await kept.get("a", async () => "second")).toBe("second");
  });

  it("holds at most its entries, dropping the least recently used first", () => {
    const kept = cache<number>({ maxEntries: 2 });
    kept.set("a", 1);
    kept.set("b", 2);
    kept.peek("a"); // a is now the most recently used
    kept.set("c", 3);
    expect(kept.size).toBe(2);
    expect(kept.peek("b")).toBeUndefined();
    expect(kept.peek("a")?.value).toBe(1);
    expect(kept.peek("c")?.value).toBe(3);
  });

  it("counts bytes when bounded by bytes: one large value pushes out many small ones", () => {
    const kept = cache<string>({ maxBytes: 1000, sizeOf: (v) => v.length, ttlMs: 60_000 });
    for (let i = 0; i < 10; i++) kept.set(`k${i}`, bytes(50));
    expect(kept.size).toBe(10);
    kept.set("big", bytes(800));
    expect(kept.bytes).toBeLessThanOrEqual(1000);
    expect(kept.size).toBeLessThan(10);
    expect(kept.peek("big")).toBeDefined();
  });

  it("keeps no value heavier than the whole bound, and weighs a replaced key anew", () => {
    const kept = cache<string>({ maxBytes: 100, sizeOf: (v) => v.length });
    kept.set("a", bytes(50));
    kept.set("huge", bytes(500));
    expect(kept.peek("huge")).toBeUndefined();
    expect(kept.peek("a")).toBeDefined();
    kept.set("a", bytes(10));
    expect(kept.bytes).toBe(11);
  });

  it("lets one entry live shorter than the cache's time", () => {
    let now = 5_000;
    const kept = cache<string>({ maxEntries: 10, ttlMs: 60_000, now: () => now });
    kept.set("short", "v", 100);
    now += 101;
    expect(kept.peek("short")).toBeUndefined();
  });

  it("drops what the catalog says when any instance said it changed, and keeps the rest", async () => {
    const prices = cache<number>({ maxEntries: 10, catalog: true });
    const sessions = cache<number>({ maxEntries: 10 });
    prices.set("book 1", 550);
    sessions.set("member 1", 1);
    forgetCatalog();
    expect(prices.peek("book 1")).toBeUndefined();
    expect(await prices.get("book 1", async () => 660)).toBe(660);
    expect(sessions.peek("member 1")?.value).toBe(1);
  });

  it("hands a load begun before a catalog change to its caller but does not keep it", async () => {
    const prices = cache<number>({ maxEntries: 10, catalog: true });
    let release!: (n: number) => void;
    const before = prices.get(
      "book 1",
      () =>
        new Promise<number>((resolve) => {
          release = resolve;
        }),
    );
    forgetCatalog();
    // The next caller asks after the change: it loads anew and does not wait for the old load.
    const after = prices.get("book 1", async () => 660);
    release(550);
    expect(await before).toBe(550);
    expect(await after).toBe(660);
    expect(prices.peek("book 1")?.value).toBe(660);
  });

  it("a named per-owner cache is one cache for every copy of the module that declares it", () => {
    // Two declarations stand for the server bundle's and the page bundle's copy of one module.
    const owner = {};
    const serverCopy = cachePer<object, number>({ shared: "cache-test-sets", maxEntries: 10 });
    const pageCopy = cachePer<object, number>({ shared: "cache-test-sets", maxEntries: 10 });
    pageCopy(owner).set("track:1", 0);
    expect(serverCopy(owner).peek("track:1")?.value).toBe(0);
    // The job publishes through the server's copy; the page's copy must not answer the old set.
    serverCopy(owner).delete("track:1");
    expect(pageCopy(owner).peek("track:1")).toBeUndefined();
    // Unnamed, each declaration keeps its own entries; other owners never share.
    const apart = cachePer<object, number>({ maxEntries: 10 });
    const alsoApart = cachePer<object, number>({ maxEntries: 10 });
    apart(owner).set("track:1", 1);
    expect(alsoApart(owner).peek("track:1")).toBeUndefined();
    expect(pageCopy({}).peek("track:1")).toBeUndefined();
  });
});
