import { describe, expect, it } from "vitest";
import type { AuthorPickupRow } from "../../../contract/home";
import type { SeriesItem } from "../../../contract/items";
import { authorGroups } from "./author-pickup";

const author = (id: number): AuthorPickupRow => ({
  row: "author",
  author_id: id,
  name: `作家${id}`,
  img: `/media/author/${id}.png`,
  introduction: `作家${id}の紹介`,
});
const work = (seriesId: number, authorId: number | null): AuthorPickupRow => ({
  row: "series",
  author_id: authorId,
  item: { series_id: seriesId } as SeriesItem,
});

describe("the author pickup's groups (layout type 20)", () => {
  it("puts each author's own rows under their card, in order, keeping each row's place", () => {
    const groups = authorGroups([
      author(1),
      work(10, 1),
      work(11, 1),
      author(2),
      work(20, 2),
      work(21, 2),
    ]);
    expect(
      groups.map((g) => [g.author?.author_id, g.works.map((w) => w.row.item.series_id)]),
    ).toEqual([
      [1, [10, 11]],
      [2, [20, 21]],
    ]);
    expect(groups[1]!.works.map((w) => w.index)).toEqual([4, 5]);
  });

  it("never files a row under another author's card", () => {
    const groups = authorGroups([work(5, null), author(1), work(10, 1), work(30, 3)]);
    expect(
      groups.map((g) => [g.author?.author_id ?? null, g.works.map((w) => w.row.item.series_id)]),
    ).toEqual([
      [null, [5]],
      [1, [10]],
      [null, [30]],
    ]);
  });
});
