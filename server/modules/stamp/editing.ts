import { and, asc, count, desc, eq, gte, lte, max } from "drizzle-orm";
import { stampCellPlace } from "../../../contract/ops-extras-rules";
import type { Db, Tx } from "../../db/client";
import {
  type LoginStampCard,
  loginStampCards,
  type StampBox,
  stampBoxes,
  userStamps,
} from "./schema";

/** The login stamp cards as the /ops stamp editor reads and writes them (issue 24). */
type Conn = Db | Tx;

export interface StampCardValues {
  imageUrl: string;
  startDate: string;
  endDate: string;
  description: string | null;
  bgColor: string | null;
  bgImageUrl: string | null;
  bandStyle: string | null;
}

export interface StampCellValues {
  imageUrlOn: string;
  imageUrlOff: string;
  rewardPoint: number | null;
  rewardCouponId: number | null;
  rewardPresentPoint: number | null;
}

export async function editorStampCards(db: Db, query: { page: number; pageSize: number }) {
  const rows = await db
    .select()
    .from(loginStampCards)
    .orderBy(desc(loginStampCards.startDate), desc(loginStampCards.cardId))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(loginStampCards);
  return { rows, total: total?.n ?? 0 };
}

export interface EditorStampCard {
  card: LoginStampCard;
  cells: StampBox[];
  pressedMax: number;
}

/** A card, its cells in stamp order and the furthest any member got on it; null: none. */
export async function editorStampCard(db: Conn, cardId: number): Promise<EditorStampCard | null> {
  const [card] = await db.select().from(loginStampCards).where(eq(loginStampCards.cardId, cardId));
  if (!card) return null;
  const cells = await db
    .select()
    .from(stampBoxes)
    .where(eq(stampBoxes.cardId, cardId))
    .orderBy(asc(stampBoxes.stampNo));
  const [pressed] = await db
    .select({ n: max(userStamps.stampNo) })
    .from(userStamps)
    .where(eq(userStamps.cardId, cardId));
  return { card, cells, pressedMax: pressed?.n ?? 0 };
}

/** Cards other than `cardId` whose Tokyo days meet [start, end]. */
export async function overlappingStampCards(db: Conn, start: string, end: string, cardId = 0) {
  const rows = await db
    .select({ cardId: loginStampCards.cardId })
    .from(loginStampCards)
    .where(and(lte(loginStampCards.startDate, end), gte(loginStampCards.endDate, start)));
  return rows.map((r) => r.cardId).filter((id) => id !== cardId);
}

/**
 * Locks the card's row for the rest of the transaction, so two saves of one card run one after
 * the other, each checking what the other wrote. A press never sees cells half replaced: the
 * delete and the insert commit together.
 */
export async function lockStampCard(tx: Tx, cardId: number) {
  await tx
    .select({ id: loginStampCards.cardId })
    .from(loginStampCards)
    .where(eq(loginStampCards.cardId, cardId))
    .for("update");
}

export async function insertStampCard(
  tx: Tx,
  values: StampCardValues,
  cells: readonly StampCellValues[],
): Promise<number> {
  const [row] = await tx
    .insert(loginStampCards)
    .values({ ...values, stampCount: cells.length })
    .returning({ id: loginStampCards.cardId });
  await writeCells(tx, row!.id, cells);
  return row!.id;
}

/** The card's fields and all its cells, written again (stamp_count is the number of cells). */
export async function updateStampCard(
  tx: Tx,
  cardId: number,
  values: StampCardValues,
  cells: readonly StampCellValues[],
) {
  await tx
    .update(loginStampCards)
    .set({ ...values, stampCount: cells.length })
    .where(eq(loginStampCards.cardId, cardId));
  await tx.delete(stampBoxes).where(eq(stampBoxes.cardId, cardId));
  await writeCells(tx, cardId, cells);
}

async function writeCells(tx: Tx, cardId: number, cells: readonly StampCellValues[]) {
  if (cells.length === 0) return;
  await tx
    .insert(stampBoxes)
    .values(cells.map((c, i) => ({ cardId, stampNo: i + 1, ...stampCellPlace(i + 1), ...c })));
}
