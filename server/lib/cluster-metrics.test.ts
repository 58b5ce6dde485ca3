import { describe, expect, it } from "vitest";
import { mergeReports, metricsGatherer, type Peer, workerMetrics } from "./cluster-metrics";
import { createMetrics, type Metrics } from "./metrics";

/**
 * The IPC between the worker that gets a scrape, the primary and every worker, over fake channels
 * that deliver later and copy each message as node:cluster's advanced serialization does.
 */

type Link = ReturnType<typeof workerMetrics>;

const later = (deliver: () => void) => setImmediate(deliver);

/** A primary and its workers; `silent` workers never answer a collection. */
function cluster(count: number, options: { waitMs?: number; silent?: number[] } = {}) {
  const gatherer = metricsGatherer(options.waitMs ?? 60_000);
  const workers: Array<{ metrics: Metrics; link: Link; inPrimary: Peer }> = [];
  for (let place = 1; place <= count; place++) {
    const metrics = createMetrics();
    metrics.watchDatabase("postgres", () => ({ max: 4, open: place, idle: 0, waiting: 0 }));
    const silent = options.silent?.includes(place) ?? false;
    // The worker as the primary sees it (cluster.Worker), and the primary as the worker sees it.
    const inPrimary: Peer = {
      send(message, callback) {
        later(() => {
          callback(null);
          if (!silent) worker.link.receive(structuredClone(message));
        });
      },
    };
    const toPrimary: Peer = {
      send(message, callback) {
        later(() => {
          callback(null);
          gatherer.receive(inPrimary, structuredClone(message));
        });
      },
    };
    const worker = {
      metrics,
      inPrimary,
      link: workerMetrics(toPrimary, metrics.registry, { waitMs: 60_000 }),
    };
    workers.push(worker);
    gatherer.join(inPrimary, String(place));
  }
  return { gatherer, workers };
}

