import { STAMP_CELLS_PER_ROW, type StampBoxView } from "../../../contract/stamp";

// The stamp card's rules (spec 000 §4, §5, §8), apart from the drawing so they can be tested.

/** Spec 000 §5: the appeal is clamped to two lines, the intro to three. */
export const APPEAL_LINES = 2;
export const INTRO_LINES = 3;
export const START_LABEL = "スタート" as const;
export const GOAL_LABEL = "ゴール" as const;

export interface StampCellLayout extends StampBoxView {
  /** 1-based grid column the cell sits in. */
  column: number;
  on: boolean;
  /** Just pressed: the stamp lands with an animation. */
  pressed: boolean;
  label: typeof START_LABEL | typeof GOAL_LABEL | null;
}

export interface StampRowLayout {
  /** 1-based grid row. */
  row: number;
  direction: "ltr" | "rtl";
  cells: StampCellLayout[];
  /** Where the line down to the next row leaves this one; null on the last row. */
  turn: "right" | "left" | null;
}

/**
 * Lays out the rows like a board game track: odd rows run left to right, even rows right to left,
 * so stamp n+1 always sits beside stamp n and each row's end joins the next row's start.
 */
export function stampRows(
  rows: readonly (readonly StampBoxView[])[],
  status: { current_stamp_no: number; press_stamps: readonly number[] },
  stampCount: number,
): StampRowLayout[] {
  return rows.map((row, r) => {
    const direction = r % 2 === 0 ? "ltr" : "rtl";
    const cells = [...row]
      .sort((a, b) => a.stamp_no - b.stamp_no)
      .slice(0, STAMP_CELLS_PER_ROW)
      .map(
        (box, i): StampCellLayout => ({
          ...box,
          column: direction === "ltr" ? i + 1 : STAMP_CELLS_PER_ROW - i,
          on: box.stamp_no <= status.current_stamp_no,
          pressed: status.press_stamps.includes(box.stamp_no),
          label: box.stamp_no === 1 ? START_LABEL : box.stamp_no === stampCount ? GOAL_LABEL : null,
        }),
      );
    const turn = r === rows.length - 1 ? null : direction === "ltr" ? "right" : "left";
    return { row: r + 1, direction, cells, turn };
  });
}

/** Spec 000 §4, §6: the 'already obtained' band is for logged-in members who pressed no stamp now. */
export function showsAlreadyGot(isLogin: boolean, pressFlag: boolean): boolean {
  return isLogin && !pressFlag;
}

/** band_style is stored as CSS declarations ("background-color:#ff6f91;color:#fff"). */
export function parseBandStyle(style: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (style ?? "").split(";")) {
    const at = part.indexOf(":");
    if (at < 0) continue;
    const name = part.slice(0, at).trim().toLowerCase();
    const value = part.slice(at + 1).trim();
    // Only plain declarations: no url(), expressions or odd property names.
    if (!/^[a-z-]+$/.test(name) || /[<>{}]|url\(|expression/i.test(value) || !value) continue;
    out[name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return out;
}
