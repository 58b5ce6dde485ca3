/**
 * Runs `work` when the browser is idle (at the latest after `timeout` ms), so work a page does
 * not need for its first screen leaves the tasks of loading and hydration (decision 0082).
 * Answers a function that cancels it. Browsers without requestIdleCallback (Safari before 18)
 * wait a moment instead.
 */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(work, 200);
  return () => clearTimeout(timer);
}
