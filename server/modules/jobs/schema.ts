import { index, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * What the store adds to each queued job (decision 0088): the queue keeps state, retries and
 * expiry in its own tables (schema pgboss); here are the job's queue, its progress 0–100 and,
 * when a handler refused the job, the message for the uploader. Written when the job is sent,
 * so an id the store handed out is always known, even after the queue has purged the job.
 */
export const jobProgress = pgTable(
  "job_progress",
  {
    jobId: uuid("job_id").primaryKey(),
    queue: text("queue").notNull(),
    progress: smallint("progress").notNull().default(0),
    errorMessage: text("error_message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("job_progress_created_idx").on(t.createdAt)],
);
