import type { Db } from "../../db/client";
import type { CounterStore } from "../../rate-limit";
import { rateLimitCounters } from "./schema";

/** Throttle counters in this database's rate_limit_counters table, seen by every worker on it. */
export function postgresCounters(db: Db): CounterStore {
  return { kind: "postgres", db, table: rateLimitCounters };
}
