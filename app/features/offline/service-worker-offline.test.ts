import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  OFFLINE_ASSET_CACHE,
  OFFLINE_DB_NAME,
  OFFLINE_FILE_STORE,
  OFFLINE_KEY_ID,
  OFFLINE_KEY_STORE,
  OFFLINE_VOLUME_STORE,
  offlinePagePath,
  offlineReaderPath,
} from "../../../contract/offline-rules";
import { importMemberKey, sealFile } from "./offline-seal";

/**
 * public/sw.js's offline reading (decision 0117) against a fake worker scope and a small
 * in-memory IndexedDB: what it answers when the network fails, and what it refuses to open.
 */
type Listener = (event: unknown) => void;
type Stores = Record<string, Map<unknown, unknown>>;

const SOURCE = readFileSync(new URL("../../../public/sw.js", import.meta.url), "utf8");
const KEY = Buffer.alloc(32, 7).toString("base64url");
const OTHER_KEY = Buffer.alloc(32, 9).toString("base64url");

/** The parts of IndexedDB the worker uses: open (never creating), get, close. */
function fakeIndexedDb(stores: Stores | null) {
  const later = (request: Record<string, unknown>, result: unknown) =>
    queueMicrotask(() => {
      request.result = result;
      (request.onsuccess as () => void)?.();
    });
  return {
    open: (name: string) => {
      const request: Record<string, unknown> = {};
      queueMicrotask(() => {
        if (name !== OFFLINE_DB_NAME || stores === null) {
          request.transaction = { abort: () => {} };
          (request.onupgradeneeded as () => void)?.();
          (request.onerror as () => void)?.();
          return;
        }
        request.result = {
          close: () => {},
          transaction: () => ({
            objectStore: (store: string) => ({
              get: (key: unknown) => {
                const got: Record<string, unknown> = {};
                later(got, stores[store]?.get(key));
                return got;
              },
            }),
          }),
        };
        (request.onsuccess as () => void)?.();
      });
      return request;
    },
  };
}

function loadWorker(stores: Stores | null, online = false) {
  const listeners = new Map<string, Listener>();
  const scope = {
    location: { origin: "https://komaya.example" },
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    skipWaiting: () => {},
    clients: { claim: async () => {} },
    indexedDB: fakeIndexedDb(stores),
    crypto: globalThis.crypto,
  };
  const caches = { open: async () => ({}), keys: async () => [], delete: async () => true };
  const fetched: string[] = [];
  const network = async (r: Request) => {
    fetched.push(r.url);
    if (!online) throw new TypeError("Failed to fetch");
    return new Response("from the network");
  };
  new Function("self", "caches", "fetch", SOURCE)(scope, caches, network);

  function request(url: string, mode?: RequestMode): Promise<Response> | null {
    let answered: Promise<Response> | null = null;
    const req = new Request(`https://komaya.example${url}`);
    if (mode) Object.defineProperty(req, "mode", { value: mode });
    listeners.get("fetch")?.({
      request: req,
      respondWith: (p: Promise<Response>) => {
        answered = p;
      },
    });
    return answered;
  }
  return { request, fetched };
}

const PAGE = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);

async function downloaded(opts: { keyId?: string; volumeKeyId?: string; sealAt?: string } = {}) {
  const key = await importMemberKey(KEY);
  const path = offlinePagePath(301, 2);
  const page = await sealFile(key, opts.sealAt ?? path, PAGE);
  const html = offlineReaderPath(301);
  const reader = await sealFile(key, html, new TextEncoder().encode("<!doctype html><p>読む"));
  return {
    [OFFLINE_KEY_STORE]: new Map([
      [OFFLINE_KEY_ID, { id: OFFLINE_KEY_ID, key, key_id: opts.keyId ?? "k1" }],
    ]),
    [OFFLINE_VOLUME_STORE]: new Map([[301, { book_id: 301, key_id: opts.volumeKeyId ?? "k1" }]]),
    [OFFLINE_FILE_STORE]: new Map<unknown, unknown>([
      [path, { path, book_id: 301, type: "image/webp", ...page }],
      [
        html,
        {
          path: html,
          book_id: 301,
          type: "text/html; charset=utf-8",
          headers: { "Content-Security-Policy": "script-src 'nonce-abc'" },
          ...reader,
        },
      ],
    ]),
  } satisfies Stores;
}

