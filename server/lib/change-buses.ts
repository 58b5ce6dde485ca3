import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import pg from "pg";
import type { Db } from "../db/client";
import { type CatalogChange, type ChangeBus, type ChangeListener, localChangeBus } from "./changes";

/** The channel every instance of the store listens on, in PostgreSQL and in Redis alike. */
export const CATALOG_CHANNEL = "komaya_catalog";

// A Record, so the typecheck fails when an entity is added to CatalogChange and not here (a
// change of an entity missing here would never reach the other instances).
const ENTITY_NAMES: Record<CatalogChange["entity"], true> = {
  series: true,
  volume: true,
  drama_cd: true,
  track: true,
  author: true,
  publisher: true,
  label: true,
  magazine: true,
  genre: true,
  category: true,
  tag: true,
  campaign: true,
  news: true,
  stamp_card: true,
  lottery: true,
  popup: true,
  coupon: true,
  topic_page: true,
  home_layout: true,
  refund_campaign: true,
};
const ENTITIES = new Set(Object.keys(ENTITY_NAMES));

/** A message from the channel as a change, or null when it is not one of ours. */
export function readChange(payload: string | undefined): CatalogChange | null {
  try {
    const v = JSON.parse(payload ?? "") as Partial<CatalogChange>;
    if (!v || !ENTITIES.has(v.entity as CatalogChange["entity"])) return null;
    if (!Number.isSafeInteger(v.id) || (v.id as number) < 0) return null;
    return { entity: v.entity!, id: v.id! };
  } catch {
    return null;
  }
}

export interface BusOptions {
  /** A listener threw: logged, the other listeners still hear the change. */
  onError?: (error: unknown) => void;
  /**
   * The listening connection was lost and is back: changes said meanwhile were not heard, so
   * whatever was kept about the catalog must be dropped whole.
   */
  onGap?: () => void;
}

/** Hands a change to every listener, one failing listener never keeping it from the rest. */
function listenersOf(onError: (error: unknown) => void) {
  const listeners = new Set<ChangeListener>();
  return {
    listeners,
    async deliver(change: CatalogChange) {
      for (const listener of listeners) {
        try {
          await listener(change);
        } catch (error) {
          onError(error);
        }
      }
    },
  };
}

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5000;
/** A listening connection silently cut (a NAT, a failover) is found by this ping. */
const PING_MS = 15_000;

/**
 * Changes through PostgreSQL's LISTEN/NOTIFY on the store's own database: said with pg_notify
 * over the app's pool (after the change's transaction committed), heard on one dedicated
 * connection per process that is opened again whenever it is lost. NOTIFY reaches every session
 * listening on the database, this process's included, in commit order.
 */
export function postgresChangeBus(
  options: BusOptions & {
    databaseUrl: string;
    db: Db;
    channel?: string;
    /** How the listening session shows in pg_stat_activity. */
    applicationName?: string;
  },
): ChangeBus & { ready: Promise<void> } {
  const {
    databaseUrl,
    db,
    channel = CATALOG_CHANNEL,
    applicationName = "komaya-changes",
    onError = () => {},
    onGap,
  } = options;
  const { listeners, deliver } = listenersOf(onError);
  let client: pg.Client | null = null;
  let closed = false;
  let wait = RECONNECT_FIRST_MS;
  let heardBefore = false;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const lost = (dead: pg.Client) => {
    if (client !== dead) return;
    client = null;
    clearInterval(ping);
    dead.removeAllListeners("notification");
    dead.end().catch(() => {});
    if (closed) return;
    retry = setTimeout(() => void connect(), wait);
    wait = Math.min(wait * 2, RECONNECT_MAX_MS);
  };

  const connect = async () => {
    const next = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      application_name: applicationName,
    });
    client = next;
    // An error on a lost connection must not crash the process: it only means reconnecting.
    next.on("error", () => lost(next));
    next.on("end", () => lost(next));
    next.on("notification", (message) => {
      if (message.channel !== channel) return;
      const change = readChange(message.payload);
      if (change) void deliver(change);
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      onError(error);
      lost(next);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    wait = RECONNECT_FIRST_MS;
    if (heardBefore) onGap?.();
    heardBefore = true;
    ping = setInterval(() => {
      next.query("select 1").catch(() => lost(next));
    }, PING_MS);
    ping.unref();
    markReady();
  };
  void connect();

  return {
    ready,
    async publish(change) {
      await db.execute(sql`select pg_notify(${channel}, ${JSON.stringify(change)})`);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      listeners.clear();
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}

/**
 * Changes through Redis pub/sub: published on the store's Redis connection, heard on a second
 * one of its own (a subscribed connection can do nothing else). ioredis reconnects and subscribes
 * again by itself; each time it does, what was said meanwhile is lost, which onGap is told.
 */
export function redisChangeBus(
  options: BusOptions & { redis: Redis; channel?: string; connectionName?: string },
): ChangeBus & { ready: Promise<void> } {
  const {
    redis,
    channel = CATALOG_CHANNEL,
    connectionName = "komaya-changes",
    onError = () => {},
    onGap,
  } = options;
  const { listeners, deliver } = listenersOf(onError);
  const subscriber = redis.duplicate({
    lazyConnect: true,
    maxRetriesPerRequest: null,
    connectionName,
  });
  let heardBefore = false;
  subscriber.on("error", (error) => onError(error));
  subscriber.on("ready", () => {
    if (heardBefore) onGap?.();
    heardBefore = true;
  });
  subscriber.on("message", (from: string, payload: string) => {
    if (from !== channel) return;
    const change = readChange(payload);
    if (change) void deliver(change);
  });
  const ready = subscriber
    .connect()
    .then(() => subscriber.subscribe(channel))
    .then(() => {});
  return {
    ready,
    async publish(change) {
      await redis.publish(channel, JSON.stringify(change));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      subscriber.disconnect();
    },
  };
}

/**
 * The bus for this deployment (decision 0087): Redis when REDIS_URL is set, else PostgreSQL's
 * LISTEN/NOTIFY when DATABASE_URL is, else (a lone PGlite process) this process's listeners.
 */
export function openChangeBus(
  env: { DATABASE_URL?: string | undefined },
  parts: { db: Db; redis: Redis | null },
  options: BusOptions,
): ChangeBus & { ready: Promise<void> } {
  if (parts.redis) return redisChangeBus({ ...options, redis: parts.redis });
  if (env.DATABASE_URL)
    return postgresChangeBus({ ...options, databaseUrl: env.DATABASE_URL, db: parts.db });
  return Object.assign(localChangeBus(options.onError), { ready: Promise.resolve() });
}
