import type { Database, Db } from "../db/client";
import type { Env } from "../env";
import type { Logger } from "../logger";
import type { RateLimiter } from "../rate-limit";
import type { ChangeBus } from "./changes";
import type { Drawer } from "./drawer";
import type { JobQueue } from "./jobs";
import type { MemberKept } from "./member-kept";
import type { Metrics } from "./metrics";
import type { SharedAnswerStore } from "./shared-answers";
import type { Storage } from "./storage";

/**
 * The logged-in member as a request carries it: the columns the pages and answers use, never the
 * password hash (account's findSession selects exactly these).
 */
export interface SessionMember {
  userId: number;
  email: string | null;
  nickname: string | null;
  introduction: string | null;
  profileId: string;
  userType: string;
  ctrlGroup: number;
  newsletterFlag: boolean;
  agreedAt: Date | null;
  workspace: unknown;
  signupAt: Date;
  /** The address was confirmed by a mailed link; null: not yet (decision 0051). */
  emailVerifiedAt: Date | null;
}

/** What every request handler can reach: built once at start, shared by all requests. */
export interface AppServices {
  env: Env;
  database: Database;
  db: Db;
  limiter: RateLimiter;
  sharedAnswers: SharedAnswerStore;
  /** What is kept per member between their changes (decision 0038); told of every change. */
  memberKept: MemberKept;
  /** Counted for GET /metrics: this app's own registry. */
  metrics: Metrics;
  /** Every stored file: uploads, their derivatives, the seed's art (server/lib/storage.ts). */
  storage: Storage;
  /** Catalog changes, heard by every instance (server/lib/changes.ts). */
  changes: ChangeBus;
  /** Background jobs kept in PostgreSQL (server/lib/jobs.ts, decision 0088). */
  jobs: JobQueue;
  /** Draws the demo's art and sound the store does not hold yet, off this thread (decision 0119). */
  drawer: Drawer;
  /** Keys the session-token hashes (see loadSessionSecret). */
  sessionSecret: string;
  logger: Logger;
}

export interface RequestVars {
  requestId: string;
  log: Logger;
  /** The logged-in member, or null for a visitor. */
  member: SessionMember | null;
  /** Raw session cookie value when it names a live session. */
  sessionToken: string | null;
  /** Stable random id of this browser, for visitors too (control groups, analytics). */
  visitorId: string;
  csrfToken: string;
  /** The browser's address (server/lib/forwarded.ts): throttles, session records and logs use it. */
  clientAddress: string;
  /** This response's Content-Security-Policy nonce: only scripts carrying it run. */
  cspNonce: string;
  /** The browser reached us over https, directly or through the trusted proxies. */
  secure: boolean;
}

export type AppEnv = { Variables: RequestVars };
