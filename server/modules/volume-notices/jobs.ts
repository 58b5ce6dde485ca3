import type { AppServices } from "../../lib/context";
import { every } from "../../lib/every";
import { publicOrigin } from "../../lib/public-origin";
import { vapidKeys } from "./push";
import { type NoticeRunDeps, runVolumeNotices } from "./service";

/** The longest a volume on sale waits for its notices when no change on the bus names it. */
export const NOTICE_INTERVAL_MS = 5 * 60_000;
/** A burst of catalog changes (an import, a publish) makes one run, this long after the last. */
const SETTLE_MS = 1000;

export function noticeRunDeps(services: AppServices): NoticeRunDeps {
  return {
    db: services.db,
    logger: services.logger,
    siteUrl: publicOrigin(services.env),
    vapid: () =>
      vapidKeys(services.env).catch((error) => {
        services.logger.error("web push keys unavailable", { error });
        return null;
      }),
    changed: (userId) => services.memberKept.changed(userId),
  };
}

/**
 * The new-volume notices (decision 0114) in the process that runs jobs: a run at start, then
 * every NOTICE_INTERVAL_MS, and a second after a volume or series change is heard on the bus (a
 * volume published in /ops, or released by the catalog schedule, which says it at its time), so
 * followers hear of it within seconds. Runs never overlap in this process; across processes the
 * unique keys keep each member told once.
 */
export function startVolumeNotices(services: AppServices): () => void {
  const deps = noticeRunDeps(services);
  const schedule = every("new volume notices", NOTICE_INTERVAL_MS, services.logger, async () => {
    const done = await runVolumeNotices(deps);
    if (done.notices > 0) services.logger.info("new volume notices", { ...done });
  });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = schedule.firstPass;
  const unsubscribe = services.changes.subscribe((change) => {
    if (change.entity !== "volume" && change.entity !== "series") return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(async () => {
        try {
          const done = await runVolumeNotices(deps);
          if (done.notices > 0) services.logger.info("new volume notices", { ...done });
        } catch (error) {
          services.logger.error("new volume notices failed", { error });
        }
      });
    }, SETTLE_MS);
    timer.unref();
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
    schedule();
  };
}
