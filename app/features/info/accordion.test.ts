import { describe, expect, it } from "vitest";
import { headerAfterKey, panelAfterToggle, panelFromHash } from "./accordion";

describe("panelAfterToggle", () => {
  it("opens the toggled panel and so closes the one that was open", () => {
    expect(panelAfterToggle(null, 2, true)).toBe(2);
    expect(panelAfterToggle(2, 5, true)).toBe(5);
  });
  it("closes the open panel when it is toggled again", () => {
    expect(panelAfterToggle(5, 5, false)).toBeNull();
  });
  it("ignores the close event of the panel that was replaced, in either order", () => {
    // Opening 5 while 2 is open: the browser may report 2 closing after or before 5 opening.
    expect(panelAfterToggle(panelAfterToggle(2, 5, true), 2, false)).toBe(5);
    expect(panelAfterToggle(panelAfterToggle(2, 2, false), 5, true)).toBe(5);
  });
});

describe("headerAfterKey", () => {
  it("moves down and up, wrapping at both ends", () => {
    expect(headerAfterKey("ArrowDown", 0, 3)).toBe(1);
    expect(headerAfterKey("ArrowDown", 2, 3)).toBe(0);
    expect(headerAfterKey("ArrowUp", 0, 3)).toBe(2);
  });
  it("jumps to the first and last header", () => {
    expect(headerAfterKey("Home", 2, 3)).toBe(0);
    expect(headerAfterKey("End", 0, 3)).toBe(2);
  });
  it("ignores other keys and empty lists", () => {
    expect(headerAfterKey("Enter", 1, 3)).toBeNull();
    expect(headerAfterKey("ArrowDown", 0, 0)).toBeNull();
  });
});

describe("panelFromHash", () => {
  const ids = ["faq-signup", "faq-points"];
  it("finds the question a link points at", () => {
    expect(panelFromHash("#faq-points", ids)).toBe(1);
  });
  it("answers null for an empty, unknown or malformed hash", () => {
    expect(panelFromHash("", ids)).toBeNull();
    expect(panelFromHash("#faq-none", ids)).toBeNull();
    expect(panelFromHash("#%E0%A4%A", ids)).toBeNull();
  });
});
