import { describe, expect, it } from "vitest";
import { GENRE_IDS, genreName, isGenreId } from "./genres";

describe("the genre table", () => {
  it("holds genres 1–6, 20 and 21 with the spec's names", () => {
    expect(GENRE_IDS).toEqual([1, 2, 3, 4, 5, 6, 20, 21]);
    expect(genreName(2)).toBe("少女・女性");
    expect(genreName(21)).toBe("ボイスドラマ");
    expect(genreName(7)).toBeUndefined();
  });

  it("knows a genre id from anything else", () => {
    expect(isGenreId(20)).toBe(true);
    expect(isGenreId(0)).toBe(false);
    expect(isGenreId(7)).toBe(false);
  });
});
