import type { AppServices } from "../../lib/context";
import { every } from "../../lib/every";
import { publicOrigin } from "../../lib/public-origin";
import type { PaymentProvider } from "../commerce/payments/provider";
import { runStandingOrders, type StandingOrderDeps, type StandingOrderResult } from "./run";

/** The longest a released volume waits for its reservations and automatic purchases. */
export const STANDING_ORDER_INTERVAL_MS = 5 * 60_000;
/** A burst of catalog changes makes one run, this long after the last. */
const SETTLE_MS = 1000;

export function standingOrderDeps(
  services: AppServices,
  provider: PaymentProvider,
): StandingOrderDeps {
  return {
    db: services.db,
    provider,
    logger: services.logger,
    siteUrl: publicOrigin(services.env),
    changed: (userId) => services.memberKept.changed(userId),
  };
}

function report(services: AppServices, done: StandingOrderResult) {
  const { errors, ...counts } = done;
  if (Object.values(counts).some((n) => n > 0) || errors > 0) {
    services.logger.info("pre-orders and automatic purchases", { ...done });
  }
}

/**
 * 予約購入 and 新刊自動購入 (decision 0116) in the process that runs jobs: a run at start, every
 * STANDING_ORDER_INTERVAL_MS, and a second after a volume or series change is heard (a volume
 * published in /ops, a release date moved, or the catalog schedule saying a release time came,
 * decision 0087), so a volume is paid and on the shelf within seconds of its release. Runs never
 * overlap here; across processes the member's purchase lock and the unique claims buy once.
 */
export function startStandingOrders(services: AppServices, provider: PaymentProvider): () => void {
  const deps = standingOrderDeps(services, provider);
  const pass = async () => report(services, await runStandingOrders(deps));
  const schedule = every(
    "pre-orders and automatic purchases",
    STANDING_ORDER_INTERVAL_MS,
    services.logger,
    pass,
  );
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = schedule.firstPass;
  const unsubscribe = services.changes.subscribe((change) => {
    if (change.entity !== "volume" && change.entity !== "series") return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(() =>
        pass().catch((error) => {
          services.logger.error("pre-orders and automatic purchases failed", { error });
        }),
      );
    }, SETTLE_MS);
    timer.unref();
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
    schedule();
  };
}
