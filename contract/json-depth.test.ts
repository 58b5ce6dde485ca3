import { describe, expect, it } from "vitest";
import { controlCharacterPath } from "./input";
import { JSON_DEPTH_LIMIT, jsonNestsDeeperThan } from "./json-depth";

const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

describe("jsonNestsDeeperThan", () => {
  it("lets the limit through and refuses one level more, arrays and objects alike", () => {
    expect(jsonNestsDeeperThan(nested(JSON_DEPTH_LIMIT))).toBe(false);
    expect(jsonNestsDeeperThan(nested(JSON_DEPTH_LIMIT + 1))).toBe(true);
    const objects = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
    expect(jsonNestsDeeperThan(objects(JSON_DEPTH_LIMIT))).toBe(false);
    expect(jsonNestsDeeperThan(objects(JSON_DEPTH_LIMIT + 1))).toBe(true);
  });

  it("counts no bracket inside a string, escaped quotes included", () => {
    const text = JSON.stringify({ note: `${"[{".repeat(500)}\\"]` });
    expect(jsonNestsDeeperThan(text)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"\\"",${'"b":'}${nested(40)}}`)).toBe(true);
  });

  it("counts depth, not how many arrays follow one another", () => {
    expect(jsonNestsDeeperThan(`[${Array.from({ length: 100_000 }, () => "[]").join(",")}]`)).toBe(
      false,
    );
  });
});

describe("controlCharacterPath", () => {
  it("finds a control character under any depth without running out of stack", () => {
    let deep: unknown = "x\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const path = controlCharacterPath({ items: deep });
    expect(path?.length).toBe(200_001);
    expect(path?.[0]).toBe("items");
  });

  it("reports the first place in the order the value was written, a key before its value", () => {
    expect(controlCharacterPath({ a: "ok", b: ["ok", "x\u0007"], c: "\u0000" })).toEqual(["b", 1]);
    expect(controlCharacterPath({ a: 1, "k\u0000": "v\u0000" })).toEqual(["k\u0000"]);
    expect(controlCharacterPath(["\t\n\r", { n: null, t: true }])).toBeNull();
    expect(controlCharacterPath("\u007f")).toEqual([]);
  });

  it("walks a flat array of a million elements", () => {
    const flat: (string | number)[] = Array.from({ length: 1_000_000 }, (_, i) =>
      i % 2 ? "text" : i,
    );
    expect(controlCharacterPath({ flat })).toBeNull();
    flat[999_999] = "\u0001";
    expect(controlCharacterPath({ flat })).toEqual(["flat", 999_999]);
  });
});
