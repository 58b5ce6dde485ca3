/**
 * Answers kept in this process for a short while, computed once per key at a time: concurrent
 * callers of a missing key wait for the one computation instead of each querying the database.
 * A failed computation is not kept. Bounded by count; the oldest entries go first.
 */
export interface Kept<T> {
  get(key: string, produce: () => Promise<T>): Promise<T>;
}

export function kept<T>(ttlMs: number, maxEntries = 500, now: () => number = Date.now): Kept<T> {
  const entries = new Map<string, { value: T; until: number }>();
  const inFlight = new Map<string, Promise<T>>();
  return {
    get(key, produce) {
      const hit = entries.get(key);
      if (hit && hit.until > now()) return Promise.resolve(hit.value);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = produce()
          .then((value) => {
            entries.delete(key);
            entries.set(key, { value, until: now() + ttlMs });
            if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
            return value;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}
