import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { BadInput, Conflict } from "../../lib/errors";
import { type Lottery, type LotteryPrize, lotteries, lotteryPlays, lotteryPrizes } from "./schema";
import { type PrizeContent, prizeShape } from "./service";

/**
 * The lotteries as the /ops lottery editor reads and writes them (issue 24). A draw runs in its
 * own transaction (service.ts play): it reads the prizes with FOR KEY SHARE and takes stock with
 * a conditional update. A save locks the lottery's prizes FOR UPDATE first, so it waits for the
 * draws under way to commit and the draws that start meanwhile wait for it: every draw sees the
 * prizes, weights and stock wholly before or wholly after a save.
 */
type Conn = Db | Tx;

export interface LotteryValues {
  name: string;
  title: string;
  img: string | null;
  upperPageContent: string;
  lowerPageContent: string;
  shareUrl: string | null;
  playConditionType: number;
  startAt: Date;
  endAt: Date | null;
}

export interface PrizeValues {
  prizeId: number | null;
  content: PrizeContent;
  weight: number;
  stock: number | null;
  /** undefined: the stock given is set as it is (a caller that does not say what it saw). */
  stockSeen: number | null | undefined;
}

export async function editorLotteries(db: Db, query: { page: number; pageSize: number }) {
  const rows = await db
    .select({
      lottery: lotteries,
      prizeCount: sql<number>`(select count(*)::int from ${lotteryPrizes} where ${lotteryPrizes.lotteryId} = ${lotteries.lotteryId})`,
    })
    .from(lotteries)
    .orderBy(desc(lotteries.startAt), desc(lotteries.lotteryId))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(lotteries);
  return { rows, total: total?.n ?? 0 };
}

export interface EditorPrize extends LotteryPrize {
  content: PrizeContent;
  won: number;
}

/** A lottery with its prizes in draw order, each with how many plays won it; null: none. */
export async function editorLottery(
  db: Conn,
  lotteryId: number,
): Promise<{ lottery: Lottery; prizes: EditorPrize[] } | null> {
  const [lottery] = await db.select().from(lotteries).where(eq(lotteries.lotteryId, lotteryId));
  if (!lottery) return null;
  const prizes = await db
    .select()
    .from(lotteryPrizes)
    .where(eq(lotteryPrizes.lotteryId, lotteryId))
    .orderBy(asc(lotteryPrizes.position), asc(lotteryPrizes.prizeId));
  const won = await wonCounts(
    db,
    prizes.map((p) => p.prizeId),
  );
  return {
    lottery,
    prizes: prizes.map((p) => ({
      ...p,
      content: prizeShape.parse(p.prize),
      won: won.get(p.prizeId) ?? 0,
    })),
  };
}

async function wonCounts(db: Conn, prizeIds: number[]) {
  if (prizeIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ prizeId: lotteryPlays.prizeId, n: count() })
    .from(lotteryPlays)
    .where(inArray(lotteryPlays.prizeId, prizeIds))
    .groupBy(lotteryPlays.prizeId);
  return new Map(rows.map((r) => [r.prizeId!, r.n]));
}

/** Another lottery already answers at /lottery/{name}. */
export async function lotteryNameTaken(db: Conn, name: string, lotteryId = 0) {
  const rows = await db
    .select({ id: lotteries.lotteryId })
    .from(lotteries)
    .where(eq(lotteries.name, name));
  return rows.some((r) => r.id !== lotteryId);
}

export async function insertLottery(
  tx: Tx,
  values: LotteryValues,
  prizes: readonly PrizeValues[],
): Promise<number> {
  const [row] = await tx.insert(lotteries).values(values).returning({ id: lotteries.lotteryId });
  await writePrizes(tx, row!.id, prizes);
  return row!.id;
}

/** Waits for the lottery's draws under way and holds off new ones until the caller commits. */
export async function lockLotteryPrizes(tx: Tx, lotteryId: number) {
  await tx
    .select({ id: lotteryPrizes.prizeId })
    .from(lotteryPrizes)
    .where(eq(lotteryPrizes.lotteryId, lotteryId))
    .for("update");
}

export async function updateLottery(
  tx: Tx,
  lotteryId: number,
  values: LotteryValues,
  prizes: readonly PrizeValues[],
) {
  await lockLotteryPrizes(tx, lotteryId);
  await tx.update(lotteries).set(values).where(eq(lotteries.lotteryId, lotteryId));
  await writePrizes(tx, lotteryId, prizes);
}

/**
 * The prizes as the form lists them, in draw order. A prize kept keeps its id; one left out is
 * deleted unless a play won it (its row is that play's record: such a prize is run out with
 * stock 0 instead). Stock moves only where the editor changed it, and only if no draw took any
 * since the form was loaded.
 */
async function writePrizes(tx: Tx, lotteryId: number, prizes: readonly PrizeValues[]) {
  const current = await tx
    .select()
    .from(lotteryPrizes)
    .where(eq(lotteryPrizes.lotteryId, lotteryId));
  const byId = new Map(current.map((p) => [p.prizeId, p]));
  const kept = new Set<number>();
  for (const [i, p] of prizes.entries()) {
    if (p.prizeId === null) continue;
    if (!byId.has(p.prizeId)) {
      throw new BadInput(`prizes.${i}.prize_id`, "この景品はこのくじのものではありません");
    }
    if (kept.has(p.prizeId)) {
      throw new BadInput(`prizes.${i}.prize_id`, "同じ景品が2回指定されています");
    }
    kept.add(p.prizeId);
  }
  const dropped = current.filter((p) => !kept.has(p.prizeId));
  const won = await wonCounts(
    tx,
    dropped.map((p) => p.prizeId),
  );
  const winners = dropped.filter((p) => (won.get(p.prizeId) ?? 0) > 0);
  if (winners.length > 0) {
    const names = winners.map((p) => prizeShape.parse(p.prize).name).join("・");
    throw new BadInput(
      "prizes",
      `当選者がいる景品（${names}）は削除できません。在庫を0にすると当たらなくなります`,
    );
  }
  if (dropped.length > 0) {
    await tx.delete(lotteryPrizes).where(
      inArray(
        lotteryPrizes.prizeId,
        dropped.map((p) => p.prizeId),
      ),
    );
  }
  for (const [i, p] of prizes.entries()) {
    const row = {
      position: i + 1,
      prize: p.content,
      weight: p.weight,
    };
    if (p.prizeId === null) {
      await tx.insert(lotteryPrizes).values({ ...row, lotteryId, stock: p.stock });
      continue;
    }
    const now = byId.get(p.prizeId)!;
    let stock = p.stock;
    if (p.stockSeen !== undefined) {
      if (p.stock === p.stockSeen) stock = now.stock;
      else if (now.stock !== p.stockSeen) {
        throw new Conflict(
          `「${p.content.name}」の在庫は抽選で${p.stockSeen ?? "無制限"}から${now.stock ?? "無制限"}に変わりました。読み込み直してから在庫を変更してください`,
          { field: `prizes.${i}.stock` },
        );
      }
    }
    await tx
      .update(lotteryPrizes)
      .set({ ...row, stock })
      .where(and(eq(lotteryPrizes.prizeId, p.prizeId), eq(lotteryPrizes.lotteryId, lotteryId)));
  }
}
