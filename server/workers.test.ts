import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The built server on PostgreSQL with WEB_CONCURRENCY=2: two worker processes answer on one
 * port and only one of them runs the background jobs. Needs `npm run build` and the postgres
 * project (TEST_DATABASE_URL); skipped otherwise.
 */
const url = process.env.TEST_DB_DRIVER === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
const built = existsSync("build/server/main.js");

interface LogLine {
  msg: string;
  worker?: number;
  url?: string;
  jobs?: boolean;
  path?: string;
}

describe.skipIf(!url || !built)("worker processes on PostgreSQL", () => {
  const name = `komaya_workers_${randomBytes(5).toString("hex")}`;
  const lines: LogLine[] = [];
  let server: ChildProcess;
  let base = "";
  const metricsToken = randomBytes(16).toString("hex");

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.end();
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const databaseUrl = new URL(url!);
    databaseUrl.pathname = `/${name}`;
    server = spawn("node", ["build/server/main.js"], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl.toString(),
        WEB_CONCURRENCY: "2",
        PORT: "0",
        HOST: "127.0.0.1",
        SEED_SERIES: "100",
        LOG_LEVEL: "info",
        REDIS_URL: "",
        METRICS_TOKEN: metricsToken,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let rest = "";
    server.stdout!.on("data", (chunk: Buffer) => {
      const text = rest + chunk.toString();
      const all = text.split("\n");
      rest = all.pop()!;
      for (const line of all) if (line.startsWith("{")) lines.push(JSON.parse(line));
    });
    const until = Date.now() + 170_000;
    while (lines.filter((l) => l.msg === "listening").length < 2) {
      if (Date.now() > until || server.exitCode !== null) throw new Error("workers did not start");
      await new Promise((r) => setTimeout(r, 200));
    }
    base = lines.find((l) => l.msg === "listening")!.url!.replace("localhost", "127.0.0.1");
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    await admin(`drop database if exists ${name} with (force)`);
  }, 60_000);

  it("answers from two worker processes, one of which runs the background jobs", async () => {
    const started = lines.filter((l) => l.msg === "listening");
    expect(new Set(started.map((l) => l.worker)).size).toBe(2);
    expect(started.filter((l) => l.jobs)).toHaveLength(1);
    expect(new Set(started.map((l) => l.url)).size).toBe(1);

    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${base}healthz`, { headers: { connection: "close" } }),
      ),
    );
    expect(answers.every((a) => a.ok)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    const answering = new Set(lines.filter((l) => l.path === "/healthz").map((l) => l.worker));
    expect(answering.size).toBe(2);
  });

  it("counts every worker's requests in one /metrics answer, whichever worker is scraped", async () => {
    const scrape = async (authorization = `Bearer ${metricsToken}`) => {
      // A new connection each time, so the scrapes too land on either worker.
      const response = await fetch(`${base}metrics`, {
        headers: { authorization, connection: "close" },
      });
      return { status: response.status, text: await response.text() };
    };
    const sample = (text: string, line: string) => {
      const found = text.split("\n").find((l) => l.startsWith(`${line} `));
      return found === undefined ? undefined : Number(found.slice(line.length + 1));
    };
    const healthz =
      'komaya_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}';

    expect((await scrape("Bearer wrong-token-of-some-length")).status).toBe(401);
    const before = sample((await scrape()).text, healthz) ?? 0;
    const from = lines.length;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${base}healthz`, { headers: { connection: "close" } }),
      ),
    );
    expect(answers.every((a) => a.ok)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    const answering = lines.slice(from).filter((l) => l.path === "/healthz");
    expect(new Set(answering.map((l) => l.worker)).size).toBe(2);

    // The primary deals new connections round robin: a few scrapes reach both workers.
    const scraped = new Set<number | undefined>();
    for (let i = 0; i < 10 && scraped.size < 2; i++) {
      const from = lines.length;
      const { status, text } = await scrape();
      expect(status).toBe(200);
      expect(sample(text, healthz)).toBe(before + 30);
      expect(sample(text, "komaya_metrics_workers_asked")).toBe(2);
      expect(sample(text, "komaya_metrics_workers_answered")).toBe(2);
      // Each worker's event-loop delay and pool, apart.
      for (const worker of ["1", "2"]) {
        expect(sample(text, `nodejs_eventloop_lag_p99_seconds{worker="${worker}"}`)).toBeDefined();
        expect(
          sample(text, `komaya_db_pool_max_connections{driver="postgres",worker="${worker}"}`),
        ).toBeGreaterThan(0);
      }
      // Every sample a number: structured clone carried NaN where JSON would have written null.
      for (const line of text.split("\n"))
        if (line && !line.startsWith("#")) expect(line).toMatch(/ (-?[0-9.e+-]+|Nan|[+-]Inf)$/);
      await new Promise((r) => setTimeout(r, 100));
      for (const l of lines.slice(from)) if (l.path === "/metrics") scraped.add(l.worker);
    }
    expect(scraped.size).toBe(2);
  }, 60_000);

  it("checks at most 5 of 200 wrong passwords sent at once to both workers (counters in PostgreSQL)", async () => {
    // A visitor's ct cookie and a new member, as the sign-up page would make them.
    const status = await fetch(`${base}api/status`);
    const ct = status.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("ct="))!;
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: ct,
          "x-csrftoken": ct.slice(3),
          connection: "close",
        },
        body: JSON.stringify(body),
      });
    const email = `workers-${randomBytes(4).toString("hex")}@example.jp`;
    expect(
      (await post("api/account/signup", { email, password: "right-pass-1", agree: true })).status,
    ).toBe(200);

    const from = lines.length;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => post("api/account/login", { email, password: "wrong" })),
    );
    const statuses = answers.map((a) => a.status);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - checked);
    await new Promise((r) => setTimeout(r, 300));
    const answering = lines.slice(from).filter((l) => l.path === "/api/account/login");
    expect(new Set(answering.map((l) => l.worker)).size).toBe(2);
  }, 60_000);

  it("stops every worker on SIGTERM", async () => {
    const exited = new Promise<number | null>((r) => server.once("exit", (code) => r(code)));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 30_000);
});
