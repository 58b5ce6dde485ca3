import { expect, hydrated, test } from "./fixtures";

/**
 * The built store's /metrics labels a rendered page by its React Router route id and its data
 * calls by their route patterns, never by the ids in their paths (decision 0036).
 */
test("metrics name a page's route and its calls' patterns, not their ids", async ({
  page,
  request,
}) => {
  await page.goto("/series/10");
  await hydrated(page);
  for (let i = 0; i < 2; i++) await request.get("/api/shared/series/10/main?k=metrics-e2e");
  const response = await request.get("/metrics");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
  const text = await response.text();
  const routes = new Set(
    [...text.matchAll(/^komaya_http_request_duration_seconds_count\{[^}]*route="([^"]*)"/gm)].map(
      (m) => m[1],
    ),
  );
  expect(routes).toContain("routes/series");
  // The second call is sent from memory by the node:http listener, under the same pattern.
  const shared =
    /^komaya_http_request_duration_seconds_count\{method="GET",route="\/api\/shared\/series\/:seriesId\/main",status="200"\} (\d+)$/m.exec(
      text,
    );
  expect(Number(shared?.[1])).toBeGreaterThanOrEqual(2);
  expect([...routes].filter((r) => /\/10(\/|$)/.test(r ?? ""))).toEqual([]);
  expect(text).toMatch(/^nodejs_eventloop_lag_seconds \S+$/m);
  expect(text).toMatch(/^komaya_db_pool_open_connections\{driver="pglite"\} 1$/m);
});
