import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { casts, dramaCdCasts, dramaCds, tracks } from "./schema";

/**
 * What a drama CD card shows of these CDs: the CDs, their casts in credit order, and the first
 * track still in the store with a trial file of each. Three queries whatever the number of ids.
 */
export async function cdCardFacts(db: Db, ids: readonly number[]) {
  const [cds, castRows, trialRows] = await Promise.all([
    db
      .select({
        cdId: dramaCds.cdId,
        name: dramaCds.name,
        appealText: dramaCds.appealText,
        appealTags: dramaCds.appealTags,
        saleStartDate: dramaCds.saleStartDate,
        saleEndDate: dramaCds.saleEndDate,
      })
      .from(dramaCds)
      .where(and(inArray(dramaCds.cdId, [...ids]), eq(dramaCds.draft, false))),
    db
      .select({ cdId: dramaCdCasts.cdId, castId: casts.castId, name: casts.name })
      .from(dramaCdCasts)
      .innerJoin(casts, eq(casts.castId, dramaCdCasts.castId))
      .where(inArray(dramaCdCasts.cdId, [...ids]))
      .orderBy(asc(dramaCdCasts.cdId), asc(dramaCdCasts.sortOrder)),
    db
      .selectDistinctOn([tracks.cdId], { cdId: tracks.cdId, trial: tracks.trialFileName })
      .from(tracks)
      // A withdrawn track offers no sample (decision 0094).
      .where(
        and(
          inArray(tracks.cdId, [...ids]),
          isNotNull(tracks.trialFileName),
          isNull(tracks.withdrawnAt),
        ),
      )
      .orderBy(asc(tracks.cdId), asc(tracks.trackNo)),
  ]);
  return { cds, castRows, trialRows };
}
