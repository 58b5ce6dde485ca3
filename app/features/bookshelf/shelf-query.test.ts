import { describe, expect, it } from "vitest";
import { BOOKSHELF_VIEW_MODE_KEY } from "../../../contract/bookshelf-rules";
import { shelfQueryOf } from "./bookshelf.server";
import { shelfHref, storedViewMode, storeViewMode } from "./shelf-query";

const storage = (value: string | null) => ({ getItem: () => value });

describe("bookshelf view mode (spec 001 §4, §9)", () => {
  it("is 2 until the member chooses, and then what they chose", () => {
    expect(storedViewMode(null)).toBe(2);
    expect(storedViewMode(storage(null))).toBe(2);
    expect(storedViewMode(storage("7"))).toBe(2);
    expect(storedViewMode(storage("1"))).toBe(1);
    expect(storedViewMode(storage("2"))).toBe(2);
  });

  it("is kept under its key, and a refusing storage is not an error", () => {
    const kept = new Map<string, string>();
    storeViewMode({ setItem: (k, v) => kept.set(k, v) }, 1);
    expect(kept.get(BOOKSHELF_VIEW_MODE_KEY)).toBe("1");
    expect(() =>
      storeViewMode(
        {
          setItem: () => {
            throw new Error("QuotaExceededError");
          },
        },
        2,
      ),
    ).not.toThrow();
  });
});

describe("bookshelf addresses", () => {
  it("reads the tab, category, filters, sort and page from the address", () => {
    const { tab, query } = shelfQueryOf(
      new URLSearchParams("tab=cd&category=2&period_type=free&unread=1&sort=read&page=3"),
    );
    expect(tab).toBe("cd");
    expect(query).toMatchObject({
      category: 2,
      period_type: "free",
      unread: true,
      finished: false,
      sort: "read",
      page: 3,
    });
  });

  it("falls back to the whole shelf for a malformed address", () => {
    const { tab, query } = shelfQueryOf(new URLSearchParams("category=9&sort=price"));
    expect(tab).toBe("manga");
    expect(query).toMatchObject({ category: 0, sort: "bought", page: 1 });
  });

  it("writes only what differs from the defaults, and round-trips", () => {
    expect(shelfHref({ category: 0, sort: "bought", page: 1 })).toBe("/bookshelf");
    const href = shelfHref(
      { category: 4, buy_status: "buy", finished: true, sort: "title", page: 2 },
      "cd",
    );
    expect(href).toBe("/bookshelf?tab=cd&category=4&buy_status=buy&finished=1&sort=title&page=2");
    const back = shelfQueryOf(new URL(href, "http://x").searchParams);
    expect(back.query).toMatchObject({
      category: 4,
      buy_status: "buy",
      finished: true,
      sort: "title",
      page: 2,
    });
  });
});
