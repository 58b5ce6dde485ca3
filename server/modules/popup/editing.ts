import { asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { type Popup, popups } from "./schema";

/**
 * The popup editor's reads and writes of the popups table (issue 24); the editor module decides
 * what they mean and audits them. A popup is never deleted here: its events and members'
 * displays name it, so it is withdrawn.
 */

/** A popups row as the editor reads it. */
export type EditorPopupRow = Popup;

export type PopupValues = Omit<typeof popups.$inferInsert, "popupId" | "withdrawnAt">;

export async function editorPopups(
  db: Db,
  { q, page, pageSize }: { q: string; page: number; pageSize: number },
): Promise<{ rows: Popup[]; total: number }> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const id = /^\d{1,9}$/.test(q) ? Number(q) : null;
  const where = q
    ? or(
        ilike(popups.title, like),
        ilike(popups.trackingName, like),
        id === null ? undefined : eq(popups.popupId, id),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(popups)
      .where(where)
      .orderBy(desc(popups.priority), asc(popups.popupId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(popups).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One popup, locked for the write that reads it inside a transaction. */
export async function editorPopup(db: Db | Tx, popupId: number, lock = false) {
  const query = db.select().from(popups).where(eq(popups.popupId, popupId));
  const [row] = await (lock ? query.for("update") : query);
  return row ?? null;
}

export async function insertPopup(tx: Tx, values: PopupValues): Promise<number> {
  const [row] = await tx.insert(popups).values(values).returning({ id: popups.popupId });
  return row!.id;
}

export async function updatePopup(tx: Tx, popupId: number, values: PopupValues) {
  await tx.update(popups).set(values).where(eq(popups.popupId, popupId));
}

/** Withdrawn now, or back in the store (its dates decide again). */
export async function setPopupWithdrawn(tx: Tx, popupId: number, at: Date | null) {
  await tx
    .update(popups)
    .set({ withdrawnAt: at ?? sql`null` })
    .where(eq(popups.popupId, popupId));
}

/** The names the ops pages list popups by (title, else tracking name), for these ids. */
export async function popupLabels(
  db: Db,
  popupIds: readonly number[],
): Promise<Map<number, string>> {
  if (popupIds.length === 0) return new Map();
  const rows = await db
    .select({ id: popups.popupId, title: popups.title, trackingName: popups.trackingName })
    .from(popups)
    .where(inArray(popups.popupId, [...popupIds]));
  return new Map(rows.map((r) => [r.id, r.title?.trim() || r.trackingName]));
}
