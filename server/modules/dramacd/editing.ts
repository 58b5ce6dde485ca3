import { and, asc, count, desc, eq, ilike, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { BadInput, NotFound } from "../../lib/errors";
import { cdBrands, cdLabels, dramaCds, tracks } from "./schema";

/**
 * The catalog editor's reads and writes of drama CDs and their tracks (decision 0091), in the
 * caller's transaction (auditedWrite). The item that sells a CD is catalog's (catalog/editing.ts);
 * the catalog-editor module writes both in one transaction.
 */

type Conn = Db | Tx;

export async function editorDramaCdList(
  db: Db,
  query: { q: string; page: number; pageSize: number },
) {
  const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = query.q
    ? or(
        /^\d{1,9}$/.test(query.q) ? eq(dramaCds.cdId, Number(query.q)) : undefined,
        ilike(dramaCds.name, pattern),
        ilike(dramaCds.nameKana, pattern),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        cdId: dramaCds.cdId,
        name: dramaCds.name,
        labelName: cdLabels.name,
        saleStartDate: dramaCds.saleStartDate,
        draft: dramaCds.draft,
        withdrawnAt: dramaCds.withdrawnAt,
      })
      .from(dramaCds)
      .innerJoin(cdLabels, eq(cdLabels.labelId, dramaCds.labelId))
      .where(where)
      .orderBy(desc(dramaCds.cdId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(dramaCds).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One CD as the editor's form holds it, with its tracks; null: none. */
export async function editorDramaCd(db: Conn, cdId: number) {
  const [cd] = await db.select().from(dramaCds).where(eq(dramaCds.cdId, cdId));
  if (!cd) return null;
  const trackRows = await db
    .select()
    .from(tracks)
    .where(eq(tracks.cdId, cdId))
    .orderBy(asc(tracks.trackNo));
  return { cd, tracks: trackRows };
}

export interface DramaCdValues {
  name: string;
  nameKana: string;
  brandId: number;
  labelId: number;
  seriesId: number | null;
  description: string;
  appealText: string | null;
  ethicType: number;
  finalFlag: boolean;
  saleStartDate: Date;
  saleEndDate: Date | null;
}

async function checkCdLinks(tx: Conn, v: DramaCdValues) {
  const [label] = await tx.select().from(cdLabels).where(eq(cdLabels.labelId, v.labelId));
  if (!label) throw new BadInput("label_id", "label_id: レーベルが見つかりません");
  if (label.brandId !== v.brandId) {
    throw new BadInput("label_id", "label_id: レーベルは選んだメーカーのものを指定してください");
  }
}

const cdColumns = (v: DramaCdValues) => ({
  name: v.name,
  nameKana: v.nameKana,
  brandId: v.brandId,
  labelId: v.labelId,
  seriesId: v.seriesId,
  description: v.description,
  appealText: v.appealText,
  ethicType: v.ethicType,
  finalFlag: v.finalFlag,
  saleStartDate: v.saleStartDate,
  saleEndDate: v.saleEndDate,
});

/** A new CD, a draft; the caller adds the item that sells it. */
export async function insertDramaCd(tx: Tx, v: DramaCdValues): Promise<number> {
  await checkCdLinks(tx, v);
  const [cd] = await tx
    .insert(dramaCds)
    // The jacket is named by the CD as the seed names it; the upload screen replaces its image.
    .values({ ...cdColumns(v), jacket: "", draft: true })
    .returning({ cdId: dramaCds.cdId });
  const cdId = cd!.cdId;
  await tx
    .update(dramaCds)
    .set({ jacket: `jacket_${cdId}.jpg` })
    .where(eq(dramaCds.cdId, cdId));
  return cdId;
}

export async function updateDramaCd(tx: Tx, cdId: number, v: DramaCdValues) {
  await checkCdLinks(tx, v);
  const [row] = await tx
    .update(dramaCds)
    .set(cdColumns(v))
    .where(eq(dramaCds.cdId, cdId))
    .returning({ cdId: dramaCds.cdId });
  if (!row) throw new NotFound("ドラマCDが見つかりませんでした");
}

export async function setDramaCdPublication(
  tx: Tx,
  cdId: number,
  change: { draft?: boolean; withdrawnAt?: Date | null },
) {
  const [row] = await tx
    .update(dramaCds)
    .set(change)
    .where(eq(dramaCds.cdId, cdId))
    .returning({ cdId: dramaCds.cdId });
  if (!row) throw new NotFound("ドラマCDが見つかりませんでした");
}

export type TrackRecord = typeof tracks.$inferSelect;

export async function editorTrack(db: Conn, trackId: number): Promise<TrackRecord | null> {
  const [row] = await db.select().from(tracks).where(eq(tracks.trackId, trackId));
  return row ?? null;
}

async function checkTrackNo(tx: Conn, cdId: number, trackNo: number, trackId?: number) {
  const [taken] = await tx
    .select({ id: tracks.trackId })
    .from(tracks)
    .where(
      and(
        eq(tracks.cdId, cdId),
        eq(tracks.trackNo, trackNo),
        trackId !== undefined ? ne(tracks.trackId, trackId) : undefined,
      ),
    );
  if (taken) throw new BadInput("track_no", `track_no: トラック${trackNo}はすでにあります`);
}

/**
 * A new track: its name and place. Its audio, duration and trial clip come from the upload
 * screen (/ops/tracks/{id}/audio); until then it lasts 0 seconds and has no trial.
 */
export async function insertTrack(
  tx: Tx,
  cdId: number,
  v: { trackNo: number; name: string },
): Promise<number> {
  const [cd] = await tx.select({ id: dramaCds.cdId }).from(dramaCds).where(eq(dramaCds.cdId, cdId));
  if (!cd) throw new NotFound("ドラマCDが見つかりませんでした");
  await checkTrackNo(tx, cdId, v.trackNo);
  const [row] = await tx
    .insert(tracks)
    .values({
      cdId,
      trackNo: v.trackNo,
      name: v.name,
      durationSec: 0,
      fileName: `track_${cdId}_${v.trackNo}.mp3`,
    })
    .returning({ trackId: tracks.trackId });
  return row!.trackId;
}

export async function updateTrack(tx: Tx, trackId: number, v: { trackNo: number; name: string }) {
  const current = await editorTrack(tx, trackId);
  if (!current) throw new NotFound("トラックが見つかりませんでした");
  await checkTrackNo(tx, current.cdId, v.trackNo, trackId);
  await tx
    .update(tracks)
    .set({ trackNo: v.trackNo, name: v.name })
    .where(eq(tracks.trackId, trackId));
}

/**
 * Withdraws a track on its own (a time) or brings it back (null); decision 0094. Withdrawing it
 * again keeps the first time: who had the CD before it left is decided by that time.
 */
export async function setTrackWithdrawal(tx: Tx, trackId: number, withdrawnAt: Date | null) {
  const [row] = await tx
    .update(tracks)
    .set({
      withdrawnAt:
        withdrawnAt &&
        sql`coalesce(${tracks.withdrawnAt}, ${withdrawnAt.toISOString()}::timestamptz)`,
    })
    .where(eq(tracks.trackId, trackId))
    .returning({ trackId: tracks.trackId });
  if (!row) throw new NotFound("トラックが見つかりませんでした");
}

/** Makers and their labels, for the CD form. */
export async function dramaCdFormChoices(db: Db) {
  const [brandRows, labelRows] = await Promise.all([
    db
      .select({ id: cdBrands.brandId, name: cdBrands.name })
      .from(cdBrands)
      .orderBy(asc(cdBrands.sortOrder), asc(cdBrands.brandId)),
    db
      .select({ id: cdLabels.labelId, name: cdLabels.name, brandId: cdLabels.brandId })
      .from(cdLabels)
      .orderBy(asc(cdLabels.sortOrder), asc(cdLabels.labelId)),
  ]);
  return { brands: brandRows, labels: labelRows };
}
