import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { createApp } from "./app";
import { nodeListener } from "./node-listener";
import type { PageHandler } from "./pages";
import { createTestApp } from "./test-client";

// Issue 21 item 35: `curl --max-time 0.3 /series/127` was logged as status 500 and counted under
// route="routes/series",status="500". A client that leaves is no server error.

let t: Awaited<ReturnType<typeof createTestApp>>;
let server: Server;
let base: string;
const lines: Array<Record<string, unknown>> = [];
let started: () => void = () => {};

/** A page that takes its time, as a series page's loaders do, and fails once its request is aborted, as React Router's handler answers 500 then. */
const slowPage: PageHandler = (request) =>
  new Promise((resolve) => {
    started();
    const done = () => resolve(new Response("render cut short", { status: 500 }));
    if (request.signal.aborted) done();
    request.signal.addEventListener("abort", done);
    const wait = new URL(request.url).pathname === "/series/127" ? 5_000 : 50;
    setTimeout(() => resolve(new Response("<!doctype html><p>slow</p>")), wait).unref();
  });

beforeAll(async () => {
  t = await createTestApp();
  const logger = createLogger("info", {}, (line) => lines.push(JSON.parse(line)));
  const services = { ...t.services, logger };
  const app = createApp({
    services,
    pages: Object.assign(slowPage, { routeOf: () => "routes/series" }),
  });
  server = createServer(nodeListener(app, services));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await t?.database.close();
});

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe("a client that leaves before the answer (issue 21 item 35)", () => {
  it("is logged and counted as 499, never as a server error", async () => {
    const rendering = new Promise<void>((resolve) => {
      started = resolve;
    });
    const client = new AbortController();
    const request = fetch(`${base}/series/127`, { signal: client.signal }).catch(() => null);
    await rendering;
    client.abort();
    await request;
    const logged = () => lines.find((l) => l.msg === "request" && l.path === "/series/127");
    await until(() => logged() !== undefined);
    expect(logged()).toMatchObject({ status: 499 });
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
    const exposition = await t.services.metrics.exposition();
    expect(exposition).toMatch(
      /^komaya_http_request_duration_seconds_count\{method="GET",route="routes\/series",status="499"\} 1$/m,
    );
    expect(exposition).not.toMatch(/status="5\d\d"/);
  });

  it("an answered page is still logged with its own status", async () => {
    started = () => {};
    const response = await fetch(`${base}/series/128`, { signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(200);
    await until(() => lines.some((l) => l.path === "/series/128"));
    expect(lines.find((l) => l.path === "/series/128")).toMatchObject({ status: 200 });
  });
});
