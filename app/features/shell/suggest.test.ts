import { describe, expect, it } from "vitest";
import { parseHistory, parseSuggestions } from "./suggest";

describe("reading suggestion and history answers", () => {
  it("links series to their page with _tr=suggest, and words to a search", () => {
    expect(
      parseSuggestions({
        result: true,
        data: [{ series_id: 12, name: "魔王さまの休日" }, { word: "魔王" }, "魔法"],
      }),
    ).toEqual([
      { kind: "series", label: "魔王さまの休日", href: "/series/12?_tr=suggest" },
      { kind: "word", label: "魔王", href: `/search?wd=${encodeURIComponent("魔王")}` },
      { kind: "word", label: "魔法", href: `/search?wd=${encodeURIComponent("魔法")}` },
    ]);
  });

  it("follows the answer's own store address for authors and tags, never another site", () => {
    expect(
      parseSuggestions({
        result: true,
        suggestions: [
          { type: "series", id: 14, name: "魔王様", url: "/series/14?_tr=suggest" },
          { type: "author", id: 3, name: "石田 結衣", url: "/search?at=3" },
          { type: "tag", id: 54, name: "魔法", url: "/search?tg=54" },
          { type: "tag", id: 9, name: "罠", url: "https://evil.example/" },
        ],
      }),
    ).toEqual([
      { kind: "series", label: "魔王様", href: "/series/14?_tr=suggest" },
      { kind: "author", label: "石田 結衣", href: "/search?at=3" },
      { kind: "tag", label: "魔法", href: "/search?tg=54" },
      { kind: "tag", label: "罠", href: `/search?wd=${encodeURIComponent("罠")}` },
    ]);
  });

  it("answers nothing for a missing call, junk or duplicates, and at most 10", () => {
    expect(parseSuggestions(null)).toEqual([]);
    expect(parseSuggestions({ result: true, data: [null, 3, {}, " "] })).toEqual([]);
    expect(parseSuggestions({ result: true, data: ["a", "a"] })).toHaveLength(1);
    const many = Array.from({ length: 30 }, (_, i) => `w${i}`);
    expect(parseSuggestions({ result: true, data: many })).toHaveLength(10);
  });

  it("reads history words", () => {
    expect(parseHistory({ result: true, history: [{ word: "溺愛" }, "転生"] })).toEqual([
      "溺愛",
      "転生",
    ]);
  });
});
