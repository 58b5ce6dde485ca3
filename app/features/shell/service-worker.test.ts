import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Runs public/sw.js against a fake worker scope: which requests it answers from its cache, and
 * that it leaves pages, API calls, book pages and media to the network.
 */
type Listener = (event: unknown) => void;

function loadWorker() {
  const listeners = new Map<string, Listener>();
  const stored = new Map<string, Response>();
  const fetched: string[] = [];
  const cache = {
    match: async (r: Request) => stored.get(r.url)?.clone(),
    put: async (r: Request, res: Response) => {
      stored.set(r.url, res);
    },
    keys: async () => [...stored.keys()].map((u) => new Request(u)),
    delete: async (r: Request) => stored.delete(r.url),
  };
  const scope = {
    location: { origin: "https://komaya.example" },
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    skipWaiting: () => {},
    clients: { claim: async () => {} },
  };
  const caches = { open: async () => cache, keys: async () => [], delete: async () => true };
  const fakeFetch = async (r: Request) => {
    fetched.push(r.url);
    const res = new Response("body", { status: 200 });
    Object.defineProperty(res, "type", { value: "basic" });
    return res;
  };
  const source = readFileSync(new URL("../../../public/sw.js", import.meta.url), "utf8");
  new Function("self", "caches", "fetch", source)(scope, caches, fakeFetch);

  async function request(url: string, init: { mode?: RequestMode; method?: string } = {}) {
    let answered: Promise<Response> | null = null;
    const req = new Request(`https://komaya.example${url}`, { method: init.method ?? "GET" });
    if (init.mode) Object.defineProperty(req, "mode", { value: init.mode });
    listeners.get("fetch")?.({
      request: req,
      respondWith: (p: Promise<Response>) => {
        answered = p;
      },
    });
    if (answered) await answered;
    return answered !== null;
  }
  return { request, stored, fetched };
}

describe("the service worker", () => {
  it("answers hashed assets from its cache after the first fetch", async () => {
    const sw = loadWorker();
    expect(await sw.request("/assets/root-BX12ab.js")).toBe(true);
    expect(await sw.request("/assets/root-BX12ab.js")).toBe(true);
    expect(sw.fetched).toEqual(["https://komaya.example/assets/root-BX12ab.js"]);
    expect([...sw.stored.keys()]).toEqual(["https://komaya.example/assets/root-BX12ab.js"]);
  });

  it("never touches page navigations, API calls, book pages, media or other sites", async () => {
    const sw = loadWorker();
    for (const url of [
      "/",
      "/home?genre=2",
      "/bookshelf",
      "/api/user",
      "/api/shared/menu?k=1",
      // Page images go to the network too, through the worker (offline reading, decision 0117:
      // app/features/offline/service-worker-offline.test.ts).
      "/media/books/12/cover.png",
      "/sw.js",
    ]) {
      expect(await sw.request(url), url).toBe(false);
    }
    expect(await sw.request("/assets/x.js", { mode: "navigate" })).toBe(false);
    expect(await sw.request("/assets/x.js", { method: "POST" })).toBe(false);
    expect(sw.stored.size).toBe(0);
  });
});
