import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  audienceMarkers,
  blockLists,
  findBlock,
  fromEditorRows,
  insertBlock,
  listOfBox,
  listOfColumn,
  moveBlock,
  moveBlockTo,
  readVisibility,
  removeBlock,
  toEditorRows,
  updateBlock,
  visibilityClass,
} from "./topic-editor-model";
import { checkTopicJson } from "./topic-json";
import { BLOCK_KINDS } from "./topic-vocabulary";

/**
 * The editor's working copy gives back the JSON it was given, exactly (decision 0102): field
 * order, unknown fields and unknown block types included, for the examples of spec 000 and any
 * content fast-check can make. The seeded pages are checked the same way in
 * server/modules/topic-editor/round-trip.test.ts.
 */
const roundTrip = (text: string) => JSON.stringify(fromEditorRows(toEditorRows(JSON.parse(text))));

/** Spec 000's topic renderer: every block type, markers, placeholders, a box, a toggle pair. */
const SPEC_EXAMPLES = [
  [
    {
      class: "logoutOnly",
      columns: [
        {
          sRange: 12,
          lRange: 6,
          blocks: [
            { type: "header", text: "冬の特集", level: 1, id: "top" },
            { type: "text", html: "<p>登録は<a href='{signup_url}'>こちら</a></p>" },
            {
              type: "leadlinkImg",
              src: "/media/banner/ad-1.png",
              alt: "PR",
              href: "https://example.com",
            },
          ],
        },
        {
          lRange: 6,
          class: "paidOnly newUserOnly",
          blocks: [
            { type: "image", src: "/media/banner/a.png", alt: "", href: "/campaign/3", width: 300 },
            { type: "youtube", videoId: "M7lc1UVf-VE", title: "PV" },
            {
              type: "imgList",
              columns: 3,
              items: [{ src: "/a.png", alt: "a", href: "/x", extra: 1 }],
            },
          ],
        },
      ],
    },
    {
      url: "^/topic/",
      utmSource: "^twitter$",
      columns: [
        {
          blocks: [
            { type: "space", height: 24 },
            { type: "hr" },
            { type: "release", date: "2026-12-01" },
            { type: "publisher", id: 3 },
            { type: "label" },
            { type: "magazine", id: 2 },
            { type: "genre", id: 1 },
            { type: "category", id: 5 },
            { type: "button" },
            { type: "shortBtn", text: "目次", pageLink: "top" },
            {
              type: "entryBtn",
              entryId: 1,
              text: "エントリー",
              enteredText: "済み",
              newsletterText: "受け取る",
            },
            { type: "homeContent", layoutId: 501, num: 4 },
            {
              type: "ranking",
              tp: 1,
              ln: 10,
              genre: 2,
              pagetype: 2,
              title: "{this_month}月のランキング",
            },
            { type: "toggleTitle", text: "Q. 支払い方法は？" },
            {
              type: "toggle",
              html: "<p>A. カードなど</p>",
              class: "cartPriceOver1000 dailyReadSeriesCountOver_1001_3",
            },
            {
              type: "box",
              style: "pink",
              note: "unknown field kept",
              blocks: [
                { type: "text", html: "<p>{remaining_price:3000}円で送料無料</p>" },
                { type: "futureBlock", x: [1, { y: 2 }] },
              ],
            },
          ],
        },
      ],
    },
  ],
  [],
  [{ columns: [] }],
  [{ columns: [{ blocks: [] }], extraRowField: { kept: true } }],
];

