import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { pushSubscriptions } from "./schema";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const kept = new Map<string, Promise<VapidKeys>>();

/**
 * The store's VAPID pair: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (server/env.ts
 * validates them), otherwise the pair kept in DATA_DIR/vapid-keys.json, made on first use.
 * Browsers subscribe with the public key, so a pair must outlive restarts: a new pair would
 * leave every subscription unusable.
 */
export function vapidKeys(
  env: Pick<Env, "DATA_DIR" | "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT">,
): Promise<VapidKeys> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return Promise.resolve({
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: env.VAPID_SUBJECT,
    });
  const file = path.resolve(env.DATA_DIR, "vapid-keys.json");
  let keys = kept.get(file);
  if (!keys) {
    keys = keptPair(file).then((pair) => ({ ...pair, subject: env.VAPID_SUBJECT }));
    keys.catch(() => kept.delete(file));
    kept.set(file, keys);
  }
  return keys;
}

async function keptPair(file: string): Promise<{ publicKey: string; privateKey: string }> {
  try {
    const pair = JSON.parse(await readFile(file, "utf8")) as {
      publicKey?: unknown;
      privateKey?: unknown;
    };
    if (typeof pair.publicKey === "string" && typeof pair.privateKey === "string")
      return { publicKey: pair.publicKey, privateKey: pair.privateKey };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const pair = webpush.generateVAPIDKeys();
  await mkdir(path.dirname(file), { recursive: true });
  // wx: two processes starting at once keep the first pair written.
  try {
    await writeFile(file, JSON.stringify(pair), { flag: "wx", mode: 0o600 });
    await chmod(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return keptPair(file);
    throw error;
  }
  return pair;
}

/** What the service worker shows: a title, a line, and the page a click opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export interface PushTarget {
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How long a push service keeps an undelivered notice (seconds): a day. */
const PUSH_TTL_SECONDS = 86_400;

/**
 * Sends one encrypted message (RFC 8291 aes128gcm, VAPID RFC 8292) built by web-push, over
 * fetch: answers the push service's status. 404 and 410 mean the subscription is gone.
 */
export async function sendPush(
  target: PushTarget,
  message: PushMessage,
  keys: VapidKeys,
  timeoutMs = 10_000,
): Promise<number> {
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(message),
    {
      vapidDetails: keys,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: "aes128gcm",
      urgency: "normal",
    },
  );
  const answer = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: new Uint8Array(request.body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await answer.body?.cancel();
  return answer.status;
}

/** The member's subscriptions (every browser they subscribed on). */
export async function subscriptionsOf(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, PushTarget[]>> {
  const found = new Map<number, PushTarget[]>();
  if (userIds.length === 0) return found;
  const rows = await db
    .select({
      userId: pushSubscriptions.userId,
      subscriptionId: pushSubscriptions.subscriptionId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
  for (const { userId, ...target } of rows)
    found.set(userId, [...(found.get(userId) ?? []), target]);
  return found;
}

/**
 * Keeps a browser's subscription for the member signed in on it. The endpoint is the browser's
 * own unguessable address, so one already kept for another member moves to this one: the
 * browser now belongs to whoever signed in on it and subscribed.
 */
export async function saveSubscription(
  db: Db,
  userId: number,
  subscription: { endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...subscription })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: subscription.p256dh, auth: subscription.auth, createdAt: new Date() },
    });
}

/** Forgets the member's own subscription; answers false when they have none at that endpoint. */
export async function deleteSubscription(
  db: Db,
  userId: number,
  endpoint: string,
): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.subscriptionId });
  return gone.length > 0;
}

/** Whether this browser's endpoint is kept for the member (the settings checkbox). */
export async function hasSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.subscriptionId })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return Boolean(row);
}

/** Drops subscriptions the push service said are gone (404, 410). */
export async function dropSubscriptions(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.subscriptionId, [...ids]));
}
