import { describe, expect, it } from "vitest";
import {
  buildSearchUrl,
  EMPTY_SEARCH_FORM,
  PRICE_PRESETS,
  pricePresetOf,
  priceProblem,
  type SearchForm,
  searchFormFromParams,
} from "./search-query";

const form = (fields: Partial<SearchForm>): SearchForm => ({ ...EMPTY_SEARCH_FORM, ...fields });

describe("the /search address", () => {
  it("needs a word or a filter", () => {
    expect(buildSearchUrl(EMPTY_SEARCH_FORM)).toBeNull();
    expect(buildSearchUrl(form({ word: "   " }))).toBeNull();
    expect(buildSearchUrl(form({ word: " 魔王 " }))).toBe(
      `/search?wd=${encodeURIComponent("魔王")}`,
    );
  });

  it("uses the short keys in order, repeating genre, category and tag", () => {
    const url = buildSearchUrl(
      form({
        word: "恋",
        genre: [2, 5],
        category: [3],
        label: 12,
        publisher: 8,
        tag: [7, 9],
        generation: 2,
        rating: "4.5",
        finish: 1,
        priceStart: "1",
        priceEnd: "500",
      }),
    );
    expect(url).toBe(
      `/search?wd=${encodeURIComponent("恋")}&gn=2&gn=5&cg=3&lb=12&pb=8&tg=7&tg=9&gr=2&rt=4.5&ft=1&ps=1&pe=500`,
    );
  });

  it("leaves out finish 'any' and sends ongoing as ft=2", () => {
    expect(buildSearchUrl(form({ word: "a", finish: 0 }))).toBe("/search?wd=a");
    expect(buildSearchUrl(form({ finish: 2 }))).toBe("/search?ft=2");
  });

  it("sends each price only when it is filled in", () => {
    expect(buildSearchUrl(form({ priceStart: "1000" }))).toBe("/search?ps=1000");
    expect(buildSearchUrl(form({ priceEnd: "0" }))).toBe("/search?pe=0");
    expect(buildSearchUrl(form({ priceStart: "0", priceEnd: "0" }))).toBe("/search?ps=0&pe=0");
    expect(buildSearchUrl(form({ priceStart: "", priceEnd: "", word: "x" }))).toBe("/search?wd=x");
  });
});

describe("price presets", () => {
  it("are any, free 0-0, up to 500 (1-500), up to 1000 (500-1000) and 1000 or more", () => {
    expect(PRICE_PRESETS.map((p) => [p.start, p.end])).toEqual([
      ["", ""],
      ["0", "0"],
      ["1", "500"],
      ["500", "1000"],
      ["1000", ""],
    ]);
    const url = (id: string) => {
      const p = PRICE_PRESETS.find((x) => x.id === id)!;
      return buildSearchUrl(form({ priceStart: p.start, priceEnd: p.end }));
    };
    expect(url("free")).toBe("/search?ps=0&pe=0");
    expect(url("to500")).toBe("/search?ps=1&pe=500");
    expect(url("to1000")).toBe("/search?ps=500&pe=1000");
    expect(url("from1000")).toBe("/search?ps=1000");
    expect(url("any")).toBeNull();
  });

  it("recognise the preset a typed range matches", () => {
    expect(pricePresetOf("1", "500")).toBe("to500");
    expect(pricePresetOf("", "")).toBe("any");
    expect(pricePresetOf("2", "500")).toBeNull();
  });

  it("refuse a range whose start is above its end, or that is not whole yen", () => {
    expect(priceProblem({ priceStart: "600", priceEnd: "500" })).not.toBeNull();
    expect(priceProblem({ priceStart: "500", priceEnd: "500" })).toBeNull();
    expect(priceProblem({ priceStart: "-1", priceEnd: "" })).not.toBeNull();
    expect(priceProblem({ priceStart: "1.5", priceEnd: "" })).not.toBeNull();
  });
});

describe("reading a search back into the form", () => {
  it("round-trips every key", () => {
    const filled = form({
      word: "ねこ",
      genre: [1],
      category: [2, 4],
      tag: [5],
      label: 3,
      publisher: 193,
      generation: 1,
      rating: "3",
      finish: 2,
      priceStart: "500",
      priceEnd: "1000",
    });
    const url = buildSearchUrl(filled)!;
    expect(searchFormFromParams(new URL(url, "https://x.invalid").searchParams)).toEqual(filled);
  });

  it("ignores values it cannot use", () => {
    const params = new URLSearchParams("gn=abc&rt=5&ft=9&ps=cheap&lb=-2");
    expect(searchFormFromParams(params)).toEqual(EMPTY_SEARCH_FORM);
  });
});
