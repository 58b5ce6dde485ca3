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

  it("stops every worker on SIGTERM", async () => {
    const exited = new Promise<number | null>((r) => server.once("exit", (code) => r(code)));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 30_000);
});
