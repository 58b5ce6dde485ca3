import { AggregatorRegistry, Gauge, type Registry } from "prom-client";

/**
 * GET /metrics for the whole server when node:cluster workers share the port (decision 0041).
 * The worker that gets the scrape asks the primary; the primary asks every listening worker for
 * its registry, merges what arrives within its wait and answers the asker with the text.
 *
 *   worker ──ask──▶ primary ──collect──▶ every worker ──report──▶ primary ──answer──▶ worker
 */

const ASK = "komaya:metrics-ask";
const COLLECT = "komaya:metrics-collect";
const REPORT = "komaya:metrics-report";
const ANSWER = "komaya:metrics-answer";

/** How long the primary waits for a worker's registry before answering without it. */
export const WORKER_WAIT_MS = 2_000;
/** How long a worker waits for the primary; longer than the primary's own wait, so it gets the answer. */
export const PRIMARY_WAIT_MS = 3_000;

/** A metric as `Registry.getMetricsAsJSON()` gives it (prom-client's typing calls `type` an enum). */
interface ReportedMetric {
  name: string;
  help: string;
  type: string;
  aggregator: string;
  values: Array<{ value: number; labels: Record<string, string | number>; metricName?: string }>;
}

type Message =
  | { type: typeof ASK; id: number }
  | { type: typeof COLLECT; round: number }
  | { type: typeof REPORT; round: number; metrics: ReportedMetric[] }
  | { type: typeof ANSWER; id: number; text: string };

/** The other end of an IPC channel: `process` in a worker, a `cluster.Worker` in the primary. */
export interface Peer {
  send(message: Message, callback: (error: Error | null) => void): unknown;
}

const isMessage = (message: unknown): message is Message =>
  typeof message === "object" &&
  message !== null &&
  typeof (message as { type?: unknown }).type === "string" &&
  (message as { type: string }).type.startsWith("komaya:metrics-");

/**
 * Counters and histograms count events, so the server's figure is their sum over workers. A gauge
 * is the state of one process (its event-loop delay, its pool, its memory), which a sum or mean
 * would blur, so each worker's gauge keeps a `worker` label; `sum without (worker)` gives totals.
 */
export function mergeReports(reports: ReadonlyMap<string, ReportedMetric[]>): Registry {
  const labelled: ReportedMetric[][] = [];
  for (const [worker, metrics] of reports)
    labelled.push(
      metrics.map((metric) =>
        metric.type !== "gauge"
          ? metric
          : {
              ...metric,
              // One series per worker: summing a single value keeps it, where prom-client's
              // defaults would average the delay or omit the start time.
              aggregator: "sum",
              values: metric.values.map((v) => ({ ...v, labels: { ...v.labels, worker } })),
            },
      ),
    );
  return AggregatorRegistry.aggregate(labelled);
}

/**
 * The primary's side: knows the workers that listen, gathers their registries for a worker's ask.
 * `label` is the worker's place (1…WEB_CONCURRENCY), which its replacement inherits, so a
 * restarted worker continues the same series.
 */
export function metricsGatherer(waitMs = WORKER_WAIT_MS) {
  const workers = new Map<Peer, string>();
  interface Round {
    expected: Set<Peer>;
    reports: Map<string, ReportedMetric[]>;
    finish(): void;
  }
  const rounds = new Map<number, Round>();
  let nextRound = 0;

  const gather = (asker: Peer, id: number) => {
    const number = nextRound++;
    const expected = new Set(workers.keys());
    // The number asked is shown even when some of them leave before answering.
    const asked = expected.size;
    const round: Round = {
      expected,
      reports: new Map(),
      finish() {
        if (!rounds.delete(number)) return;
        clearTimeout(timer);
        void answer(asker, id, round.reports, asked);
      },
    };
    rounds.set(number, round);
    const timer = setTimeout(() => round.finish(), waitMs);
    if (asked === 0) return round.finish();
    for (const worker of [...expected])
      worker.send({ type: COLLECT, round: number }, (error) => {
        if (error) crossOff(worker, round);
      });
  };

  /** The worker reported, failed or left: the round waits for it no longer. */
  const crossOff = (worker: Peer, round: Round) => {
    round.expected.delete(worker);
    if (round.expected.size === 0) round.finish();
  };

  return {
    /** A worker listens: it is asked from the next scrape on. */
    join(worker: Peer, label: string) {
      workers.set(worker, label);
    },
    /** A worker exited: no scrape waits for it any more. */
    leave(worker: Peer) {
      workers.delete(worker);
      for (const round of rounds.values()) if (round.expected.has(worker)) crossOff(worker, round);
    },
    /** Handles a worker's message; false when it is not about metrics. */
    receive(from: Peer, message: unknown): boolean {
      if (!isMessage(message)) return false;
      if (message.type === ASK) gather(from, message.id);
      else if (message.type === REPORT) {
        const round = rounds.get(message.round);
        const label = workers.get(from);
        if (round && label !== undefined && round.expected.has(from)) {
          round.reports.set(label, message.metrics);
          crossOff(from, round);
        }
      }
      return true;
    },
  };
}

async function answer(
  asker: Peer,
  id: number,
  reports: Map<string, ReportedMetric[]>,
  asked: number,
) {
  let text: string;
  try {
    const registry = mergeReports(reports);
    // A scrape that lacks a worker shows it, rather than a counter that seems to fall.
    new Gauge({
      name: "komaya_metrics_workers_asked",
      help: "Worker processes asked for their figures by this scrape",
      registers: [registry],
    }).set(asked);
    new Gauge({
      name: "komaya_metrics_workers_answered",
      help: "Worker processes whose figures arrived in time for this scrape",
      registers: [registry],
    }).set(reports.size);
    text = await registry.metrics();
  } catch {
    // An unexpected report must not leave the asker waiting until its own timeout.
    text = "";
  }
  asker.send({ type: ANSWER, id, text }, () => {});
}

/**
 * A worker's side: answers the primary's collection with its registry, and turns a scrape into an
 * ask. Without an answer from the primary in time (or with the channel gone) the scrape gets this
 * worker's own figures: never a hang.
 */
export function workerMetrics(
  primary: Peer,
  own: Registry,
  options: { waitMs?: number; onSilentPrimary?: () => void } = {},
) {
  const waiting = new Map<number, (text: string | null) => void>();
  let nextId = 0;
  return {
    /** The whole server's figures in the Prometheus text format. */
    gather(): Promise<string> {
      const id = nextId++;
      return new Promise<string | null>((resolve) => {
        const settle = (text: string | null) => {
          if (!waiting.delete(id)) return;
          clearTimeout(timer);
          resolve(text);
        };
        waiting.set(id, settle);
        const timer = setTimeout(() => settle(null), options.waitMs ?? PRIMARY_WAIT_MS);
        primary.send({ type: ASK, id }, (error) => {
          if (error) settle(null);
        });
      }).then((text) => {
        if (text) return text;
        options.onSilentPrimary?.();
        return own.metrics();
      });
    },
    /** Handles the primary's message; false when it is not about metrics. */
    receive(message: unknown): boolean {
      if (!isMessage(message)) return false;
      if (message.type === ANSWER) waiting.get(message.id)?.(message.text);
      else if (message.type === COLLECT) {
        const round = message.round;
        void own.getMetricsAsJSON().then(
          (metrics) =>
            primary.send(
              { type: REPORT, round, metrics: metrics as unknown as ReportedMetric[] },
              () => {},
            ),
          // The primary answers without this worker when its wait ends.
          () => {},
        );
      }
      return true;
    },
  };
}
