import type { Db } from "../../db/client";
import type { ChangeBus } from "../../lib/changes";
import { every, type Schedule } from "../../lib/every";
import type { Logger } from "../../logger";
import { refreshDueSummaries } from "../catalog/series-summary";

/** A scheduled volume comes into its series' lists within this long of its time. */
export const CATALOG_SCHEDULE_MS = 30_000;

/**
 * Brings in what the editor scheduled (decision 0091): each pass refreshes the summaries of the
 * series whose next publish or release time has come, so a volume set for tomorrow joins the
 * lists by itself, and tells every instance through the change bus. Pages, cards and the price
 * read the time themselves; this moves the stored summaries only. One process runs it.
 */
export function startCatalogSchedule(db: Db, changes: ChangeBus, logger: Logger): Schedule {
  return every("catalog schedule", CATALOG_SCHEDULE_MS, logger, async () => {
    const refreshed = await refreshDueSummaries(db, new Date());
    for (const id of refreshed) await changes.publish({ entity: "series", id });
    if (refreshed.length > 0) logger.info("catalog schedule reached", { series: refreshed });
  });
}
