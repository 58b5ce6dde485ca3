import cluster, { type Worker } from "node:cluster";
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
} from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { startOfTokyoDay } from "../contract/tokyo-time";
import { openDatabase, pgliteDir } from "./db/client";
import { artThreads } from "./db/seed/art/thread";
import { defaultSeedOptions, isSeeded, seedDatabase } from "./db/seed/seed";
import { type Env, EnvError, parseEnv } from "./env";
import { createApp } from "./http/app";
import { nodeListener } from "./http/node-listener";
import { developmentPageHandler, type PageHandler, productionPageHandler } from "./http/pages";
import { listen, PortUnavailable, STARTING_RETRY_AFTER, startingAnswer } from "./http/starting";
import { openChangeBus } from "./lib/change-buses";
import { metricsGatherer, workerMetrics } from "./lib/cluster-metrics";
import type { AppServices } from "./lib/context";
import { MEMBER_KEPT_MS, memberKept } from "./lib/member-kept";
import {
  memoryMemberVersions,
  redisMemberVersions,
  UNKNOWN_MEMBER_VERSIONS,
} from "./lib/member-versions";
import { createMetrics, type Metrics } from "./lib/metrics";
import { openStorage } from "./lib/open-storage";
import { sharedAnswerStore } from "./lib/shared-answers";
import { createLogger, type Logger } from "./logger";
import { loadSessionSecret } from "./modules/account/service";
import { startLedgerJobs } from "./modules/commerce/jobs";
import { sandboxProvider } from "./modules/commerce/payments/provider";
import { startContentJobs } from "./modules/content/jobs";
import { startCouponJobs } from "./modules/coupon-editor/jobs";
import { startDashboardSummary } from "./modules/dashboard/service";
import { startEventSummary } from "./modules/event/jobs";
import { pgBossQueue } from "./modules/jobs/queue";
import { emlFileTransport, smtpTransport, startMailDelivery } from "./modules/mail/delivery";
import { startStandingOrders } from "./modules/preorders/jobs";
import { startRankingRefresh } from "./modules/ranking/jobs";
import { followCatalogChanges, startCatalogSchedule } from "./modules/search/catalog-changes";
import { holdSearchInMemory, startSearchIndexRefresh } from "./modules/search/jobs";
import { postgresCounters } from "./modules/throttle/counters";
import { startVolumeNotices } from "./modules/volume-notices/jobs";
import { vapidKeys } from "./modules/volume-notices/push";
import { rateLimiter } from "./rate-limit";

const dev = process.argv.includes("--dev");

/** Set by the primary on the one worker that runs the background jobs. */
const JOBS_WORKER = "KOMAYA_JOBS_WORKER";

/** A worker that cannot have the port exits with this (EX_CONFIG); the primary then stops. */
const PORT_UNAVAILABLE_EXIT = 78;

/**
 * Listens on PORT and HOST, or stops the process with one line saying why (a port in use, a port
 * that needs privileges, a HOST that is not this machine's) instead of an unhandled error's stack.
 */
