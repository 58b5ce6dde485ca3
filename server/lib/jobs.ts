/**
 * The background job queue (decision 0088), as every module sees it: a job is sent with a small
 * payload (a storage key, never the bytes), runs in the one process that runs jobs, reports its
 * progress, and is asked about by id. The queue lives in PostgreSQL (server/modules/jobs).
 */

/** A job's state in the store's words; the queue's own states map onto these four. */
export type JobState = "queued" | "active" | "completed" | "failed";

export interface JobStatus {
  queue: string;
  state: JobState;
  /** 0–100. */
  progress: number;
  /** Why it failed, in words the uploader can act on; null while it has not failed. */
  errorMessage: string | null;
}

/**
 * A job's handler throws this to fail at once with a message for the uploader (a corrupt page, a
 * zip bomb): retrying would fail the same way. Any other error is retried with backoff.
 */
export class JobRefusal extends Error {
  override name = "JobRefusal";
}

export interface RunningJob<Data> {
  id: string;
  data: Data;
  /** How many times it was tried before this run (0 on the first). */
  retryCount: number;
  /** Records progress (0–100) for whoever polls the job. */
  progress(percent: number): Promise<void>;
}

export interface JobQueue {
  /** Queues a job; answers its id. */
  send(queue: string, data: object): Promise<string>;
  /** The job's state, progress and error; null for an id the queue never knew. */
  status(jobId: string): Promise<JobStatus | null>;
  /**
   * Runs the queue's jobs in this process until the answer is called. Only the process that runs
   * jobs calls it (server/index.ts `options.jobs`).
   */
  work<Data>(
    queue: string,
    handler: (job: RunningJob<Data>) => Promise<void>,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
