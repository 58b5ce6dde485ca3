import type { EventBatch, EventFields, QueuedEvent } from "../../../contract/event";
import { EVENT_BATCH_MAX, type EventName } from "../../../contract/event-names";
import { readClickRoutes, type SessionStore, sessionStore } from "../../lib/click-source";
import { readCookie } from "../../lib/cookies";
import { CSRF_COOKIE, CSRF_HEADER } from "../../lib/request";
import { storedSessionParams } from "../../lib/session-params";

/** Where the batch goes; the beacon carries the CSRF token in its query, as it cannot set headers. */
export const EVENTS_URL = "/api/events";

/** What sending touches, replaceable in tests. */
export interface Transport {
  beacon(url: string, body: Blob): boolean;
  /** Used when there is no beacon or it refused the batch. */
  fetch(url: string, init: RequestInit): Promise<unknown>;
  csrf(): string | undefined;
  store(): SessionStore | null;
}

const browserTransport: Transport = {
  beacon: (url, body) =>
    typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function"
      ? navigator.sendBeacon(url, body)
      : false,
  fetch: (url, init) => globalThis.fetch(url, init),
  csrf: () => readCookie(CSRF_COOKIE),
  store: sessionStore,
};

let transport: Transport = browserTransport;
let queue: QueuedEvent[] = [];
let listening = false;

export function setTransport(next: Transport | null): void {
  transport = next ?? browserTransport;
  queue = [];
}

/** The frame a series was first clicked from in this session, if one was recorded. */
function clickSourceOf(store: SessionStore | null, series: number | null | undefined) {
  if (!store || !series) return undefined;
  return readClickRoutes(store).find(([id]) => id === series)?.[1];
}

/** The batch of what is queued, with the session's utm values; null when nothing is queued. */
export function takeBatch(): EventBatch | null {
  if (queue.length === 0) return null;
  const events = queue.slice(0, EVENT_BATCH_MAX);
  queue = queue.slice(EVENT_BATCH_MAX);
  const store = transport.store();
  const kept = store ? storedSessionParams(store) : { src: "", mdm: "", cpn: "" };
  const batch: EventBatch = { events };
  if (kept.src) batch.utm_source = kept.src;
  if (kept.mdm) batch.utm_medium = kept.mdm;
  if (kept.cpn) batch.utm_campaign = kept.cpn;
  return batch;
}

/** Sends everything queued: by beacon, which outlives the page, else by a keepalive fetch. */
export function flush(): void {
  for (let batch = takeBatch(); batch; batch = takeBatch()) {
    const json = JSON.stringify(batch);
    const token = transport.csrf();
    const url = token ? `${EVENTS_URL}?ct=${encodeURIComponent(token)}` : EVENTS_URL;
    if (transport.beacon(url, new Blob([json], { type: "application/json" }))) continue;
    void transport
      .fetch(EVENTS_URL, {
        method: "POST",
        keepalive: true,
        headers: { "Content-Type": "application/json", ...(token ? { [CSRF_HEADER]: token } : {}) },
        body: json,
      })
      .catch(() => {
        // Analytics never bothers the reader: a lost batch is lost.
      });
  }
}

/** Batches go out when the page is hidden or left (the last moment a page surely has). */
function listen(): void {
  if (listening || typeof window === "undefined") return;
  listening = true;
  window.addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
}

/**
 * Queues one analytics event (spec 000 §7, 001 §4, §7.4). Events about a series carry the frame
 * it was first clicked from. A full batch goes out at once; the rest when the page is hidden.
 */
export function track(name: EventName, fields: EventFields = {}): void {
  if (typeof window === "undefined") return;
  listen();
  const source = clickSourceOf(transport.store(), fields.series);
  queue.push({ ...fields, name, ...(source ? { source } : {}) });
  if (queue.length >= EVENT_BATCH_MAX) flush();
}

/** What is queued, for tests. */
export function queuedEvents(): readonly QueuedEvent[] {
  return queue;
}
