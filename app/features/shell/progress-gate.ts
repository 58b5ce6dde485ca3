/** Spec 001 §9: the route progress bar waits 200 ms before showing and runs over 5000 ms. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;

/**
 * Decides when the bar appears: only for a navigation still busy after the throttle, so quick
 * ones never flash it. `busy(true)` starts waiting, `busy(false)` cancels or ends it.
 */
export function createProgressGate(show: () => void, done: () => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let shown = false;
  return {
    busy(isBusy: boolean) {
      if (isBusy) {
        if (timer || shown) return;
        timer = setTimeout(() => {
          timer = null;
          shown = true;
          show();
        }, PROGRESS_THROTTLE_MS);
        return;
      }
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      if (shown) {
        shown = false;
        done();
      }
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
