import { describe, expect, it } from "vitest";
import { pagerPages, withoutCondition, withPage, withSort } from "./search-links";

describe("result page links", () => {
  it("drop one condition and start again from page 1", () => {
    expect(withoutCondition("?wd=a&gn=2&gn=5&pn=3", "gn", "2")).toBe("?wd=a&gn=5");
    expect(withoutCondition("?wd=a&gn=2,5", "gn", "5")).toBe("?wd=a&gn=2");
    expect(withoutCondition("?wd=a&at=7", "at")).toBe("?wd=a");
    expect(withoutCondition("?ps=0&pe=0&wd=a", "ps")).toBe("?wd=a");
    expect(withoutCondition("?at=7", "at")).toBe("");
  });

  it("change the order from page 1, おすすめ without a sort key", () => {
    expect(withSort("?wd=a&pn=4", 2)).toBe("?wd=a&sort=2");
    expect(withSort("?wd=a&sort=2", 0)).toBe("?wd=a");
  });

  it("move between pages by pn", () => {
    expect(withPage("?wd=a", 3)).toBe("?wd=a&pn=3");
    expect(withPage("?wd=a&pn=3", 1)).toBe("?wd=a");
  });

  it("link the first, the last and two pages either side", () => {
    expect(pagerPages(1, 1)).toEqual([1]);
    expect(pagerPages(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pagerPages(6, 12)).toEqual([1, "gap", 4, 5, 6, 7, 8, "gap", 12]);
    expect(pagerPages(12, 12)).toEqual([1, "gap", 10, 11, 12]);
  });
});
