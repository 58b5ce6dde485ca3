import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { PoolUsage } from "../db/client";

/** The caches whose hits and misses are counted, and where each looks. */
export type CacheTier =
  | { cache: "shared_answers"; tier: "memory" | "redis" }
  | {
      cache: "media";
      tier: "disk";
    };

/** The route label of a request that no route of the store answered. */
export const UNMATCHED = "unmatched";

/**
 * The store's Prometheus metrics, in a registry of its own so that every app built in a test
 * counts only its own requests. Process metrics (CPU, memory, event-loop delay as
 * nodejs_eventloop_lag_* and its percentiles, GC) come from prom-client's defaults.
 */
export interface Metrics {
  readonly registry: Registry;
  /**
   * What a scrape answers, in the Prometheus text format: this process's registry, or the whole
   * server's when worker processes share the port (server/lib/cluster-metrics.ts).
   */
  exposition(): Promise<string>;
  /** One answered request: its route pattern (never the raw path), status and duration. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  cacheLookup(where: CacheTier, hit: boolean): void;
  /** Reports this database's connections at every scrape. */
  watchDatabase(driver: string, usage: () => PoolUsage): void;
}

/** From a millisecond for an answer kept in memory to ten seconds for a page under load. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** HEAD is answered by the GET route; other methods outside this list share one label. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: "komaya_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's headers, by route pattern",
    labelNames: ["method", "route", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const hits = new Counter({
    name: "komaya_cache_hits_total",
    help: "Lookups that found a ready answer in this cache tier",
    labelNames: ["cache", "tier"] as const,
    registers: [registry],
  });
  const misses = new Counter({
    name: "komaya_cache_misses_total",
    help: "Lookups that did not find a ready answer in this cache tier",
    labelNames: ["cache", "tier"] as const,
    registers: [registry],
  });

  // Known from the start, so a dashboard's hit ratio has both series before the first lookup.
  const tiers: CacheTier[] = [
    { cache: "shared_answers", tier: "memory" },
    { cache: "shared_answers", tier: "redis" },
    { cache: "media", tier: "disk" },
  ];
  for (const where of tiers) {
    hits.inc(where, 0);
    misses.inc(where, 0);
  }

  const pools: Array<{ driver: string; usage: () => PoolUsage }> = [];
  const poolGauge = (name: string, help: string, read: (u: PoolUsage) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["driver"] as const,
      registers: [registry],
      collect() {
        for (const pool of pools) this.set({ driver: pool.driver }, read(pool.usage()));
      },
    });
  poolGauge("komaya_db_pool_max_connections", "Most connections the pool opens", (u) => u.max);
  poolGauge("komaya_db_pool_open_connections", "Database connections open now", (u) => u.open);
  poolGauge("komaya_db_pool_idle_connections", "Open connections nobody is using", (u) => u.idle);
  poolGauge(
    "komaya_db_pool_waiting_queries",
    "Queries waiting for a database connection",
    (u) => u.waiting,
  );

  return {
    registry,
    exposition: () => registry.metrics(),
    observeRequest(method, route, status, seconds) {
      duration.observe(
        { method: METHODS.has(method) ? method : "OTHER", route, status: String(status) },
        seconds,
      );
    },
    cacheLookup(where, hit) {
      (hit ? hits : misses).inc({ cache: where.cache, tier: where.tier });
    },
    watchDatabase(driver, usage) {
      pools.push({ driver, usage });
    },
  };
}