describe("the service worker's offline reading", () => {
  it("names its stores and asset cache as contract/offline-rules.ts does", () => {
    for (const name of [
      OFFLINE_DB_NAME,
      OFFLINE_KEY_STORE,
      OFFLINE_VOLUME_STORE,
      OFFLINE_FILE_STORE,
      OFFLINE_KEY_ID,
      OFFLINE_ASSET_CACHE,
    ]) {
      expect(SOURCE).toContain(`"${name}"`);
    }
  });

  it("asks the network first while there is one", async () => {
    const sw = loadWorker(await downloaded(), true);
    const answer = await sw.request("/media/books/301/pages/2.png?w=720");
    expect(await answer?.text()).toBe("from the network");
  });

  it("opens a downloaded page, at any width and as its thumbnail, when the network fails", async () => {
    const sw = loadWorker(await downloaded());
    for (const url of [
      "/media/books/301/pages/2.png?w=720",
      "/media/books/301/pages/2.png?s=1b2c3d4e-0000-0000-0000-000000000000&w=1400",
      "/media/books/301/thumbs/2.png",
    ]) {
      const answer = await sw.request(url);
      expect(answer, url).not.toBeNull();
      const res = await answer!;
      expect(res.headers.get("Content-Type")).toBe("image/webp");
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(PAGE);
    }
  });

  it("serves the downloaded reader page for the reader's address, with its CSP", async () => {
    const sw = loadWorker(await downloaded());
    const res = await sw.request("/viewer/speed.html?cid=301&series=30", "navigate")!;
    expect(await res.text()).toBe("<!doctype html><p>読む");
    expect(res.headers.get("Content-Security-Policy")).toBe("script-src 'nonce-abc'");
    // Only a navigation is a page to show.
    expect(sw.request("/viewer/speed.html?cid=301")).toBeNull();
  });

  it("fails like the network for what was not downloaded", async () => {
    const sw = loadWorker(await downloaded());
    await expect(sw.request("/media/books/301/pages/3.png")!).rejects.toThrow(TypeError);
    await expect(sw.request("/media/books/999/pages/2.png")!).rejects.toThrow(TypeError);
    await expect(sw.request("/viewer/speed.html?cid=302", "navigate")!).rejects.toThrow(TypeError);
    // A signed-out device has no database at all.
    const none = loadWorker(null);
    await expect(none.request("/media/books/301/pages/2.png")!).rejects.toThrow(TypeError);
  });

  it("opens nothing sealed under another member's key, or moved to another page", async () => {
    const otherMember = loadWorker(await downloaded({ volumeKeyId: "k2" }));
    await expect(otherMember.request("/media/books/301/pages/2.png")!).rejects.toThrow(TypeError);
    const moved = loadWorker(await downloaded({ sealAt: offlinePagePath(301, 5) }));
    await expect(moved.request("/media/books/301/pages/2.png")!).rejects.toThrow(TypeError);
  });

  it("never answers other sites, writes, or other media", () => {
    const sw = loadWorker(null, true);
    expect(sw.request("/media/books/301/cover.png")).toBeNull();
    expect(sw.request("/viewer/speed.html?cid=abc", "navigate")).toBeNull();
    expect(sw.request("/bookshelf", "navigate")).toBeNull();
  });
});

describe("sealing a downloaded file", () => {
  it("opens with the same key and path, and with nothing else", async () => {
    const { openFile } = await import("./offline-seal");
    const key = await importMemberKey(KEY);
    const path = offlinePagePath(301, 1);
    const sealed = await sealFile(key, path, PAGE);
    expect(new Uint8Array(sealed.data)).not.toEqual(PAGE);
    expect(new Uint8Array(await openFile(key, path, sealed))).toEqual(PAGE);
    await expect(openFile(await importMemberKey(OTHER_KEY), path, sealed)).rejects.toThrow();
    await expect(openFile(key, offlinePagePath(301, 2), sealed)).rejects.toThrow();
    // Two seals of the same page differ: every file has its own nonce.
    const again = await sealFile(key, path, PAGE);
    expect(Buffer.from(again.iv).equals(Buffer.from(sealed.iv))).toBe(false);
  });

  it("keeps a key whose bytes cannot be read back", async () => {
    const key = await importMemberKey(KEY);
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey("raw", key)).rejects.toThrow();
    await expect(importMemberKey(Buffer.alloc(16).toString("base64url"))).rejects.toThrow();
  });
});
