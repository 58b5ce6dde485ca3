import { describe, expect, it } from "vitest";
import { compactField, escapeLike, normalizeText, queryTerms, shortGrams } from "./normalize";

describe("search normalisation", () => {
  it.each([
    // hiragana and katakana meet
    ["まおう", "まおう"],
    ["マオウ", "まおう"],
    // half-width katakana, voiced marks included
    ["ﾏｵｳ", "まおう"],
    ["ｶﾞｰﾙｽﾞ", "がーるず"],
    ["パラダイス", "ぱらだいす"],
    // the long vowel mark stays
    ["ラーメン", "らーめん"],
    ["ﾗｰﾒﾝ", "らーめん"],
    // full-width and half-width Latin, upper and lower case
    ["ＯＮＥ", "one"],
    ["One", "one"],
    ["ｏｎｅ", "one"],
    ["ＢＬ", "bl"],
    // digits and spaces
    ["第１２巻", "第12巻"],
    ["魔王　の　花嫁", "魔王 の 花嫁"],
    ["  魔王  ", "魔王"],
    // kanji untouched, iteration marks folded
    ["魔王の花嫁", "魔王の花嫁"],
    ["ヽヾ", "ゝゞ"],
    // wave dash and full-width tilde
    ["恋〜はじまり", "恋~はじまり"],
    ["恋～はじまり", "恋~はじまり"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });

  it("compacts a field without its spaces, so names match with or without them", () => {
    expect(compactField("タナカ ハナコ")).toBe("たなかはなこ");
    expect(compactField("田中　花子")).toBe("田中花子");
  });

  it("splits a query into distinct normalised words", () => {
    expect(queryTerms("魔王　ﾊﾅﾖﾒ  魔王")).toEqual(["魔王", "はなよめ"]);
    expect(queryTerms("   ")).toEqual([]);
  });

  it("takes characters and two-character pieces inside words only", () => {
    expect(shortGrams("魔王の 花嫁")).toEqual([
      "魔",
      "魔王",
      "王",
      "王の",
      "の",
      "花",
      "花嫁",
      "嫁",
    ]);
    expect(shortGrams("aa")).toEqual(["a", "aa"]);
  });

  it("escapes LIKE wildcards", () => {
    expect(escapeLike("100%_\\")).toBe("100\\%\\_\\\\");
  });
});