async function listenOrStop(server: ReturnType<typeof createServer>, env: Env): Promise<void> {
  try {
    await listen(server, env.PORT, env.HOST);
  } catch (error) {
    if (!(error instanceof PortUnavailable)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(cluster.isWorker ? PORT_UNAVAILABLE_EXIT : 1);
  }
}

async function main() {
  let env: Env;
  try {
    // build/server/main.js tells React "production" before anything loads and keeps the NODE_ENV
    // the store was started with here: unset is a local run (decision 0047).
    const startedAs = process.env.KOMAYA_NODE_ENV ?? process.env.NODE_ENV;
    env = parseEnv({ ...process.env, NODE_ENV: startedAs || undefined });
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const workers = dev ? 1 : env.DATABASE_URL ? (env.WEB_CONCURRENCY ?? availableParallelism()) : 1;
  const logger = createLogger(
    env.LOG_LEVEL,
    cluster.isWorker ? { service: "komaya", worker: process.pid } : { service: "komaya" },
  );
  if (!env.DATABASE_URL && (env.WEB_CONCURRENCY ?? 1) > 1)
    logger.warn("WEB_CONCURRENCY ignored: the embedded database serves one process");
  if (cluster.isPrimary && workers > 1) return supervise(env, logger, workers);
  return serve(env, logger, {
    migrate: cluster.isPrimary,
    jobs: cluster.isPrimary || process.env[JOBS_WORKER] === "1",
    // The primary serves only when it is the one process: it then sees every member's write.
    alone: cluster.isPrimary,
  });
}

/** Migrates and, when empty, seeds the database: once, before any worker serves. */
async function prepareDatabase(env: Env, logger: Logger) {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: pgliteDir(env.DATA_DIR),
  });
  await database.migrate();
  if (!(await isSeeded(database.db))) {
    logger.info("empty database: seeding the demo catalog", { series: env.SEED_SERIES });
    const seedStarted = performance.now();
    // Dated from today (Tokyo), so a fresh demo store has running campaigns and new releases.
    await seedDatabase(database.db, {
      ...defaultSeedOptions(env.SEED_SERIES),
      now: env.SEED_DAY ?? startOfTokyoDay(new Date()),
    });
    logger.info("seeded", { seconds: Math.round((performance.now() - seedStarted) / 100) / 10 });
  }
  return database;
}

/**
 * Several worker processes share the port (node:cluster) when the database is PostgreSQL, so
 * rendering uses every core. The primary prepares the database and keeps the workers running;
 * exactly one worker at a time runs the background jobs (decision 0033).
 */
