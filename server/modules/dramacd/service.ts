import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dramaCds, tracks } from "./schema";

/** What the audio routes need to decide whether a track or its trial may be played. */
export async function trackForPlayback(db: Db, cdId: number, trackNo: number) {
  const [row] = await db
    .select({
      cdId: tracks.cdId,
      trackNo: tracks.trackNo,
      durationSec: tracks.durationSec,
      trialFileName: tracks.trialFileName,
      trialDurationSec: tracks.trialDurationSec,
    })
    .from(tracks)
    .where(and(eq(tracks.cdId, cdId), eq(tracks.trackNo, trackNo)));
  return row ?? null;
}

export async function dramaCdExists(db: Db, cdId: number): Promise<boolean> {
  const rows = await db
    .select({ cdId: dramaCds.cdId })
    .from(dramaCds)
    .where(eq(dramaCds.cdId, cdId))
    .limit(1);
  return rows.length > 0;
}

/** Names and sale periods of these drama CDs: what the cart and checkout show and check. */
export async function cdSaleFacts(db: Db, cdIds: readonly number[]) {
  if (cdIds.length === 0) return [];
  return db
    .select({
      cdId: dramaCds.cdId,
      name: dramaCds.name,
      seriesId: dramaCds.seriesId,
      saleStartDate: dramaCds.saleStartDate,
      saleEndDate: dramaCds.saleEndDate,
    })
    .from(dramaCds)
    .where(inArray(dramaCds.cdId, [...new Set(cdIds)]));
}
