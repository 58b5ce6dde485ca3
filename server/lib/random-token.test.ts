import { describe, expect, it } from "vitest";
import { randomToken } from "./random-token";

describe("randomToken", () => {
  it("hands out tokens of the asked length that never repeat, across refills of the pool", () => {
    const seen = new Set<string>();
    // 18 bytes × 2,000 is several refills of the 4 KB pool.
    for (let i = 0; i < 2000; i++) {
      const token = randomToken(18);
      expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
      seen.add(token);
    }
    expect(seen.size).toBe(2000);
    expect(randomToken(12)).toHaveLength(16);
    expect(randomToken(18, "base64")).toMatch(/^[A-Za-z0-9+/]{24}$/);
  });

  it("spreads its bytes evenly", () => {
    const counts = new Array(64).fill(0);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (let i = 0; i < 4000; i++) for (const ch of randomToken(12)) counts[alphabet.indexOf(ch)]++;
    // 64,000 characters over 64 symbols: about 1,000 each.
    for (const n of counts) expect(n).toBeGreaterThan(800);
  });
});