async function supervise(env: Env, logger: Logger, count: number) {
  // The workers bind the port after the seed: it is tried first, so a port in use is said at once.
  const probe = createServer();
  await listenOrStop(probe, env);
  await new Promise((resolve) => probe.close(resolve));
  await (await prepareDatabase(env, logger)).close();
  // Structured clone keeps the NaN and Infinity of metric values, which JSON would turn into null.
  cluster.setupPrimary({ serialization: "advanced" });
  // GET /metrics reaches one worker; it asks here for every worker's figures (decision 0041).
  const metrics = metricsGatherer();
  cluster.on("message", (worker, message) => metrics.receive(worker, message));
  let stopping = false;
  // A worker's place (1…count) outlives it: the replacement inherits the background jobs of
  // place 1 and the metrics label of its place.
  const fork = (place: number) => {
    const worker = cluster.fork({ [JOBS_WORKER]: place === 1 ? "1" : "0" });
    worker.on("listening", () => metrics.join(worker, String(place)));
    worker.on("exit", (code, signal) => {
      metrics.leave(worker);
      if (stopping) return;
      // Taken after the check: another worker would fail the same way.
      if (code === PORT_UNAVAILABLE_EXIT) {
        stopping = true;
        for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
        process.exit(1);
      }
      logger.error("worker exited; starting another", { pid: worker.process.pid, code, signal });
      fork(place);
    });
    return worker;
  };
  const running: Worker[] = Array.from({ length: count }, (_, i) => fork(i + 1));
  logger.info("workers started", { workers: count });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info("stopping workers", { signal });
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    let left = alive.length;
    if (left === 0) process.exit(0);
    for (const worker of alive) {
      worker.once("exit", () => {
        if (--left === 0) process.exit(0);
      });
      worker.process.kill("SIGTERM");
    }
    setTimeout(() => process.exit(1), env.SHUTDOWN_TIMEOUT_MS + 1000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  return running;
}

async function serve(
  env: Env,
  logger: Logger,
  options: { migrate: boolean; jobs: boolean; alone: boolean },
) {
  const started = performance.now();
  // The port is bound before anything else: a taken port is said at once, not after a minute of
  // seeding, and until the store is ready (database prepared, rankings and the search index
  // read) every request gets 503 with Retry-After (decision 0049).
  let answer: RequestListener = startingAnswer;
  const server = createServer((req, res) => answer(req, res));
  server.keepAliveTimeout = 65_000;
  await listenOrStop(server, env);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info("warming up", {
    url: `http://localhost:${port}/`,
    retry_after: STARTING_RETRY_AFTER,
  });

  const database = options.migrate
    ? await prepareDatabase(env, logger)
    : await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: pgliteDir(env.DATA_DIR) });

  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 })
    : null;
  if (redis) await redis.connect();

  const metrics = wholeServerMetrics(logger);
  metrics.watchDatabase(database.driver, database.usage);
  // Catalog changes reach every worker of every machine (decision 0087); a gap on the bus
  // (its connection lost) is answered once `following` exists, below.
  let onGap = () => {};
  const changes = openChangeBus(
    env,
    { db: database.db, redis },
    {
      onError: (error) => logger.error("catalog change bus", { error }),
      onGap: () => onGap(),
    },
  );
  const services: AppServices = {
    env,
    database,
    db: database.db,
    // Counters every worker shares: Redis, else the one PostgreSQL; PGlite is one process.
    limiter: rateLimiter(
      redis
        ? { kind: "redis", client: redis }
        : env.DATABASE_URL
          ? postgresCounters(database.db)
          : { kind: "memory" },
    ),
    sharedAnswers: sharedAnswerStore({
      redis,
      onRedisError: (error) => logger.warn("shared answer cache: redis failed", { error }),
      onLookup: (tier, hit) => metrics.cacheLookup({ cache: "shared_answers", tier }, hit),
    }),
    memberKept: memberKept(
      redis
        ? redisMemberVersions(redis, (error) =>
            logger.warn("member versions: redis failed", { error }),
          )
        : options.alone
          ? memoryMemberVersions()
          : UNKNOWN_MEMBER_VERSIONS,
      { ttlMs: MEMBER_KEPT_MS },
    ),
    metrics,
    logger,
    storage: await openStorage(env),
    changes,
    // Every process queues jobs; only the one that runs them supervises and works them.
    jobs: pgBossQueue(database, logger, { runsJobs: options.jobs }),
    drawer: artThreads(),
    sessionSecret: await loadSessionSecret(database.db, env.SESSION_SECRET),
  };

  // The Web Push pair is made once, by the process that prepares the database, before workers
  // (which read it) start: unset in the environment, it is kept in DATA_DIR (decision 0114).
  if (options.migrate) await vapidKeys(env);
  const following = followCatalogChanges(services, logger);
  onGap = () => {
    logger.warn("catalog change bus reconnected: dropping everything kept about the catalog");
    void following.missed();
  };
  const listeningForChanges = await Promise.race([
    changes.ready.then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000).unref()),
  ]);
  if (!listeningForChanges)
    logger.warn("catalog change bus not listening yet: other instances' changes wait for it");

  let pages: PageHandler;
  let viteMiddleware:
    | ((req: IncomingMessage, res: ServerResponse, next: () => void) => void)
    | null = null;
  if (dev) {
    const { createServer: createVite } = await import("vite");
    const vite = await createVite({ server: { middlewareMode: true }, appType: "custom" });
    viteMiddleware = vite.middlewares;
    pages = developmentPageHandler(vite);
  } else {
    pages = await productionPageHandler(path.resolve("build"));
  }
  // One provider for checkout and for the job that gives up abandoned confirmation steps.
  const paymentProvider = sandboxProvider();
  const app = createApp({
    paymentProvider,
    services,
    pages,
    clientDir: dev ? undefined : path.relative(process.cwd(), path.resolve("build/client")),
    dev,
  });
  const listener = nodeListener(app, services);
  // Rankings and the search index are kept current in the background while the server runs,
  // by one process: the others would only repeat the work (or wait on its locks). Their first
  // passes are the warm-up: a request that ran beside them waited 3–8 s.
  const warmUp = options.jobs
    ? [startRankingRefresh(database.db, logger), startSearchIndexRefresh(database.db, logger)]
    : [];
  const stopJobs = !options.jobs
    ? []
    : [
        ...warmUp,
        // Points expire on their date and refund campaigns pay out on theirs.
        startLedgerJobs(database.db, logger, paymentProvider, async (userIds) => {
          for (const userId of userIds) await services.memberKept.changed(userId);
        }),
        // The operator console charts the daily event counts.
        startEventSummary(database.db, logger),
        // The ops dashboard keeps each closed day's order and member figures (decision 0103).
        startDashboardSummary(database.db, logger),
        // Releases, publish times and sale windows reached by the clock are said on the bus like
        // any change, and the series lists' summaries move with them.
        startCatalogSchedule(database.db, services.changes, logger),
        // Followers of a series hear of its new volume: the store's list, mail, Web Push (0114).
        startVolumeNotices(services),
        // Reservations paid on release and new volumes bought for members (decision 0116).
        startStandingOrders(services, paymentProvider),
        startMailDelivery(database.db, logger, {
          transport: env.SMTP_URL
            ? smtpTransport(env.SMTP_URL)
            : emlFileTransport(path.join(env.DATA_DIR, "mail")),
          from: env.MAIL_FROM,
        }),
      ];
  // Uploads made into pages, covers and audio (decision 0089), by the process that runs jobs.
  const stopContentJobs = options.jobs ? await startContentJobs(services) : null;
  // Coupon issues to every member a filter matches, chunked (decision 0099).
  const stopCouponJobs = options.jobs ? await startCouponJobs(services) : null;
  if (warmUp.length > 0) await Promise.all(warmUp.map((job) => job.firstPass));
  else
    await holdSearchInMemory(database.db).catch((error) =>
      logger.error("search index check failed", { error }),
    );
  answer = viteMiddleware
    ? (req, res) => viteMiddleware(req, res, () => listener(req, res))
    : listener;
  logger.info("listening", {
    url: `http://localhost:${port}/`,
    mode: env.NODE_ENV,
    public_url: env.PUBLIC_URL,
    database: database.driver,
    redis: Boolean(redis),
    startup_ms: Math.round(performance.now() - started),
    jobs: options.jobs,
  });
  if (env.NODE_ENV === "production" && !env.METRICS_TOKEN)
    logger.info("GET /metrics answers 404 until METRICS_TOKEN is set");

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("stopping", { signal });
    const force = setTimeout(() => {
      logger.error("shutdown timed out; exiting");
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // Stop accepting and let requests in flight finish. A keep-alive socket turns idle only when
    // its request is answered, so idle sockets are closed again until the last one is gone.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearInterval(sweep);
    for (const stopJob of stopJobs) stopJob();
    await stopContentJobs?.().catch((error) => logger.error("content jobs stop failed", { error }));
    await stopCouponJobs?.().catch((error) => logger.error("coupon jobs stop failed", { error }));
    // A job cut short here is failed back to the queue, which runs it again.
    await services.jobs.close().catch((error) => logger.error("job queue stop failed", { error }));
    // The requests are closed: a drawing still running is wanted by no one (a file is put whole).
    await services.drawer.close();
    following.stop();
    await changes.close();
    await database.close();
    if (redis) await redis.quit();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

/** This process's metrics; in a cluster worker, a scrape answers for every worker. */
function wholeServerMetrics(logger: Logger): Metrics {
  const own = createMetrics();
  if (!cluster.isWorker || !process.send) return own;
  const send = process.send.bind(process);
  const link = workerMetrics(
    { send: (message, callback) => send(message, callback) },
    own.registry,
    {
      onSilentPrimary: () => logger.warn("metrics: the primary did not answer; this worker's only"),
    },
  );
  process.on("message", (message) => link.receive(message));
  return { ...own, exposition: link.gather };
}

main().catch((error) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
