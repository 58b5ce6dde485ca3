import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Throttle counters shared by every worker process on one PostgreSQL when there is no Redis
 * (decision 0050). rate-limiter-flexible's Drizzle store reads and writes these three columns by
 * these property names, one atomic upsert per attempt; expired rows are swept by the store.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    /** The rule's name and the counted key, e.g. "login:member@example.jp|203.0.113.7". */
    key: text("key").primaryKey(),
    points: integer("points").notNull(),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (t) => [index("rate_limit_counters_expire_idx").on(t.expire)],
);
