import { describe, expect, it } from "vitest";
import { ByteLru } from "./byte-lru";

const bytes = (n: number) => "x".repeat(n);

describe("the byte-bounded LRU", () => {
  it("never holds more bytes than its bound, dropping the least recently used first", () => {
    const lru = new ByteLru<string>(1000, (v) => v.length);
    lru.set("a", bytes(399), 60_000);
    lru.set("b", bytes(399), 60_000);
    expect(lru.get("a")).toBeDefined(); // a is now the most recently used
    lru.set("c", bytes(399), 60_000);
    expect(lru.bytes).toBeLessThanOrEqual(1000);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBeDefined();
    expect(lru.get("c")).toBeDefined();
  });

  it("counts bytes, not entries: one large value evicts many small ones", () => {
    const lru = new ByteLru<string>(1000, (v) => v.length);
    for (let i = 0; i < 10; i++) lru.set(`k${i}`, bytes(50), 60_000);
    expect(lru.size).toBe(10);
    lru.set("big", bytes(800), 60_000);
    expect(lru.bytes).toBeLessThanOrEqual(1000);
    expect(lru.size).toBeLessThan(10);
    expect(lru.get("big")).toBeDefined();
  });

  it("keeps no value larger than the whole bound, and replaces a key's bytes", () => {
    const lru = new ByteLru<string>(100, (v) => v.length);
    lru.set("a", bytes(50), 60_000);
    lru.set("huge", bytes(500), 60_000);
    expect(lru.get("huge")).toBeUndefined();
    expect(lru.get("a")).toBeDefined();
    lru.set("a", bytes(10), 60_000);
    expect(lru.bytes).toBe(11);
  });

  it("forgets entries once their time is up", () => {
    let now = 0;
    const lru = new ByteLru<string>(
      100,
      (v) => v.length,
      () => now,
    );
    lru.set("a", "v", 1000);
    now = 999;
    expect(lru.get("a")).toBe("v");
    now = 1000;
    expect(lru.get("a")).toBeUndefined();
    expect(lru.bytes).toBe(0);
  });
});
