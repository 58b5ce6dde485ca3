import { and, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { popupDisplays, popups } from "./schema";

interface TargetRules {
  login?: "any" | "member" | "visitor";
}

/**
 * Popups running now that this member may still be shown: not meant for visitors only, not
 * hidden by the member, and under their display limit.
 */
export async function targetPopupIds(db: Db, userId: number, now: Date): Promise<number[]> {
  const rows = await db
    .select({
      popupId: popups.popupId,
      targetRules: popups.targetRules,
      displayLimit: popups.displayLimit,
      openCount: popupDisplays.openCount,
      hidden: popupDisplays.hidden,
    })
    .from(popups)
    .leftJoin(
      popupDisplays,
      and(eq(popupDisplays.popupId, popups.popupId), eq(popupDisplays.userId, userId)),
    )
    .where(and(lte(popups.startAt, now), or(isNull(popups.endAt), gt(popups.endAt, now))))
    .orderBy(popups.popupId);
  return rows
    .filter((r) => (r.targetRules as TargetRules).login !== "visitor")
    .filter((r) => !r.hidden)
    .filter((r) => r.displayLimit === null || (r.openCount ?? 0) < r.displayLimit)
    .map((r) => r.popupId);
}
