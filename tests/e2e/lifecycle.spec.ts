import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// These start their own server processes, so they run once (in the pc project), not per viewport.
test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 1000,
  "process lifecycle is viewport-independent",
);

function start(env: Record<string, string>): {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
} {
  let stderr = "";
  const child = spawn("node", ["build/server/main.js"], {
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr!.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, stderr: () => stderr, exited };
}

async function healthy(base: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("server did not become healthy");
}

test("a wrong configuration value stops the start with one line naming it", async () => {
  const server = start({ PORT: "not-a-port" });
  expect(await server.exited).toBe(1);
  const lines = server.stderr().trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("PORT");
});

test("production without PUBLIC_URL stops the start with one line naming it", async () => {
  const server = start({ NODE_ENV: "production", PUBLIC_URL: "" });
  expect(await server.exited).toBe(1);
  const lines = server.stderr().trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    /^Invalid configuration: PUBLIC_URL is required when NODE_ENV=production/,
  );
});

/** A port of this run's own, beside the end-to-end server's (E2E_PORT + 10). */
const ownPort = String(Number(process.env.E2E_PORT ?? 3917) + 10);

test("a port in use stops the start at once with one line, before any seeding", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "komaya-port-taken-"));
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(Number(ownPort), "127.0.0.1", resolve));
  try {
    const server = start({ PORT: ownPort, DATA_DIR: dataDir, SEED_SERIES: "60" });
    expect(await server.exited).toBe(1);
    const lines = server.stderr().trim().split("\n");
    expect(lines).toEqual([
      `Failed to start: port ${ownPort} on 127.0.0.1 is already in use (EADDRINUSE); stop the other server or set PORT to a free port`,
    ]);
    // Said before the database was opened, let alone seeded.
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
  } finally {
    await new Promise((resolve) => holder.close(resolve));
  }
});

test("while it seeds and warms up the store answers 503 with Retry-After, then serves", async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "komaya-warming-"));
  const base = `http://127.0.0.1:${ownPort}`;
  const server = start({ PORT: ownPort, DATA_DIR: dataDir, SEED_SERIES: "60" });
  try {
    const seen: string[] = [];
    let ready = false;
    const until = Date.now() + 180_000;
    while (!ready && Date.now() < until) {
      for (const path of ["/healthz", "/series/1", "/api/status"]) {
        const answer = await fetch(base + path).catch(() => null);
        // Before the process has bound its port, nothing answers at all.
        if (!answer) continue;
        await answer.arrayBuffer();
        if (answer.status === 503) {
          expect(answer.headers.get("retry-after"), path).toMatch(/^\d+$/);
          seen.push(`${path} 503`);
        } else {
          expect(answer.status, path).toBe(200);
          if (path === "/healthz") ready = true;
        }
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(ready).toBe(true);
    expect(seen).toContain("/healthz 503");
    expect(seen).toContain("/series/1 503");
    for (const path of ["/series/1", "/api/status", "/search?wd=%E9%AD%94"])
      expect((await fetch(base + path)).status, path).toBe(200);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});

test("SIGTERM finishes requests in flight and ends cleanly; a member who signed up is still there after a restart", async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "komaya-lifecycle-"));
  const port = "3931";
  const base = `http://127.0.0.1:${port}`;
  const env = { PORT: port, DATA_DIR: dataDir, SEED_SERIES: "60" };

  const first = start(env);
  await healthy(base);
  const ct = "lifecycle-token-0123456789";
  const headers = { "content-type": "application/json", "x-csrftoken": ct, cookie: `ct=${ct}` };
  const email = `restart-${Date.now()}@example.jp`;
  const signup = await fetch(`${base}/api/account/signup`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: "password-123", nickname: "再起動", agree: true }),
  });
  expect(signup.status).toBe(200);

  // A request in flight when SIGTERM arrives still gets its whole answer: a trial MP3 on its
  // first request takes a few hundred milliseconds to encode.
  const inFlight = fetch(`${base}/media/cds/1/trials/1.mp3`);
  await new Promise((r) => setTimeout(r, 50));
  const stopAsked = Date.now();
  first.child.kill("SIGTERM");
  const audio = await inFlight;
  expect(audio.status).toBe(200);
  const bytes = (await audio.arrayBuffer()).byteLength;
  expect(bytes).toBe(Number(audio.headers.get("content-length")));
  expect(bytes).toBeGreaterThan(1000);
  expect(await first.exited).toBe(0);
  expect(Date.now() - stopAsked).toBeLessThan(10_000);

  const second = start(env);
  try {
    await healthy(base);
    const login = await fetch(`${base}/api/account/login`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password: "password-123" }),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ result: true, user: { nickname: "再起動" } });
  } finally {
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }
});

test("health, hashed assets and the CSRF rule on the running store", async ({ request, page }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  await page.goto("/");
  const css = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
  // React Router marks a stylesheet that is also imported lazily with a trailing "#".
  expect(css).toMatch(/^\/assets\/.+-[A-Za-z0-9_-]{6,}\.css#?$/);
  const asset = await request.get(css!.replace(/#$/, ""));
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const forged = await request.post("/api/user", { data: {} });
  expect(forged.status()).toBe(403);
});
