import { useMemo } from "react";
import type { ShownBlock, ShownRow, TopicPageFields } from "../../../contract/topic";
import type { TopicRow } from "../../../contract/topic-content";
import { sanitizeTopicHtml } from "../../../contract/topic-html";
import { TopicBlocks } from "../topic/TopicBlocks";

export type PreviewMode = "pc" | "sp";
export type PreviewPageFields = TopicPageFields;

/**
 * The text being edited as the renderer takes it: nothing is hidden (staff see every block with
 * its conditions instead) and HTML goes through the same sanitiser the server uses.
 */
export function previewRows(rows: TopicRow[]): ShownRow[] {
  const clean = (blocks: unknown): ShownBlock[] =>
    (Array.isArray(blocks) ? blocks : []).map((raw) => {
      const block = { ...(raw as Record<string, unknown>) };
      if (typeof block.html === "string") block.html = sanitizeTopicHtml(block.html);
      if (block.type === "box") block.blocks = clean(block.blocks);
      return block as ShownBlock;
    });
  return rows.map((row) => ({
    ...row,
    columns: (Array.isArray(row.columns) ? row.columns : []).map((column) => ({
      ...column,
      blocks: clean(column?.blocks),
    })),
  }));
}

/** The editor's preview: the public renderer at a fixed width, links inert, conditions on request. */
export function TopicPreview({
  rows,
  plainText,
  mode,
  page,
  showConditions,
}: {
  rows: TopicRow[] | null;
  plainText: string;
  mode: PreviewMode;
  page: PreviewPageFields;
  showConditions: boolean;
}) {
  const shown = useMemo(() => (rows ? previewRows(rows) : null), [rows]);
  return (
    <TopicBlocks
      rows={shown}
      plainText={plainText}
      fields={page}
      isLogin={false}
      mode={mode}
      showConditions={showConditions}
      inert
    />
  );
}
