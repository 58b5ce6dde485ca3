import { createServer, type Server } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SharedAnswerStore } from "../lib/shared-answers";
import { nodeListener } from "./node-listener";
import { Browser, createTestApp } from "./test-client";

let t: Awaited<ReturnType<typeof createTestApp>>;
let server: Server;
let base: string;
/** Every key anything asked the shared store for, and how many requests reached the app. */
const keys: string[] = [];
let appRequests = 0;

beforeAll(async () => {
  t = await createTestApp();
  const real = t.services.sharedAnswers;
  const recording: SharedAnswerStore = {
    peek: (key) => real.peek(key),
    answer: (key, produce) => {
      keys.push(key);
      return real.answer(key, produce);
    },
    forgetAll: () => real.forgetAll(),
  };
  t.services.sharedAnswers = recording;
  const app = {
    fetch: (request: Request, env?: unknown) => {
      appRequests++;
      return t.app.fetch(request, env);
    },
    router: t.app.router,
  };
  server = createServer(nodeListener(app, t.services));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t?.database.close();
});

async function member(name: string) {
  const browser = new Browser(t.app);
  const signup = await browser.postJson("/api/account/signup", {
    email: `shared-${Math.random().toString(36).slice(2)}@example.jp`,
    password: "password-123",
    nickname: name,
    agree: true,
  });
  expect(signup.body).toMatchObject({ result: true });
  return browser;
}

describe("shared answers from memory", () => {
  it("are computed once, then sent from memory without the app, compressed, with 304 on a match", async () => {
    const url = `${base}/api/shared/menu?k=fast1`;
    const first = await fetch(url, { headers: { "accept-encoding": "identity" } });
    expect(first.status).toBe(200);
    const body = await first.text();
    expect(JSON.parse(body).result).toBe(true);
    const reachedApp = appRequests;

    const again = await fetch(url, { headers: { "accept-encoding": "identity" } });
    expect(await again.text()).toBe(body);
    expect(appRequests).toBe(reachedApp);
    // The hardening headers and the request id are sent from memory too.
    expect(again.headers.get("x-content-type-options")).toBe("nosniff");
    expect(again.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(again.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(again.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);

    const raw = await new Promise<{ encoding?: string; bytes: Buffer }>((resolve) => {
      import("node:http").then(({ get }) =>
        get(url, { headers: { "accept-encoding": "br" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ encoding: res.headers["content-encoding"], bytes: Buffer.concat(chunks) }),
          );
        }),
      );
    });
    // Tiny answers are kept and sent uncompressed.
    const big = Buffer.byteLength(body) >= 1024;
    expect(raw.encoding).toBe(big ? "br" : undefined);
    expect((big ? brotliDecompressSync(raw.bytes) : raw.bytes).toString()).toBe(body);

    const notModified = await fetch(url, {
      headers: { "if-none-match": first.headers.get("etag")! },
    });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    expect(appRequests).toBe(reachedApp);
  });

  it("never carry cookies: a visitor's first shared call sets none, a member's gets the same bytes", async () => {
    const fresh = await fetch(`${base}/api/shared/menu?k=nocookie`);
    expect(fresh.headers.getSetCookie()).toEqual([]);
    const a = await member("かえで");
    const cookie = [...a.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const asMember = await fetch(`${base}/api/shared/menu?k=nocookie`, { headers: { cookie } });
    expect(asMember.headers.getSetCookie()).toEqual([]);
    expect(await asMember.text()).toBe(
      await (await fetch(`${base}/api/shared/menu?k=nocookie`)).text(),
    );
  });

  it("keep personal answers out: a member's status never reaches a visitor, nor the shared store", async () => {
    const m = await member("つばき");
    const cookie = [...m.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    keys.length = 0;
    const mine = await fetch(`${base}/api/status`, { headers: { cookie } });
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    const memberStatus = (await mine.json()) as { is_login: boolean; uid: string };
    expect(memberStatus.is_login).toBe(true);
    expect(memberStatus.uid).not.toBe("");
    await m.postJson("/api/user");
    await m.postJson("/api/personal/menu", { genre: 1 });
    await fetch(`${base}/api/shared/menu?k=iso`, { headers: { cookie } });

    const visitor = await fetch(`${base}/api/status`);
    const visitorStatus = (await visitor.json()) as { is_login: boolean; uid: string };
    expect(visitorStatus.is_login).toBe(false);
    expect(visitorStatus.uid).toBe("");
    expect(visitor.headers.get("cache-control")).toBe("private, no-store");
    // Only shared paths were ever keyed; a personal answer stored under any key would show here.
    expect(keys).toEqual(["/api/shared/menu?k=iso"]);
    expect(t.services.sharedAnswers.peek("/api/status")).toBeUndefined();
  });

  it("store no refusal: an invalid shared request is answered 400 each time, through the app", async () => {
    const before = appRequests;
    for (let i = 0; i < 2; i++) {
      const bad = await fetch(`${base}/api/shared/menu?k=x&genre=abc`);
      expect(bad.status).toBe(400);
    }
    expect(appRequests).toBe(before + 2);
  });
});
