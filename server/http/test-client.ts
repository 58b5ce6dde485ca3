import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "../db/client";
import { artThreads } from "../db/seed/art/thread";
import { createTestDatabase, type TestFixture } from "../db/test-database";
import { parseEnv } from "../env";
import { localChangeBus } from "../lib/changes";
import type { AppServices } from "../lib/context";
import { MEMBER_KEPT_MS, memberKept } from "../lib/member-kept";
import { memoryMemberVersions } from "../lib/member-versions";
import { createMetrics } from "../lib/metrics";
import { sharedAnswerStore } from "../lib/shared-answers";
import { fileStorage } from "../lib/storage";
import { createLogger } from "../logger";
import { pgBossQueue, type QueueTiming } from "../modules/jobs/queue";
import { followCatalogChanges } from "../modules/search/catalog-changes";
import { postgresCounters } from "../modules/throttle/counters";
import { type CounterStore, rateLimiter } from "../rate-limit";
import { createApp } from "./app";

/**
 * The real Hono app on a fresh test database, driven with fetch-API requests, plus a browser-like
 * client that keeps cookies and sends the CSRF header the way the page's request helper does.
 */
export async function createTestApp(
  options: {
    dataDir?: string;
    clientDir?: string;
    metricsToken?: string;
    production?: boolean;
    /** Another app instance's database: two instances behind one load balancer. */
    database?: Database;
    /** Rows the fresh database starts with, copied from the run's template (decision 0075). */
    fixture?: TestFixture;
    /** Where the throttle counters live; process memory unless asked (as in a lone PGlite). */
    counters?: "memory" | "postgres" | CounterStore;
    /** The job queue's timing: tests shorten retries and the wait for a dead worker. */
    jobTiming?: Partial<QueueTiming>;
  } = {},
): Promise<{ app: ReturnType<typeof createApp>; services: AppServices; database: Database }> {
  const database = options.database ?? (await createTestDatabase({ fixture: options.fixture }));
  const counters = options.counters ?? "memory";
  const metrics = createMetrics();
  metrics.watchDatabase(database.driver, database.usage);
  // Errors still reach stderr, so a failing API test shows its cause.
  const logger = createLogger(
    process.env.TEST_LOG_LEVEL === "debug" ? "debug" : "error",
    {},
    (line) => process.stderr.write(`${line}\n`),
  );
  const services: AppServices = {
    env: parseEnv({
      ...(options.production
        ? { NODE_ENV: "production", PUBLIC_URL: "https://komaya.example" }
        : { NODE_ENV: "test" }),
      LOG_LEVEL: "silent",
      TRUST_PROXY: "1",
      DATA_DIR: options.dataDir,
      METRICS_TOKEN: options.metricsToken,
    }),
    database,
    db: database.db,
    limiter: rateLimiter(
      counters === "memory"
        ? { kind: "memory" }
        : counters === "postgres"
          ? postgresCounters(database.db)
          : counters,
    ),
    sharedAnswers: sharedAnswerStore({
      onLookup: (tier, hit) => metrics.cacheLookup({ cache: "shared_answers", tier }, hit),
    }),
    memberKept: memberKept(memoryMemberVersions(), { ttlMs: MEMBER_KEPT_MS }),
    metrics,
    storage: fileStorage(
      path.join(options.dataDir ?? mkdtempSync(path.join(tmpdir(), "komaya-test-")), "store"),
    ),
    changes: localChangeBus(),
    // Started on first use: a test that queues nothing never starts it.
    jobs: pgBossQueue(database, logger, { runsJobs: true, timing: options.jobTiming }),
    // Its threads too start on the first drawing a test asks for.
    drawer: artThreads(),
    logger,
    sessionSecret: "test-session-secret-test-session-secret",
  };
  // Test files share their worker (vitest.config.ts): a queue still running after its file closed
  // the database would poll it every few seconds for the rest of the run. Closing the database
  // stops the queue first, as the server's shutdown does (server/index.ts).
  const closeDatabase = database.close.bind(database);
  database.close = async () => {
    await services.jobs.close().catch(() => {});
    await services.drawer.close();
    await closeDatabase();
  };
  // A change said on the app's bus drops what it keeps, as in server/index.ts (decision 0087).
  followCatalogChanges(services, services.logger);
  return { app: createApp({ services, clientDir: options.clientDir }), services, database };
}

let browsers = 0;

/**
 * A distinct address for each browser a test opens, from the carrier-NAT range (100.64.0.0/10):
 * each is another visitor to the throttles unless the test gives two browsers one address.
 */
function nextAddress(): string {
  browsers += 1;
  return `100.${64 + ((browsers >> 16) & 63)}.${(browsers >> 8) & 255}.${browsers & 255}`;
}

export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: {
      request: (input: string, init?: RequestInit) => Response | Promise<Response>;
    },
    readonly address = nextAddress(),
  ) {}

  async fetch(path: string, init: RequestInit & { csrf?: boolean } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    if (
      init.csrf !== false &&
      init.method === "POST" &&
      this.cookies.has("ct") &&
      !headers.has("x-csrftoken")
    ) {
      headers.set("x-csrftoken", this.cookies.get("ct")!);
    }
    headers.set("x-forwarded-for", this.address);
    const response = await this.app.request(`http://localhost${path}`, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return response;
  }

  /** GET once so the server hands out the ct cookie, as loading any page would. */
  async open(): Promise<void> {
    await this.fetch("/api/status");
  }

  async postJson<T = Record<string, unknown>>(
    path: string,
    body: unknown = {},
  ): Promise<{ status: number; body: T & { result: boolean; error_message?: string } }> {
    if (!this.cookies.has("ct")) await this.open();
    const response = await this.fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as never };
  }

  async getJson<T = Record<string, unknown>>(
    path: string,
  ): Promise<{ status: number; body: T & { result: boolean } }> {
    const response = await this.fetch(path);
    return { status: response.status, body: (await response.json()) as never };
  }
}