const sample = (text: string, line: string) => {
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

const HEALTHZ_COUNT =
  'komaya_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}';

describe("GET /metrics over several worker processes", () => {
  it("sums every worker's requests, whichever worker is asked", async () => {
    const { workers } = cluster(2);
    for (let i = 0; i < 3; i++) workers[0]!.metrics.observeRequest("GET", "/healthz", 200, 0.002);
    for (let i = 0; i < 5; i++) workers[1]!.metrics.observeRequest("GET", "/healthz", 200, 0.2);
    workers[1]!.metrics.cacheLookup({ cache: "media", tier: "disk" }, true);

    for (const asked of workers) {
      const text = await asked.link.gather();
      expect(sample(text, HEALTHZ_COUNT)).toBe(8);
      expect(
        sample(
          text,
          'komaya_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/healthz",status="200"}',
        ),
      ).toBe(3);
      expect(sample(text, 'komaya_cache_hits_total{cache="media",tier="disk"}')).toBe(1);
      expect(sample(text, "komaya_metrics_workers_asked")).toBe(2);
      expect(sample(text, "komaya_metrics_workers_answered")).toBe(2);
    }
  });

  it("keeps each worker's gauges apart under a worker label", async () => {
    const { workers } = cluster(2);
    const text = await workers[0]!.link.gather();
    for (const worker of ["1", "2"]) {
      expect(sample(text, `nodejs_eventloop_lag_p99_seconds{worker="${worker}"}`)).toBeDefined();
      // prom-client omits the start time when it merges; one per worker shows a restart.
      expect(sample(text, `process_start_time_seconds{worker="${worker}"}`)).toBeDefined();
      expect(
        sample(text, `komaya_db_pool_open_connections{driver="postgres",worker="${worker}"}`),
      ).toBe(Number(worker));
    }
    expect(text).not.toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });

  it("answers with the workers that reported when one stays silent", async () => {
    const { workers } = cluster(2, { waitMs: 50, silent: [2] });
    workers[0]!.metrics.observeRequest("GET", "/healthz", 200, 0.01);
    workers[1]!.metrics.observeRequest("GET", "/healthz", 200, 0.01);
    const text = await workers[0]!.link.gather();
    expect(sample(text, HEALTHZ_COUNT)).toBe(1);
    expect(sample(text, "komaya_metrics_workers_asked")).toBe(2);
    expect(sample(text, "komaya_metrics_workers_answered")).toBe(1);
    expect(text).toMatch(/worker="1"/);
    expect(text).not.toMatch(/worker="2"/);
  });

  it("stops waiting for a worker that exits during the scrape", async () => {
    // The wait is a minute: only the exit can end this scrape within the test's time.
    const { gatherer, workers } = cluster(2, { silent: [2] });
    const answer = workers[0]!.link.gather();
    setTimeout(() => gatherer.leave(workers[1]!.inPrimary), 20);
    const text = await answer;
    expect(sample(text, "komaya_metrics_workers_answered")).toBe(1);
  });

  it("does not wait for a worker whose channel is gone", async () => {
    const { gatherer, workers } = cluster(1);
    gatherer.join({ send: (_m, callback) => later(() => callback(new Error("closed"))) }, "2");
    const text = await workers[0]!.link.gather();
    expect(sample(text, "komaya_metrics_workers_asked")).toBe(2);
    expect(sample(text, "komaya_metrics_workers_answered")).toBe(1);
  });

  it("answers this worker's own figures when the primary does not answer", async () => {
    const own = createMetrics();
    own.observeRequest("GET", "/healthz", 200, 0.01);
    let silences = 0;
    const deaf = workerMetrics({ send: () => {} }, own.registry, {
      waitMs: 20,
      onSilentPrimary: () => silences++,
    });
    const gone = workerMetrics(
      { send: (_m, callback) => later(() => callback(new Error("channel closed"))) },
      own.registry,
      { waitMs: 60_000 },
    );
    for (const link of [deaf, gone]) {
      const text = await link.gather();
      expect(sample(text, HEALTHZ_COUNT)).toBe(1);
      expect(text).not.toMatch(/komaya_metrics_workers/);
    }
    expect(silences).toBe(1);
  });

  it("leaves other messages to their own handlers", () => {
    const { gatherer, workers } = cluster(1);
    expect(gatherer.receive(workers[0]!.inPrimary, { cmd: "NODE_SOMETHING" })).toBe(false);
    expect(gatherer.receive(workers[0]!.inPrimary, "text")).toBe(false);
    expect(workers[0]!.link.receive(null)).toBe(false);
    expect(workers[0]!.link.receive({ type: "other" })).toBe(false);
  });

  it("ignores a report from a worker that was not asked", async () => {
    const { gatherer, workers } = cluster(1);
    const stranger: Peer = { send: () => {} };
    gatherer.receive(stranger, {
      type: "komaya:metrics-report",
      round: 0,
      metrics: await createMetrics().registry.getMetricsAsJSON(),
    });
    const text = await workers[0]!.link.gather();
    expect(sample(text, "komaya_metrics_workers_answered")).toBe(1);
  });
});

describe("mergeReports", () => {
  it("keeps NaN and labels only gauges", async () => {
    const registry = mergeReports(
      new Map([
        [
          "1",
          [
            { name: "g", help: "g", type: "gauge", aggregator: "average", values: [] },
            {
              name: "lag",
              help: "lag",
              type: "gauge",
              aggregator: "average",
              values: [{ value: Number.NaN, labels: {} }],
            },
            {
              name: "c_total",
              help: "c",
              type: "counter",
              aggregator: "sum",
              values: [{ value: 2, labels: { route: "/a" } }],
            },
          ],
        ],
        [
          "2",
          [
            {
              name: "c_total",
              help: "c",
              type: "counter",
              aggregator: "sum",
              values: [{ value: 3, labels: { route: "/a" } }],
            },
          ],
        ],
      ]),
    );
    const text = await registry.metrics();
    expect(text).toMatch(/^lag\{worker="1"\} Nan$/m);
    expect(text).toMatch(/^c_total\{route="\/a"\} 5$/m);
  });
});
