import { LRUCache } from "lru-cache";
import { catalogGeneration } from "./catalog-generation";

/**
 * The one door to what this process keeps in memory (decision 0072), over `lru-cache`: bounded by
 * entries or by bytes, least recently used out first, each entry fresh for a time, and a missing
 * key loaded once however many callers ask for it at the same moment. A failed load is not kept:
 * the next caller tries again.
 */
export interface Cache<V> {
  /** The kept value, or the one `load` gives (one load per key at a time; kept when it succeeds). */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** The kept value, without loading: undefined when none is kept or it is no longer fresh. */
  peek(key: string): { value: V } | undefined;
  /** Keeps a value, for `ttlMs` when given (else the cache's time). */
  set(key: string, value: V, ttlMs?: number): void;
  delete(key: string): void;
  /** Entries kept (some may be past their time until they are next looked at). */
  readonly size: number;
  /** The weight kept, when bounded by bytes. */
  readonly bytes: number;
}

export type CacheOptions<V> = {
  /** How long an entry stays fresh; without it, until pushed out by newer ones. */
  ttlMs?: number;
  /**
   * What the catalog says (prices, volumes, what is on sale): every entry goes when any instance
   * says the catalog changed (decision 0087), and a load begun before that is not kept.
   */
  catalog?: boolean;
  /** The clock, for tests. */
  now?: () => number;
} & (
  | { maxEntries: number }
  | {
      /** Bound by weight: a value heavier than the whole bound is not kept. */
      maxBytes: number;
      sizeOf: (value: V) => number;
    }
);

// lru-cache keeps no undefined or null values; a box lets "no such thing" be kept like any answer.
interface Box<V> {
  value: V;
}

export function cache<V>(options: CacheOptions<V>): Cache<V> {
  const lru = new LRUCache<string, Box<V>, () => Promise<V>>({
    ...("maxEntries" in options
      ? { max: options.maxEntries }
      : {
          maxSize: options.maxBytes,
          sizeCalculation: (box: Box<V>, key: string) =>
            Math.max(1, options.sizeOf(box.value) + key.length),
        }),
    ttl: options.ttlMs,
    // Read the clock on every look, so an injected clock is obeyed to the millisecond.
    ttlResolution: 0,
    perf: options.now ? { now: options.now } : undefined,
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
    // Emptied for a catalog change while a load runs: its caller still gets the value, but it
    // is not kept (it may have been read before the change).
    ignoreFetchAbort: options.catalog === true,
  });
  let seen = catalogGeneration();
  /** Empties a catalog cache once the catalog has changed since it last looked. */
  const current = options.catalog
    ? () => {
        const now = catalogGeneration();
        if (now !== seen) {
          seen = now;
          lru.clear();
        }
      }
    : () => {};
  return {
    async get(key, load) {
      current();
      const box = await lru.fetch(key, { context: load });
      return box!.value;
    },
    peek(key) {
      current();
      return lru.get(key);
    },
    set(key, value, ttlMs) {
      current();
      lru.set(key, { value }, ttlMs === undefined ? {} : { ttl: ttlMs });
    },
    delete(key) {
      lru.delete(key);
    },
    get size() {
      current();
      return lru.size;
    },
    get bytes() {
      current();
      return lru.calculatedSize;
    },
  };
}

/**
 * A cache per owner, a database say: test databases never share entries, and an owner that is
 * dropped takes its cache along.
 *
 * `shared` names caches that a write forgets entries of: the page bundle (React Router's build)
 * carries its own copy of the server's modules, so a module-level cache would be two caches,
 * and a write made through one (an upload job publishing a set) would leave the other's entry
 * stale. Named, both copies hold the one cache, kept on globalThis as catalog-generation.ts
 * keeps its count.
 */
export function cachePer<O extends object, V>(
  options: CacheOptions<V> & { shared?: string },
): (owner: O) => Cache<V> {
  const holder = globalThis as unknown as Record<symbol, WeakMap<O, Cache<V>> | undefined>;
  const key = options.shared === undefined ? null : Symbol.for(`komaya.cache.${options.shared}`);
  let caches = new WeakMap<O, Cache<V>>();
  if (key) {
    holder[key] ??= caches;
    caches = holder[key];
  }
  return (owner) => {
    let held = caches.get(owner);
    if (!held) {
      held = cache(options);
      caches.set(owner, held);
    }
    return held;
  };
}
