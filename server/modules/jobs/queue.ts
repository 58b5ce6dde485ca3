import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { PgBoss } from "pg-boss";
import type { Database } from "../../db/client";
import {
  type JobQueue,
  JobRefusal,
  type JobState,
  type JobStatus,
  type RunningJob,
} from "../../lib/jobs";
import type { Logger } from "../../logger";
import { jobProgress } from "./schema";

/** How long jobs may take and how soon a dead worker's job is taken up again. */
export interface QueueTiming {
  /** A worker that sends no heartbeat for this long is taken for dead (pg-boss: ≥ 10). */
  heartbeatSeconds: number;
  /** The longest one run may take, heartbeat or not. */
  expireInSeconds: number;
  /** Retries after the first run, each later than the one before (exponential backoff). */
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /** How often the process that runs jobs looks for expired or silent ones. */
  superviseIntervalSeconds: number;
  pollingIntervalSeconds: number;
}

export const DEFAULT_TIMING: QueueTiming = {
  heartbeatSeconds: 30,
  expireInSeconds: 60 * 60,
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryDelayMaxSeconds: 300,
  superviseIntervalSeconds: 30,
  pollingIntervalSeconds: 2,
};

/** Shown for a job that failed on something other than its upload (the cause goes to the log). */
export const JOB_FAILED_MESSAGE =
  "処理中にエラーが発生しました。時間をおいて、もう一度アップロードしてください";

/** The queue's job states in the store's four words. */
export function stateOf(bossState: string, refused: boolean): JobState {
  switch (bossState) {
    case "created":
    case "retry":
      return "queued";
    case "active":
      return "active";
    case "completed":
      return refused ? "failed" : "completed";
    default:
      return "failed";
  }
}

const clampPercent = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

/**
 * The job queue on pg-boss (decision 0088), in the store's database: its own connection pool on a
 * PostgreSQL server, and on the embedded PGlite the same tables worked through the one
 * connection, each pg-boss statement run by itself so it never lands inside an app transaction.
 * pg-boss starts on first use, so a process (or test) that never queues a job pays nothing.
 * `runsJobs`: this process supervises (expiry, dead workers, retries); others only send and ask.
 */
export function pgBossQueue(
  database: Database,
  logger: Logger,
  options: { runsJobs: boolean; timing?: Partial<QueueTiming> },
): JobQueue {
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const { db } = database;
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  const queues = new Map<string, Promise<unknown>>();
  let closed = false;

  const started = () => {
    if (closed) return Promise.reject(new Error("the job queue is closed"));
    starting ??= (async () => {
      const instance = new PgBoss({
        db: { executeSql: (text, values) => database.sql(text, values) },
        backend: database.driver === "pglite" ? "pglite" : "postgres",
        supervise: options.runsJobs,
        schedule: false,
        registerInstance: false,
        superviseIntervalSeconds: timing.superviseIntervalSeconds,
        monitorIntervalSeconds: timing.superviseIntervalSeconds,
        openTelemetry: { enabled: false },
      });
      instance.on("error", (error) => logger.error("job queue failed", { error }));
      await instance.start();
      boss = instance;
      return instance;
    })();
    return starting;
  };

  const queueReady = async (name: string) => {
    const b = await started();
    let ready = queues.get(name);
    if (!ready) {
      ready = (async () => {
        if (await b.getQueue(name)) return;
        await b
          .createQueue(name, {
            retryLimit: timing.retryLimit,
            retryDelay: timing.retryDelaySeconds,
            retryBackoff: true,
            retryDelayMax: timing.retryDelayMaxSeconds,
            heartbeatSeconds: timing.heartbeatSeconds,
            expireInSeconds: timing.expireInSeconds,
            deleteAfterSeconds: 7 * 24 * 60 * 60,
          })
          .catch(async (error) => {
            // Another process made it first.
            if (!(await b.getQueue(name))) throw error;
          });
      })();
      queues.set(name, ready);
      ready.catch(() => queues.delete(name));
    }
    await ready;
    return b;
  };

  const setProgress = (jobId: string, percent: number) =>
    db
      .update(jobProgress)
      .set({ progress: clampPercent(percent), updatedAt: sql`now()` })
      .where(eq(jobProgress.jobId, jobId))
      .then(() => undefined);

  return {
    async send(queue, data) {
      const b = await queueReady(queue);
      const id = randomUUID();
      // The store's row first: a worker that takes the job at once finds it to report on.
      await db.insert(jobProgress).values({ jobId: id, queue });
      await b.send(queue, data, { id });
      return id;
    },

    async status(jobId): Promise<JobStatus | null> {
      const [row] = await db.select().from(jobProgress).where(eq(jobProgress.jobId, jobId));
      if (!row) return null;
      const job = await (await started()).getJobById(row.queue, jobId);
      const refused = row.errorMessage !== null;
      // Purged by the queue after its retention: what the store's row says is the last word.
      const state = job ? stateOf(job.state, refused) : refused ? "failed" : "completed";
      return {
        queue: row.queue,
        state,
        progress: state === "completed" ? 100 : row.progress,
        errorMessage: state === "failed" ? (row.errorMessage ?? JOB_FAILED_MESSAGE) : null,
      };
    },

    async work<Data>(queue: string, handler: (job: RunningJob<Data>) => Promise<void>) {
      const b = await queueReady(queue);
      const workerId = await b.work<Data>(
        queue,
        { pollingIntervalSeconds: timing.pollingIntervalSeconds, batchSize: 1 },
        async ([job]) => {
          if (!job) return;
          const running: RunningJob<Data> = {
            id: job.id,
            data: job.data,
            retryCount: (job as { retryCount?: number }).retryCount ?? 0,
            progress: (percent) => setProgress(job.id, percent),
          };
          try {
            await handler(running);
          } catch (error) {
            if (!(error instanceof JobRefusal)) {
              logger.error("job failed; the queue retries it", { queue, job_id: job.id, error });
              throw error;
            }
            // The upload is at fault: say so and stop, since another run would fail alike.
            await db
              .update(jobProgress)
              .set({ errorMessage: error.message, updatedAt: sql`now()` })
              .where(eq(jobProgress.jobId, job.id));
          }
        },
      );
      return async () => {
        await b.offWork(queue, { id: workerId, wait: true });
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      await starting?.catch(() => null);
      await boss?.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
