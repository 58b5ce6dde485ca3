import { describe, expect, it } from "vitest";
import { INT4_MAX, idFromPath } from "./row-id";

describe("idFromPath", () => {
  it("reads a row id from the address bar", () => {
    expect(idFromPath("126")).toBe(126);
    expect(idFromPath(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it("names no row for anything PostgreSQL's integer cannot hold or that is not plain digits", () => {
    for (const value of [
      null,
      undefined,
      "",
      "0",
      "012",
      "-3",
      "1.5",
      "1e3",
      " 7",
      String(INT4_MAX + 1),
    ])
      expect(idFromPath(value)).toBeNull();
  });
});
