import { describe, expect, it } from "vitest";
import { readsAsEpisodes, volumeName, volumeWords } from "./episodes";
import { TATEYOMI_GENRE } from "./genres";

describe("naming a volume", () => {
  it("calls a タテヨミ series' volume an episode, 第N話, and never N巻", () => {
    expect(volumeName(1, true)).toBe("第1話");
    expect(volumeName(12, true)).toBe("第12話");
    const words = volumeWords(true);
    for (const text of [
      words.name(3),
      words.total(40),
      words.count(2),
      words.this,
      words.next,
      words.previous,
      words.latest,
      words.first,
      words.list,
    ]) {
      expect(text).not.toContain("巻");
      expect(text).not.toContain("冊");
    }
    expect(words.total(40)).toBe("全40話");
    expect(words.next).toBe("次の話");
    expect(words.list).toBe("エピソード一覧");
  });

  it("keeps N巻 for every other series", () => {
    expect(volumeName(3, false)).toBe("3巻");
    const words = volumeWords(false);
    expect(words.total(5)).toBe("全5巻");
    expect(words.count(5)).toBe("5冊");
    expect(words.next).toBe("次の巻");
    expect(words.list).toBe("作品ラインナップ");
  });

  it("reads the series as episodes only when タテヨミ is among its genres", () => {
    expect(TATEYOMI_GENRE).toBe(20);
    expect(readsAsEpisodes([{ genre_id: 2 }, { genre_id: 20 }])).toBe(true);
    expect(readsAsEpisodes([5, 20])).toBe(true);
    expect(readsAsEpisodes([{ genre_id: 2 }])).toBe(false);
    expect(readsAsEpisodes([])).toBe(false);
    expect(readsAsEpisodes(undefined)).toBe(false);
  });
});
