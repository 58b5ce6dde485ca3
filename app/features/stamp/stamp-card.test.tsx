import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { LoginStampsAnswer, StampBoxView } from "../../../contract/stamp";
import { StampCard } from "./StampCard";
import { GOAL_LABEL, parseBandStyle, START_LABEL, showsAlreadyGot, stampRows } from "./stamp-card";

const box = (n: number): StampBoxView => ({
  stamp_no: n,
  image_url_on: `/on-${n}.png`,
  image_url_off: `/off-${n}.png`,
});
// 14 stamps: rows of 6, 6 and 2.
const rows = [[1, 2, 3, 4, 5, 6].map(box), [7, 8, 9, 10, 11, 12].map(box), [13, 14].map(box)];

function answer(status: LoginStampsAnswer["status"]): LoginStampsAnswer {
  return {
    result: true,
    stamps: {
      image_url: "/card.png",
      start_date: "2026-11-18",
      end_date: "2026-12-17",
      description: "毎日ログインしてスタンプを集めよう！",
      bg_color: "fff4e6",
      bg_image_url: "/bg.png",
      band_style: "background-color:#ff6f91;color:#ffffff",
      stamp_count: 14,
      appeal: "あと2個で10ポイントをプレゼント！",
    },
    boxes: rows,
    status,
  };
}

describe("stamp rows", () => {
  const laid = stampRows(rows, { current_stamp_no: 8, press_stamps: [8] }, 14);

  it("alternate direction, each cell in the column that keeps the track continuous", () => {
    expect(laid.map((r) => r.direction)).toEqual(["ltr", "rtl", "ltr"]);
    expect(laid.map((r) => r.row)).toEqual([1, 2, 3]);
    expect(laid[0]!.cells.map((c) => [c.stamp_no, c.column])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
      [6, 6],
    ]);
    // Row two comes back: 7 sits under 6, 12 under 1.
    expect(laid[1]!.cells.map((c) => [c.stamp_no, c.column])).toEqual([
      [7, 6],
      [8, 5],
      [9, 4],
      [10, 3],
      [11, 2],
      [12, 1],
    ]);
    expect(laid[2]!.cells.map((c) => c.column)).toEqual([1, 2]);
    expect(laid.map((r) => r.turn)).toEqual(["right", "left", null]);
  });

  it("on up to current_stamp_no, animate only press_stamps, start and goal labels", () => {
    const cells = laid.flatMap((r) => r.cells);
    expect(cells.filter((c) => c.on).map((c) => c.stamp_no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(cells.filter((c) => c.pressed).map((c) => c.stamp_no)).toEqual([8]);
    expect(cells.filter((c) => c.label).map((c) => [c.stamp_no, c.label])).toEqual([
      [1, START_LABEL],
      [14, GOAL_LABEL],
    ]);
  });

  it("never more than six cells to a row", () => {
    const long = stampRows(
      [[1, 2, 3, 4, 5, 6, 7].map(box)],
      { current_stamp_no: 0, press_stamps: [] },
      7,
    );
    expect(long[0]!.cells).toHaveLength(6);
  });
});

describe("the already-obtained band", () => {
  it("shows for members only, and not on the visit that pressed", () => {
    expect(showsAlreadyGot(true, false)).toBe(true);
    expect(showsAlreadyGot(true, true)).toBe(false);
    expect(showsAlreadyGot(false, false)).toBe(false);
  });

  it("band_style keeps plain declarations and drops anything else", () => {
    expect(parseBandStyle("background-color:#ff6f91; color:#fff")).toEqual({
      backgroundColor: "#ff6f91",
      color: "#fff",
    });
    expect(parseBandStyle("background:url(https://x/y.png);color:red}")).toEqual({});
    expect(parseBandStyle(null)).toEqual({});
  });
});

describe("the card", () => {
  const pressedNow = renderToStaticMarkup(
    <StampCard
      answer={answer({ current_stamp_no: 8, press_stamps: [8], press_flag: true })}
      isLogin
    />,
  );
  const later = renderToStaticMarkup(
    <StampCard
      answer={answer({ current_stamp_no: 8, press_stamps: [], press_flag: false })}
      isLogin
    />,
  );

  it("clamps the appeal to two lines and the intro to three", () => {
    expect(pressedNow).toMatch(/class="stamp-card__appeal" style="[^"]*-webkit-line-clamp:2/);
    expect(pressedNow).toMatch(/class="stamp-card__intro" style="[^"]*-webkit-line-clamp:3/);
  });

  it("shows on and off images and the band with band_style when already obtained", () => {
    expect(pressedNow).toContain('src="/on-8.png"');
    expect(pressedNow).toContain('src="/off-9.png"');
    expect(pressedNow).toContain("stamp-cell--pressed");
    expect(pressedNow).not.toContain("本日のスタンプはGET済みです！");
    expect(later).toMatch(
      /class="stamp-card__band" style="background-color:#ff6f91;color:#ffffff">本日のスタンプはGET済みです！/,
    );
    expect(later).not.toContain("stamp-cell--pressed");
    expect(later).toContain("background-color:#fff4e6");
    expect(later).toContain("2026/11/18〜2026/12/17");
  });
});
