import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { ReactNode } from "react";
import {
  type EditorBlock,
  type EditorRow,
  findBlock,
  moveBlock,
  moveItem,
  visibilitySummary,
} from "../../../contract/topic-editor-model";
import { blockLabel } from "../../../contract/topic-vocabulary";

export type Selection = { kind: "row" | "column" | "block"; key: string } | null;

/** A few words of what a block says, so staff can tell two text blocks apart in the list. */
function gist(data: Record<string, unknown>): string {
  for (const field of ["text", "title", "alt", "html", "videoId", "href"]) {
    const value = data[field];
    if (typeof value === "string" && value.trim()) {
      const plain = value
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim();
      return plain.length > 28 ? `${plain.slice(0, 28)}…` : plain;
    }
  }
  for (const field of ["layoutId", "entryId", "id", "height"]) {
    if (typeof data[field] === "number") return `${field}: ${data[field]}`;
  }
  return "";
}

function Sortable({ id, children }: { id: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const handle = (
    <button
      type="button"
      className="topics-handle"
      aria-label="ドラッグして並べ替え（スペースで持ち上げ、矢印キーで移動）"
      {...attributes}
      {...listeners}
    >
      ⠿
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className="topics-item"
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      {children(handle)}
    </li>
  );
}

interface ListProps {
  rows: EditorRow[];
  selection: Selection;
  onSelect: (selection: Selection) => void;
  onRows: (rows: EditorRow[]) => void;
  disabled: boolean;
}

function Blocks({ blocks, label, ...props }: ListProps & { blocks: EditorBlock[]; label: string }) {
  const { rows, selection, onSelect, onRows, disabled } = props;
  return (
    <SortableContext items={blocks.map((b) => b.key)} strategy={verticalListSortingStrategy}>
      <ol className="topics-blocks" aria-label={label}>
        {blocks.length === 0 ? <li className="topics-empty">ブロックがありません</li> : null}
        {blocks.map((block, i) => {
          const name = blockLabel(block.data.type);
          const rule = visibilitySummary(block.data);
          const selected = selection?.kind === "block" && selection.key === block.key;
          return (
            <Sortable key={block.key} id={block.key}>
              {(handle) => (
                <>
                  <div className="topics-block" data-selected={selected || undefined}>
                    {disabled ? null : handle}
                    <button
                      type="button"
                      className="topics-block__pick"
                      aria-pressed={selected}
                      onClick={() => onSelect({ kind: "block", key: block.key })}
                    >
                      <span className="topics-block__type">{name}</span>
                      <span className="topics-block__gist">{gist(block.data)}</span>
                      {rule ? <span className="topics-badge">{rule}</span> : null}
                    </button>
                    {disabled ? null : (
                      <span className="topics-block__moves">
                        <button
                          type="button"
                          className="topics-move"
                          aria-label={`${name}を上へ`}
                          disabled={i === 0}
                          onClick={() => onRows(moveBlock(rows, block.key, i - 1))}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          className="topics-move"
                          aria-label={`${name}を下へ`}
                          disabled={i === blocks.length - 1}
                          onClick={() => onRows(moveBlock(rows, block.key, i + 1))}
                        >
                          ↓
                        </button>
                      </span>
                    )}
                  </div>
                  {block.children ? (
                    <div className="topics-box">
                      <Blocks {...props} blocks={block.children} label={`${name}の中のブロック`} />
                    </div>
                  ) : null}
                </>
              )}
            </Sortable>
          );
        })}
      </ol>
    </SortableContext>
  );
}

/**
 * The page's structure: rows, their columns, and each column's blocks (a box's blocks inside
 * it). Blocks are reordered by dragging, by the keyboard on the drag handle (space, then the
 * arrow keys) or by the ↑↓ buttons; rows by their ↑↓ buttons.
 */
export function BlockList(props: ListProps) {
  const { rows, selection, onSelect, onRows, disabled } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = findBlock(rows, String(active.id));
    const to = findBlock(rows, String(over.id));
    // Dragging orders a list; another column or box is reached with the form's 置き場所 menu.
    if (!from || !to || from.list !== to.list) return;
    onRows(moveBlock(rows, from.block.key, to.index));
  };
  if (rows.length === 0) {
    return <p className="topics-empty">行がありません。「行を追加」から始めてください。</p>;
  }
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <ol className="topics-rows" aria-label="ページの構成">
        {rows.map((row, r) => {
          const rowRule = visibilitySummary(row.data);
          return (
            <li key={row.key} className="topics-row">
              <div
                className="topics-row__head"
                data-selected={
                  (selection?.kind === "row" && selection.key === row.key) || undefined
                }
              >
                <button
                  type="button"
                  className="topics-row__pick"
                  onClick={() => onSelect({ kind: "row", key: row.key })}
                >
                  {r + 1}行目{rowRule ? <span className="topics-badge">{rowRule}</span> : null}
                </button>
                {disabled ? null : (
                  <span className="topics-block__moves">
                    <button
                      type="button"
                      className="topics-move"
                      aria-label={`${r + 1}行目を上へ`}
                      disabled={r === 0}
                      onClick={() => onRows(moveItem(rows, r, r - 1))}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="topics-move"
                      aria-label={`${r + 1}行目を下へ`}
                      disabled={r === rows.length - 1}
                      onClick={() => onRows(moveItem(rows, r, r + 1))}
                    >
                      ↓
                    </button>
                  </span>
                )}
              </div>
              <div className="topics-columns">
                {row.columns.map((column, c) => {
                  const columnRule = visibilitySummary(column.data);
                  const selected = selection?.kind === "column" && selection.key === column.key;
                  return (
                    <div
                      key={column.key}
                      className="topics-column"
                      data-selected={selected || undefined}
                    >
                      <button
                        type="button"
                        className="topics-column__pick"
                        onClick={() => onSelect({ kind: "column", key: column.key })}
                      >
                        {c + 1}列目
                        {typeof column.data.lRange === "number"
                          ? `（PC幅 ${column.data.lRange}/12）`
                          : ""}
                        {columnRule ? <span className="topics-badge">{columnRule}</span> : null}
                      </button>
                      <Blocks
                        {...props}
                        blocks={column.blocks}
                        label={`${r + 1}行目${c + 1}列目のブロック`}
                      />
                    </div>
                  );
                })}
              </div>
            </li>
          );
        })}
      </ol>
    </DndContext>
  );
}
