import { describe, expect, it } from "vitest";
import { errorDetail } from "./error-detail";

describe("errorDetail", () => {
  it("keeps the text as it is, markup included (it is shown as text)", () => {
    expect(errorDetail("<b>決済に失敗しました</b>", 300)).toBe("<b>決済に失敗しました</b>");
  });
  it("drops control characters and answers null for nothing left", () => {
    expect(errorDetail("E\u0000R\u001bR", 40)).toBe("ERR");
    expect(errorDetail(" \u0007 ", 40)).toBeNull();
    expect(errorDetail(null, 40)).toBeNull();
  });
  it("cuts long details", () => {
    expect(errorDetail("あ".repeat(50), 40)).toBe(`${"あ".repeat(40)}…`);
  });
});
