import { JSON_DEPTH_LIMIT, jsonNestsDeeperThan } from "./json-depth";
import type { TopicRow } from "./topic-content";

/** Spec 001 §4 and §8: the editor's only warning. */
export const TOPIC_JSON_WARNING = "内容を見直してください";

export type TopicJsonCheck = { ok: true; rows: TopicRow[] } | { ok: false; problem: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Whether `text` is topic content the renderer can lay out: a JSON array of rows, each with a
 * `columns` array whose columns hold a `blocks` array of objects with a string `type`. Block
 * types the renderer does not know are allowed (they show as a labelled box), so content
 * written for a newer renderer can still be saved. The same check runs in the editor before
 * sending and on the server before storing.
 */
export function checkTopicJson(text: string): TopicJsonCheck {
  // Boxes nest blocks, and the renderer and this check walk them by recursion: bounded first.
  if (jsonNestsDeeperThan(text)) {
    return { ok: false, problem: `入れ子は${JSON_DEPTH_LIMIT}段までにしてください` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `JSON として読み取れません（${(error as Error).message}）` };
  }
  if (!Array.isArray(value)) return { ok: false, problem: "全体を [ ] の配列にしてください" };
  for (const [r, row] of value.entries()) {
    const at = `${r + 1}行目`;
    if (!isObject(row) || !Array.isArray(row.columns)) {
      return { ok: false, problem: `${at}に columns の配列がありません` };
    }
    for (const [c, column] of row.columns.entries()) {
      const place = `${at}の${c + 1}列目`;
      if (!isObject(column) || !Array.isArray(column.blocks)) {
        return { ok: false, problem: `${place}に blocks の配列がありません` };
      }
      for (const range of ["sRange", "lRange"] as const) {
        const width = column[range];
        if (
          width !== undefined &&
          !(Number.isInteger(width) && (width as number) >= 1 && (width as number) <= 12)
        ) {
          return { ok: false, problem: `${place}の ${range} は 1〜12 の整数にしてください` };
        }
      }
      const problem = checkBlocks(column.blocks, place);
      if (problem) return { ok: false, problem };
    }
  }
  return { ok: true, rows: value as TopicRow[] };
}

function checkBlocks(blocks: unknown[], place: string): string | null {
  for (const [b, block] of blocks.entries()) {
    const here = `${place}の${b + 1}番目のブロック`;
    if (!isObject(block) || typeof block.type !== "string" || block.type === "") {
      return `${here}に type がありません`;
    }
    if (block.type === "box") {
      if (!Array.isArray(block.blocks)) return `${here}（box）に blocks の配列がありません`;
      const inner = checkBlocks(block.blocks, `${here}（box）内`);
      if (inner) return inner;
    }
  }
  return null;
}

/** Stored topic content shown in the editor: JSON is indented, anything else is left as it is. */
export function formatForEditing(content: string): string {
  try {
    return JSON.stringify(JSON.parse(content), null, 2);
  } catch {
    return content;
  }
}