describe("JSON → visual → JSON", () => {
  it("gives back spec 000's examples exactly", () => {
    for (const example of SPEC_EXAMPLES) {
      const text = JSON.stringify(example);
      expect(checkTopicJson(text).ok).toBe(true);
      expect(roundTrip(text)).toBe(text);
    }
  });

  it("gives back every block the palette makes", () => {
    const text = JSON.stringify([{ columns: [{ blocks: BLOCK_KINDS.map((k) => k.fresh()) }] }]);
    expect(roundTrip(text)).toBe(text);
  });

  it("gives back any content the renderer accepts (property)", () => {
    const key = fc
      .string({ minLength: 1, maxLength: 8 })
      .filter((k) => !["columns", "blocks", "__proto__"].includes(k));
    const scalar = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
    );
    const extra = fc.dictionary(key, fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })), {
      maxKeys: 3,
    });
    const type = fc.oneof(
      fc.constantFrom(...BLOCK_KINDS.map((k) => k.type)),
      fc.string({ minLength: 1, maxLength: 6 }),
    );
    const { block } = fc.letrec((tie) => ({
      block: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.tuple(type, extra).map(([t, rest]) => ({ ...rest, type: t })),
        fc
          .tuple(extra, fc.array(tie("block"), { maxLength: 3 }))
          .map(([rest, blocks]) => ({ ...rest, type: "box", blocks })),
      ),
    }));
    const column = fc
      .tuple(extra, fc.array(block, { maxLength: 4 }))
      .map(([rest, blocks]) => ({ blocks, ...rest }));
    const row = fc
      .tuple(extra, fc.array(column, { maxLength: 3 }))
      .map(([rest, columns]) => ({ ...rest, columns }));
    fc.assert(
      fc.property(fc.array(row, { maxLength: 4 }), (rows) => {
        const text = JSON.stringify(rows);
        expect(roundTrip(text)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it("an edit changes only what it names, in place", () => {
    const rows = toEditorRows(SPEC_EXAMPLES[0]!);
    const first = rows[0]!.columns[0]!.blocks[0]!.key;
    const edited = fromEditorRows(updateBlock(rows, first, { text: "春の特集", id: undefined }));
    expect(JSON.stringify(edited[0]!.columns)).toContain(
      '{"type":"header","text":"春の特集","level":1}',
    );
    // Everything else is as it was.
    expect(JSON.stringify(edited[1])).toBe(JSON.stringify(SPEC_EXAMPLES[0]![1]));
  });

  it("moves, removes and inserts inside a box as well as a column", () => {
    let rows = toEditorRows(SPEC_EXAMPLES[0]!);
    const column = rows[1]!.columns[0]!;
    const box = column.blocks.at(-1)!;
    const inner = box.children![1]!.key;
    rows = moveBlock(rows, inner, 0);
    expect(findBlock(rows, inner)!.index).toBe(0);
    rows = removeBlock(rows, inner);
    expect(findBlock(rows, inner)).toBeNull();
    const added = insertBlock(rows, listOfColumn(column.key), { type: "hr" }, 0);
    expect(
      (fromEditorRows(added.rows)[1]!.columns as Array<{ blocks: unknown[] }>)[0]!.blocks[0],
    ).toEqual({ type: "hr" });
  });
});

describe("moving a block to another column or box", () => {
  it("moves it to the end of the list named, and never a box into itself", () => {
    const rows = toEditorRows(SPEC_EXAMPLES[0]!);
    const header = rows[0]!.columns[0]!.blocks[0]!;
    const box = rows[1]!.columns[0]!.blocks.at(-1)!;
    const lists = blockLists(rows);
    expect(lists.map((l) => l.label)).toEqual([
      "1行目1列目",
      "1行目2列目",
      "2行目1列目",
      "2行目1列目の16番目の囲みの中",
    ]);
    const moved = fromEditorRows(moveBlockTo(rows, header.key, listOfBox(box.key)));
    const boxJson = (
      moved[1]!.columns as Array<{ blocks: Array<{ blocks?: unknown[] }> }>
    )[0]!.blocks.at(-1)!;
    expect(boxJson.blocks!.at(-1)).toEqual(header.data);
    expect(JSON.stringify(moved[0])).not.toContain("冬の特集");
    expect(moveBlockTo(rows, box.key, listOfBox(box.key))).toBe(rows);
  });
});

describe("visibility markers as boxes and rules", () => {
  it("reads audiences, rules and styling apart, and writes them back", () => {
    const v = readVisibility("loginOnly fancy cartPriceOver1000 dailyReadSeriesCountOver_1001_3");
    expect(v.audiences).toEqual(["member", "paid"]);
    expect(v.rules).toEqual([
      { name: "cartPriceOver", n: 1000 },
      { name: "dailyReadSeriesCountOver", n: 1001, m: 3 },
    ]);
    expect(v.styling).toEqual(["fancy"]);
    expect(visibilityClass(v)).toBe(
      "loginOnly cartPriceOver1000 dailyReadSeriesCountOver_1001_3 fancy",
    );
  });

  it("says every audience choice a marker can, and refuses the one none can", () => {
    expect(audienceMarkers(["visitor", "member", "paid"])).toEqual([]);
    expect(audienceMarkers(["visitor"])).toEqual(["logoutOnly"]);
    expect(audienceMarkers(["member", "paid"])).toEqual(["loginOnly"]);
    expect(audienceMarkers(["paid"])).toEqual(["paidOnly"]);
    expect(audienceMarkers(["visitor", "member"])).toEqual(["unpaidOnly"]);
    expect(audienceMarkers(["member"])).toEqual(["loginOnly", "unpaidOnly"]);
    expect(audienceMarkers(["visitor", "paid"])).toBeNull();
    expect(audienceMarkers([])).toBeNull();
    for (const chosen of [
      ["visitor"],
      ["member", "paid"],
      ["paid"],
      ["visitor", "member"],
      ["member"],
    ] as const) {
      const markers = audienceMarkers(chosen)!.join(" ");
      expect(readVisibility(markers).audiences).toEqual(chosen);
    }
  });
});
