import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_DEPTH_LIMIT } from "../../contract/json-depth";
import { nodeListener } from "./node-listener";
import { Browser, createTestApp } from "./test-client";

// Issue 21 item 1: a 16 KB body of nested arrays held the event loop for 1.3 s (ten at once for
// 20 s), and past a few thousand levels answered 500 with "Maximum call stack size exceeded".

let t: Awaited<ReturnType<typeof createTestApp>>;
let server: Server;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  server = createServer(nodeListener(t.app, t.services));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t?.database.close();
});

const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
/** The issue's body: {"x": followed by 8,000 nested arrays. */
const ISSUE_BODY = `{"x":${nested(8000)}}`;
/** 400,000 levels: 800 KB, under the 1 MB body limit. */
const FAR_DEEPER = `{"x":${nested(400_000)}}`;

describe("deeply nested JSON (issue 21 item 1)", () => {
  it("refuses the issue's 16 KB body with a 400 naming the limit", async () => {
    expect(ISSUE_BODY.length).toBeGreaterThan(16_000);
    const browser = new Browser(t.app);
    const answer = await browser.postJson("/api/status", ISSUE_BODY);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ result: false, error: { field: "body" } });
    expect(answer.body.error_message).toContain(`${JSON_DEPTH_LIMIT}段まで`);
  });

  it("refuses 400,000 levels with a 400, not a 500, on every call", async () => {
    const browser = new Browser(t.app);
    for (const path of ["/api/status", "/api/suggest", "/api/account/login", "/api/no-such-call"]) {
      const answer = await browser.postJson(path, FAR_DEEPER);
      expect(answer.status, path).toBe(400);
      expect(answer.body.error_message, path).toContain(`${JSON_DEPTH_LIMIT}段まで`);
    }
  });

  it("still reads a body nested to the limit", async () => {
    const browser = new Browser(t.app);
    const answer = await browser.postJson(
      "/api/status",
      `{"x":${nested(JSON_DEPTH_LIMIT - 1)},"note":"[[[[{{{{"}`,
    );
    expect(answer.status).toBe(200);
  });

  it("answers /healthz on a real server while ten deep bodies arrive at once", async () => {
    const status = await fetch(`${base}/api/status`);
    const ct = /(?:^|,\s*)ct=([^;]+)/.exec(status.headers.get("set-cookie") ?? "")?.[1];
    expect(ct).toBeTruthy();
    const post = (body: string) =>
      fetch(`${base}/api/status`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `ct=${ct}`, "x-csrftoken": ct! },
        body,
      });
    const attempts = Array.from({ length: 10 }, (_, i) => post(i % 2 ? FAR_DEEPER : ISSUE_BODY));
    const health = fetch(`${base}/healthz`);
    const answers = await Promise.all(attempts);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(400));
    expect((await health).status).toBe(200);
  });
});
