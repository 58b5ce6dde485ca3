import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { Router } from "hono/router";
import type { RouterRoute } from "hono/types";
import { withoutHtmlSuffix } from "../../../contract/html-suffix";
import type { AppEnv } from "../../lib/context";
import { type Metrics, UNMATCHED } from "../../lib/metrics";
import { answeredStatus } from "./answered-status";

/** Middleware (app.use) is registered for every method; a route answering a call names one. */
const ALL = "ALL";
/** Paths of middleware for every request (Hono registers `*` as /*) and of the API's 404. */
const EVERY_PATH = new Set(["*", "/*", "/api/*"]);

/**
 * The label of a request: the pattern of the route registered for its method and path
 * (/api/shared/series/:seriesId/main), never the raw path, so that a crawler walking ids cannot
 * grow the metrics. Pages are labelled by their React Router route id.
 */
export function routeLabel(
  c: Context<AppEnv>,
  pageRoute: (pathname: string) => string | undefined,
): string {
  const routes = matchedRoutes(c);
  const endpoint = routes.find((r) => r.method !== ALL);
  if (endpoint) return endpoint.path;
  const responding = routes[c.req.routeIndex];
  if (!responding) return UNMATCHED;
  if (EVERY_PATH.has(responding.path)) {
    // The catch-all that renders pages is registered last.
    if (responding.path === "/*" && c.req.routeIndex === routes.length - 1)
      return pageRoute(withoutHtmlSuffix(c.req.path)) ?? UNMATCHED;
    // Middleware for every path (a refused body, the API's 404) answered: no route matched.
    return UNMATCHED;
  }
  // Static files: /assets/* and the files of build/client.
  return responding.path;
}

/** Paths remembered by endpointFinder; a crawler walking ids only makes it start over. */
const REMEMBERED_PATHS = 10_000;

/**
 * The route pattern of a request that bypasses the Hono app (a shared answer kept in memory),
 * from the app's router. A router match costs microseconds, so each path's pattern is kept.
 */
export function endpointFinder(
  router: Router<[unknown, RouterRoute]>,
  method: string,
): (pathname: string) => string {
  const known = new Map<string, string>();
  return (pathname) => {
    let pattern = known.get(pathname);
    if (pattern !== undefined) return pattern;
    pattern = UNMATCHED;
    for (const [[, route]] of router.match(method, pathname)[0]) {
      if (route.method === method) {
        pattern = route.path;
        break;
      }
    }
    if (known.size >= REMEMBERED_PATHS) known.clear();
    known.set(pathname, pattern);
    return pattern;
  };
}

/**
 * Times every request except the scrape of /metrics itself (which would only measure the
 * scraper) into the request duration histogram: from arrival to the answer's headers.
 */
export function requestMetrics(
  metrics: Metrics,
  skipPath: string,
  pageRoute: (pathname: string) => string | undefined,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.path === skipPath) return next();
    const started = performance.now();
    await next();
    metrics.observeRequest(
      c.req.method,
      routeLabel(c, pageRoute),
      answeredStatus(c),
      (performance.now() - started) / 1000,
    );
  };
}
