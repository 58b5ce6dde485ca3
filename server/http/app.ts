import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { withoutHtmlSuffix } from "../../contract/html-suffix";
import type { AppEnv, AppServices } from "../lib/context";
import { ApiError, failure } from "./api-error";
import { cookiesAndSession } from "./middleware/cookies-and-session";
import { requestContext } from "./middleware/request-context";
import { securityHeaders } from "./middleware/security-headers";
import type { PageHandler } from "./pages";
import { apiRouter, siteRouter } from "./registry";

export interface AppOptions {
  services: AppServices;
  /** Renders every path that is not an API, media or asset path. */
  pages?: PageHandler;
  /** build/client, holding hashed assets; absent in development (Vite serves them). */
  clientDir?: string;
  dev?: boolean;
}

export function createApp({ services, pages, clientDir, dev = false }: AppOptions) {
  const app = new Hono<AppEnv>();

  app.use(requestContext(services.logger, services.env.TRUST_PROXY));
  app.use(securityHeaders(dev));

  app.get("/healthz", async (c) => {
    const up = await services.database.ping();
    c.header("Cache-Control", "no-store");
    return c.json({ status: up ? "ok" : "database unavailable" }, up ? 200 : 503);
  });

  if (clientDir) {
    app.use(
      "/assets/*",
      serveStatic({
        root: clientDir,
        onFound: (_p, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    );
    // Other files of build/client (favicon, service worker): only paths that name a file.
    app.use(
      "/:file{[A-Za-z0-9_.-]+\\.[a-z0-9]+}",
      serveStatic({
        root: clientDir,
        onFound: (_p, c) => {
          c.header("Cache-Control", "public, max-age=300");
        },
      }),
    );
  }

  app.use(cookiesAndSession(services));

  const api = new Hono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    // Personal by default; shared answers (/api/shared/*) set their own public policy.
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "private, no-store");
  });
  api.route("/", apiRouter(services));
  app.route("/api", api);
  app.all("/api/*", (c) => failure(c, 404, "お探しの API は見つかりませんでした"));
  app.route("/", siteRouter(services));

  app.all("*", async (c) => {
    if (!pages) return c.text("This page could not be found", 404);
    const url = new URL(c.req.url);
    const plain = withoutHtmlSuffix(url.pathname);
    let request = c.req.raw;
    if (plain !== url.pathname && (c.req.method === "GET" || c.req.method === "HEAD")) {
      url.pathname = plain;
      request = new Request(url, c.req.raw);
    }
    const page = await pages(request, {
      services,
      request: {
        member: c.get("member"),
        sessionToken: c.get("sessionToken"),
        visitorId: c.get("visitorId"),
        csrfToken: c.get("csrfToken"),
        requestId: c.get("requestId"),
      },
    });
    // Re-issue through the context so the cookies and headers middleware set are not dropped.
    return c.newResponse(page.body, page);
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) return failure(c, err.status, err.message, err.extra);
    c.get("log")?.error("unhandled error", { error: err });
    if (c.req.path.startsWith("/api/")) {
      return failure(c, 500, "エラーが発生しました。時間をおいて再度お試しください。");
    }
    return c.text("エラーが発生しました", 500);
  });

  return app;
}
