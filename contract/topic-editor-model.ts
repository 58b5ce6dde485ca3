import {
  AUDIENCE_MARKERS,
  AUDIENCES,
  type Audience,
  type MarkerRule,
  markerClass,
  readMarkerRule,
} from "./topic-vocabulary";

/**
 * The /ops topic editor's working copy of topic content (issue 24). Each row, column and block
 * keeps its JSON object as it came, every field it had in its order, unknown ones too; only the
 * children (columns, blocks, a box's blocks) are held apart, so they can be reordered and keyed
 * for dragging. Writing the copy back puts each child list where it stood, so content the
 * editor was only shown comes back byte for byte as JSON.stringify wrote it (decision 0102).
 */
type Json = Record<string, unknown>;

export interface EditorBlock {
  key: string;
  data: Json;
  /** A box's blocks; undefined for every other block (and a box whose blocks are not a list). */
  children?: EditorBlock[];
}
export interface EditorColumn {
  key: string;
  data: Json;
  blocks: EditorBlock[];
}
export interface EditorRow {
  key: string;
  data: Json;
  columns: EditorColumn[];
}

const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

let made = 0;
/** Keys of things added while editing; loaded content is keyed by position (the same on the server). */
export const newKey = () => `n${++made}`;

function blockOf(raw: Json, key: string): EditorBlock {
  if (raw.type === "box" && Array.isArray(raw.blocks)) {
    return {
      key,
      data: raw,
      children: raw.blocks.filter(isObject).map((b, i) => blockOf(b, `${key}-${i}`)),
    };
  }
  return { key, data: raw };
}

/** Rows as checkTopicJson passed them, as the editor's copy. */
export function toEditorRows(rows: readonly unknown[]): EditorRow[] {
  return rows.filter(isObject).map((row, r) => ({
    key: `r${r}`,
    data: row,
    columns: (Array.isArray(row.columns) ? row.columns : []).filter(isObject).map((column, c) => ({
      key: `r${r}c${c}`,
      data: column,
      blocks: (Array.isArray(column.blocks) ? column.blocks : [])
        .filter(isObject)
        .map((b, i) => blockOf(b, `r${r}c${c}b${i}`)),
    })),
  }));
}

/** The object with `field` set to `value` in the place it had (or last when it is new). */
const withField = (data: Json, field: string, value: unknown): Json => ({
  ...data,
  [field]: value,
});

function blockJson(block: EditorBlock): Json {
  return block.children
    ? withField(block.data, "blocks", block.children.map(blockJson))
    : block.data;
}

