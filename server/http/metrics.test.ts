import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "./app";
import { METRICS_CLOSED } from "./metrics";
import { nodeListener } from "./node-listener";
import type { PageHandler } from "./pages";
import { createTestApp } from "./test-client";

/**
 * GET /metrics: Prometheus text format, request durations labelled by route pattern, the
 * database pool, the shared answers' cache, the event loop; a bearer token when one is set.
 */

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Reads the text exposition format strictly: a line that is not HELP, TYPE or a sample fails.
 * Values parse as Prometheus does (Go's ParseFloat: NaN in any case; prom-client writes "Nan").
 */
function parseMetrics(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  const helped = new Set<string>();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const help = /^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) .+$/.exec(line);
    if (help) {
      helped.add(help[1]!);
      continue;
    }
    const type =
      /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      expect(helped.has(type[1]!), `HELP before TYPE of ${type[1]}`).toBe(true);
      types.set(type[1]!, type[2]!);
      continue;
    }
    const sample =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*)\})? (-?[0-9.eE+-]+|[Nn]a[Nn]|\+Inf|-Inf)$/.exec(
        line,
      );
    expect(sample, `not a metric line: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const [, k, v] of sample![2]?.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g) ??
      []) {
      labels[k!] = v!;
    }
    samples.push({ name: sample![1]!, labels, value: Number(sample![3]) });
  }
  return { samples, types };
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  find(samples, name, labels).reduce((sum, s) => sum + s.value, 0);

describe("GET /metrics without METRICS_TOKEN", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let app: ReturnType<typeof createApp>;
  // The page renderer stands in for React Router: it knows only the /series/* pages.
  const routeOf = (path: string) => (path.startsWith("/series/") ? "routes/series" : undefined);
  const pages: PageHandler = Object.assign(
    async (request: Request) =>
      new Response("<!doctype html>", {
        status: routeOf(new URL(request.url).pathname) ? 200 : 404,
      }),
    { routeOf },
  );

  beforeAll(async () => {
    t = await createTestApp();
    app = createApp({ services: t.services, pages });
  });
  afterAll(async () => {
    await t?.database.close();
  });

  const scrape = async () => {
    const response = await app.request("http://localhost/metrics");
    expect(response.status).toBe(200);
    return parseMetrics(await response.text());
  };

  it("answers the Prometheus text format, never cached and without a cookie", async () => {
    const response = await app.request("http://localhost/metrics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.getSetCookie()).toEqual([]);
    const { samples, types } = parseMetrics(await response.text());
    expect(types.get("komaya_http_request_duration_seconds")).toBe("histogram");
    expect(types.get("komaya_cache_hits_total")).toBe("counter");
    expect(types.get("nodejs_eventloop_lag_seconds")).toBe("gauge");
    expect(find(samples, "nodejs_eventloop_lag_p99_seconds")).toHaveLength(1);
    // Every cache tier is listed before its first lookup, so a hit ratio never lacks a series.
    for (const tier of ["memory", "redis"])
      expect(
        find(samples, "komaya_cache_misses_total", { cache: "shared_answers", tier }),
      ).toHaveLength(1);
    expect(find(samples, "komaya_cache_hits_total", { cache: "media", tier: "disk" })).toHaveLength(
      1,
    );
  });

  it("labels a request with its route pattern, never the raw path", async () => {
    await app.request("http://localhost/api/shared/series/987654/main?k=abc");
    await app.request("http://localhost/api/shared/series/987655/main?k=abc");
    await app.request("http://localhost/api/no/such/call/424242");
    await app.request("http://localhost/series/31337.html");
    await app.request("http://localhost/nowhere/31338");
    const text = await (await app.request("http://localhost/metrics")).text();
    expect(text).not.toMatch(/98765[45]|424242|3133[78]/);
    const { samples } = parseMetrics(text);
    const count = (labels: Record<string, string>) =>
      value(samples, "komaya_http_request_duration_seconds_count", labels);
    expect(
      count({ method: "GET", route: "/api/shared/series/:seriesId/main", status: "404" }),
    ).toBe(2);
    expect(count({ route: "routes/series", status: "200" })).toBe(1);
    expect(count({ route: "unmatched", status: "404" })).toBe(2);
    // The scrape does not time itself.
    expect(count({ route: "/metrics" })).toBe(0);
    const buckets = find(samples, "komaya_http_request_duration_seconds_bucket", {
      route: "/api/shared/series/:seriesId/main",
    });
    expect(buckets.find((b) => b.labels.le === "+Inf")?.value).toBe(2);
  });

  it("counts the shared answers' cache misses and hits", async () => {
    const before = (await scrape()).samples;
    const tier = { cache: "shared_answers", tier: "memory" };
    for (let i = 0; i < 2; i++) {
      const response = await app.request("http://localhost/api/shared/menu?k=metrics-test");
      expect(response.status).toBe(200);
    }
    const after = (await scrape()).samples;
    const moved = (name: string) => value(after, name, tier) - value(before, name, tier);
    expect(moved("komaya_cache_misses_total")).toBe(1);
    expect(moved("komaya_cache_hits_total")).toBe(1);
  });

  it("shows the database connections", async () => {
    await t.database.ping();
    const { samples } = await scrape();
    const driver = { driver: t.database.driver };
    const max = value(samples, "komaya_db_pool_max_connections", driver);
    const open = value(samples, "komaya_db_pool_open_connections", driver);
    expect(max).toBe(t.database.driver === "pglite" ? 1 : 4);
    expect(open).toBeGreaterThanOrEqual(1);
    expect(open).toBeLessThanOrEqual(max);
    expect(value(samples, "komaya_db_pool_idle_connections", driver)).toBeLessThanOrEqual(open);
    expect(find(samples, "komaya_db_pool_waiting_queries", driver)).toHaveLength(1);
  });

  describe("through the node:http listener", () => {
    let server: Server;
    let base: string;
    beforeAll(async () => {
      server = createServer(nodeListener(app, t.services));
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    });
    afterAll(async () => {
      await new Promise((r) => server.close(r));
    });

    it("times a shared answer sent straight from memory under its route pattern", async () => {
      const before = (await scrape()).samples;
      const labels = { route: "/api/shared/menu", status: "200" };
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${base}/api/shared/menu?k=listener-test`);
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
      const after = (await scrape()).samples;
      const moved = (name: string, l: Record<string, string>) =>
        value(after, name, l) - value(before, name, l);
      expect(moved("komaya_http_request_duration_seconds_count", labels)).toBe(2);
      const memory = { cache: "shared_answers", tier: "memory" };
      expect(moved("komaya_cache_misses_total", memory)).toBe(1);
      expect(moved("komaya_cache_hits_total", memory)).toBe(1);
    });
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  const token = "metrics-token-for-the-test-0123456789";
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: token });
  });
  afterAll(async () => {
    await t?.database.close();
  });

  it.each([
    ["no Authorization header", undefined],
    ["a wrong token", `Bearer ${token.slice(0, -1)}x`],
    ["the token longer", `Bearer ${token}0`],
    ["the token without Bearer", token],
    ["basic credentials", `Basic ${Buffer.from(`x:${token}`).toString("base64")}`],
  ])("refuses %s with 401 in the API's failure shape", async (_label, authorization) => {
    const response = await t.app.request("http://localhost/metrics", {
      headers: authorization ? { authorization } : {},
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { result: boolean; error_message: string };
    expect(body.result).toBe(false);
    expect(body.error_message).toBeTruthy();
  });

  it("gathers no figures for a refused scrape", async () => {
    // With workers, gathering asks every process: a caller without the token must not cause it.
    const exposition = vi.spyOn(t.services.metrics, "exposition");
    try {
      const response = await t.app.request("http://localhost/metrics");
      expect(response.status).toBe(401);
      expect(exposition).not.toHaveBeenCalled();
    } finally {
      exposition.mockRestore();
    }
  });

  it("answers the right token", async () => {
    const response = await t.app.request("http://localhost/metrics", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("komaya_http_request_duration_seconds");
  });
});

describe("GET /metrics in production without METRICS_TOKEN (issue 21 item 11)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ production: true });
  });
  afterAll(async () => {
    await t?.database.close();
  });

  it("serves nothing and gathers no figures, with or without credentials", async () => {
    const exposition = vi.spyOn(t.services.metrics, "exposition");
    try {
      const attempts: Record<string, string>[] = [
        {},
        { authorization: "Bearer anything-at-all-0123456789" },
      ];
      for (const headers of attempts) {
        const response = await t.app.request("http://localhost/metrics", { headers });
        expect(response.status).toBe(404);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(await response.json()).toEqual({ result: false, error_message: METRICS_CLOSED });
      }
      expect(exposition).not.toHaveBeenCalled();
    } finally {
      exposition.mockRestore();
    }
  });

  it("is served behind the token once one is set", async () => {
    const token = "production-metrics-token-0123456789";
    const withToken = await createTestApp({ production: true, metricsToken: token });
    try {
      const refused = await withToken.app.request("http://localhost/metrics");
      expect(refused.status).toBe(401);
      const answered = await withToken.app.request("http://localhost/metrics", {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answered.status).toBe(200);
    } finally {
      await withToken.database.close();
    }
  });
});
