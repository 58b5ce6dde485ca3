import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { dramaCds, tracks } from "./schema";

/** A track as its upload screen and the audio job know it; null: no such track. */
export async function trackById(db: Db | Tx, trackId: number) {
  const [row] = await db
    .select({
      trackId: tracks.trackId,
      cdId: tracks.cdId,
      cdName: dramaCds.name,
      trackNo: tracks.trackNo,
      name: tracks.name,
      durationSec: tracks.durationSec,
      fileName: tracks.fileName,
      trialFileName: tracks.trialFileName,
      trialDurationSec: tracks.trialDurationSec,
    })
    .from(tracks)
    .innerJoin(dramaCds, eq(dramaCds.cdId, tracks.cdId))
    .where(eq(tracks.trackId, trackId));
  return row ?? null;
}

export interface TrackAudio {
  durationSec: number;
  fileName: string;
  trialFileName: string;
  trialDurationSec: number;
}

/**
 * Points a track at newly uploaded audio (the content pipeline, decision 0089), inside the
 * transaction that publishes it: its length, the stored file and its trial clip change together.
 * Answers the values it replaced; null: no such track.
 */
export async function setTrackAudio(tx: Tx, trackId: number, audio: TrackAudio) {
  const before = await trackById(tx, trackId);
  if (!before) return null;
  await tx.update(tracks).set(audio).where(eq(tracks.trackId, trackId));
  return before;
}
