import { describe, expect, it } from "vitest";
import { backToTopVisible } from "./back-to-top";

describe("the back-to-top button", () => {
  it("appears only after 80 px of scrolling", () => {
    expect(backToTopVisible(0)).toBe(false);
    expect(backToTopVisible(80)).toBe(false);
    expect(backToTopVisible(81)).toBe(true);
  });
});
