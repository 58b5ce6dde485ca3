import type { Logger } from "../logger";

/** Stops a schedule; `firstPass` settles when the pass made at start has ended (failed or not). */
export type Schedule = (() => void) & { firstPass: Promise<void> };

/**
 * Runs a background job when the server starts and then every intervalMs, never two passes at
 * once in this process (a slow pass makes the next tick skip rather than pile up). A failing pass
 * is logged as `${name} failed` and the schedule goes on. Answers a function that stops it; the
 * timer does not keep the process alive.
 */
export function every(
  name: string,
  intervalMs: number,
  logger: Logger,
  pass: () => Promise<void>,
): Schedule {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await pass();
    } catch (error) {
      logger.error(`${name} failed`, { error });
    } finally {
      running = false;
    }
  };
  const firstPass = run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return Object.assign(() => clearInterval(timer), { firstPass });
}