/** The editor's copy as topic content again. */
export function fromEditorRows(rows: readonly EditorRow[]): Json[] {
  return rows.map((row) =>
    withField(
      row.data,
      "columns",
      row.columns.map((column) => withField(column.data, "blocks", column.blocks.map(blockJson))),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Edits (each returns a new copy; nothing is changed in place)

/** Sets fields of a row's, column's or block's object; undefined removes a field. */
export function patchData(data: Json, patch: Record<string, unknown>): Json {
  const next: Json = { ...data };
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) delete next[field];
    else next[field] = value;
  }
  return next;
}

/** Every block list of the copy: each column's, and each box's inside them. */
export type ListId = string;
const columnList = (columnKey: string): ListId => `column:${columnKey}`;
const boxList = (blockKey: string): ListId => `box:${blockKey}`;
export const listOfColumn = columnList;
export const listOfBox = boxList;

function mapBlocks(
  blocks: EditorBlock[],
  listId: ListId,
  target: ListId,
  change: (list: EditorBlock[]) => EditorBlock[],
): EditorBlock[] {
  const here = listId === target ? change(blocks) : blocks;
  return here.map((b) =>
    b.children ? { ...b, children: mapBlocks(b.children, boxList(b.key), target, change) } : b,
  );
}

/** Changes one block list (a column's or a box's) wherever it is. */
export function changeList(
  rows: EditorRow[],
  target: ListId,
  change: (list: EditorBlock[]) => EditorBlock[],
): EditorRow[] {
  return rows.map((row) => ({
    ...row,
    columns: row.columns.map((column) => ({
      ...column,
      blocks: mapBlocks(column.blocks, columnList(column.key), target, change),
    })),
  }));
}

/** The list holding a block and its place in it. */
export function findBlock(
  rows: readonly EditorRow[],
  key: string,
): { list: ListId; index: number; block: EditorBlock } | null {
  const search = (blocks: EditorBlock[], list: ListId): ReturnType<typeof findBlock> => {
    for (const [index, block] of blocks.entries()) {
      if (block.key === key) return { list, index, block };
      if (block.children) {
        const inner = search(block.children, boxList(block.key));
        if (inner) return inner;
      }
    }
    return null;
  };
  for (const row of rows) {
    for (const column of row.columns) {
      const found = search(column.blocks, columnList(column.key));
      if (found) return found;
    }
  }
  return null;
}

export function updateBlock(rows: EditorRow[], key: string, patch: Record<string, unknown>) {
  const found = findBlock(rows, key);
  if (!found) return rows;
  return changeList(rows, found.list, (list) =>
    list.map((b) => (b.key === key ? { ...b, data: patchData(b.data, patch) } : b)),
  );
}

export function removeBlock(rows: EditorRow[], key: string) {
  const found = findBlock(rows, key);
  if (!found) return rows;
  return changeList(rows, found.list, (list) => list.filter((b) => b.key !== key));
}

/** Moves a block within its list to `to` (clamped). */
export function moveBlock(rows: EditorRow[], key: string, to: number) {
  const found = findBlock(rows, key);
  if (!found) return rows;
  return changeList(rows, found.list, (list) => moveItem(list, found.index, to));
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const at = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  if (item === undefined) return [...list];
  next.splice(at, 0, item);
  return next;
}

/** Moves a block to the end of another list (another column, or into a box not inside it). */
export function moveBlockTo(rows: EditorRow[], key: string, list: ListId) {
  const found = findBlock(rows, key);
  if (!found || found.list === list) return rows;
  // A box cannot go into itself or a box inside it.
  const inside = (block: EditorBlock): boolean =>
    listOfBox(block.key) === list || (block.children ?? []).some(inside);
  if (inside(found.block)) return rows;
  const without = changeList(rows, found.list, (blocks) => blocks.filter((b) => b.key !== key));
  return changeList(without, list, (blocks) => [...blocks, found.block]);
}

/** Every block list a block may be moved to, named for the editor's menu. */
export function blockLists(rows: readonly EditorRow[]): Array<{ list: ListId; label: string }> {
  const out: Array<{ list: ListId; label: string }> = [];
  const boxes = (blocks: EditorBlock[], where: string) => {
    for (const [i, block] of blocks.entries()) {
      if (!block.children) continue;
      const label = `${where}の${i + 1}番目の囲みの中`;
      out.push({ list: listOfBox(block.key), label });
      boxes(block.children, label);
    }
  };
  for (const [r, row] of rows.entries()) {
    for (const [c, column] of row.columns.entries()) {
      const label = `${r + 1}行目${c + 1}列目`;
      out.push({ list: listOfColumn(column.key), label });
      boxes(column.blocks, label);
    }
  }
  return out;
}

/** A new block from the palette at `index` of a list (its end by default). */
export function insertBlock(rows: EditorRow[], list: ListId, data: Json, index?: number) {
  const block: EditorBlock = { key: newKey(), data };
  if (data.type === "box" && Array.isArray(data.blocks)) block.children = [];
  return {
    rows: changeList(rows, list, (blocks) => {
      const next = [...blocks];
      next.splice(index ?? next.length, 0, block);
      return next;
    }),
    key: block.key,
  };
}

export function newRow(): EditorRow {
  return { key: newKey(), data: { columns: [] }, columns: [newColumn()] };
}
export function newColumn(): EditorColumn {
  return { key: newKey(), data: { blocks: [] }, blocks: [] };
}

// ---------------------------------------------------------------------------------------------
// Visibility: class names as audiences and rules

export interface Visibility {
  /** Who sees it, from the audience markers. */
  audiences: Audience[];
  /** Every other marker. */
  rules: MarkerRule[];
  /** Class names that are no marker (styling), kept as they were. */
  styling: string[];
}

const AUDIENCE_MARKER_NAMES = new Set(AUDIENCE_MARKERS.map((m) => m.marker));

export function readVisibility(className: unknown): Visibility {
  const names = typeof className === "string" ? className.split(/\s+/).filter(Boolean) : [];
  let audiences = new Set<Audience>(AUDIENCES);
  const rules: MarkerRule[] = [];
  const styling: string[] = [];
  for (const name of names) {
    if (AUDIENCE_MARKER_NAMES.has(name)) {
      const allowed = AUDIENCE_MARKERS.find((m) => m.marker === name)!.audiences;
      audiences = new Set([...audiences].filter((a) => allowed.includes(a)));
      continue;
    }
    const rule = readMarkerRule(name);
    if (rule) rules.push(rule);
    else styling.push(name);
  }
  return { audiences: AUDIENCES.filter((a) => audiences.has(a)), rules, styling };
}

/**
 * The audience markers that leave exactly these audiences: none for all three, one marker for
 * most choices, two for "members who never paid"; null when no markers can say it.
 */
export function audienceMarkers(chosen: readonly Audience[]): string[] | null {
  const want = AUDIENCES.filter((a) => chosen.includes(a));
  if (want.length === AUDIENCES.length) return [];
  if (want.length === 0) return null;
  const same = (list: readonly Audience[]) =>
    list.length === want.length && list.every((a) => want.includes(a));
  const one = AUDIENCE_MARKERS.find((m) => same(m.audiences));
  if (one) return [one.marker];
  if (same(["member"])) return ["loginOnly", "unpaidOnly"];
  return null;
}

/** The class string for a visibility; "" when nothing limits it. */
export function visibilityClass(v: Visibility): string | null {
  const audience = audienceMarkers(v.audiences);
  if (audience === null) return null;
  return [...audience, ...v.rules.map(markerClass), ...v.styling].join(" ");
}

/** A short Japanese summary of who sees a thing, for the block list. */
export function visibilitySummary(data: Json): string | null {
  const v = readVisibility(data.class);
  const parts: string[] = [];
  if (v.audiences.length < AUDIENCES.length) {
    const names = { visitor: "訪問者", member: "会員", paid: "購入者" } as const;
    parts.push(`${v.audiences.map((a) => names[a]).join("・")}のみ`);
  }
  if (v.rules.length > 0) parts.push(`条件${v.rules.length}件`);
  for (const field of ["url", "utmSource", "utmMedium", "utmCampaign"]) {
    if (typeof data[field] === "string") parts.push(field === "url" ? "URL条件" : "流入条件");
  }
  return parts.length > 0 ? parts.join("・") : null;
}
