import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getCookie } from "hono/cookie";
import { IMPORT_MAX_BYTES } from "../../contract/catalog-import";
import { ART_UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES, uploadBodyLimit } from "../../contract/content";
import { withoutHtmlSuffix } from "../../contract/html-suffix";
import { NOT_KEPT_HEADER } from "../../contract/kept-page";
import type { AppEnv, AppServices } from "../lib/context";
import { ApiError, failure } from "../lib/errors";
import { checkPagePath, jsonBody, queryObject } from "../lib/input";
import { SHARED_PREFIX } from "../lib/shared-answers";
import { type PaymentProvider, sandboxProvider } from "../modules/commerce/payments/provider";
import { NEWS_READ_COOKIE, readNewsIds } from "../modules/news/read-cookie";
import { IMMUTABLE, precompressedAssets } from "./assets";
import { errorPage } from "./error-page";
import { KEPT_PAGES, keptPageRenders, type PageRequest } from "./kept-pages";
import { METRICS_PATH, metricsAnswer } from "./metrics";
import { setAnswerHeader } from "./middleware/answer-header";
import { CLIENT_CLOSED_REQUEST, clientGone } from "./middleware/answered-status";
import { compression } from "./middleware/compression";
import { cookiesAndSession } from "./middleware/cookies-and-session";
import { memberChanges } from "./middleware/member-changes";
import { requestContext } from "./middleware/request-context";
import { requestMetrics } from "./middleware/request-metrics";
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
  /** Takes the money at checkout; the in-process sandbox unless a real provider is given. */
  paymentProvider?: PaymentProvider;
  /** The clock kept page renders are timed by, to the second; tests hold it still. */
  pageClock?: () => number;
}

/** JSON calls carry a few fields; the topic editor's page content (500,000 characters) is the largest. */
export const JSON_BODY_LIMIT = 1024 * 1024;
export const TOPIC_BODY_LIMIT = 4 * 1024 * 1024;
/** A catalog delivery (decision 0093): the file's own bound plus the multipart envelope. */
export const IMPORT_BODY_LIMIT = IMPORT_MAX_BYTES + 64 * 1024;
const IMPORT_PATH = "/api/ops/catalog/import";

/** The body bound of a multipart upload's path; null: the path takes JSON. */
function multipartLimit(path: string): number | null {
  return uploadBodyLimit(path) ?? (path === IMPORT_PATH ? IMPORT_BODY_LIMIT : null);
}
const TOO_LARGE = "送信されたデータが大きすぎます";

/**
 * Pages (and their .data answers) carry the CSRF token and, for members, personal data: never
 * in a shared cache. A member's page or one that sets a cookie is not stored at all; a visitor's
 * page may be kept by the browser but is checked again before reuse (decision 0013).
 */
export function pageCacheControl(member: boolean, response: Response): string {
  return member || response.headers.getSetCookie().length > 0
    ? "private, no-store"
    : "private, no-cache";
}

export function createApp({
  services,
  pages,
  clientDir,
  dev = false,
  paymentProvider = sandboxProvider(),
  pageClock = Date.now,
}: AppOptions) {
  const app = new Hono<AppEnv>();

  app.use(requestMetrics(services.metrics, METRICS_PATH, (path) => pages?.routeOf?.(path)));
  app.use(requestContext(services.logger, services.env.TRUST_PROXY));
  app.use(securityHeaders(dev));
  app.use(compression());
  // Refused by Content-Length before a byte is read, or once a streamed body passes the limit.
  const limit = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body is never read: close the connection rather than drain it.
        c.header("Connection", "close");
        return c.req.path.startsWith("/api/") ? failure(c, 413, TOO_LARGE) : c.text(TOO_LARGE, 413);
      },
    });
  const jsonLimit = limit(JSON_BODY_LIMIT);
  const topicLimit = limit(TOPIC_BODY_LIMIT);
  const uploadLimits = new Map(
    [UPLOAD_MAX_BYTES, ART_UPLOAD_MAX_BYTES, IMPORT_BODY_LIMIT].map((n) => [n, limit(n)]),
  );
  app.use((c, next) => {
    // A GET carries no body; asking for one would build a whole web Request for nothing.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    // Uploads (pages, audio, covers, catalog deliveries) have limits of their own, still
    // checked before reading.
    const upload = multipartLimit(c.req.path);
    if (upload !== null) {
      return (uploadLimits.get(upload) ?? limit(upload))(c, next);
    }
    const topic =
      c.req.path.startsWith("/api/topic_page/") || c.req.path.startsWith("/api/ops/topic-pages");
    return topic ? topicLimit(c, next) : jsonLimit(c, next);
  });

  app.get("/healthz", async (c) => {
    const up = await services.database.ping();
    c.header("Cache-Control", "no-store");
    return c.json({ status: up ? "ok" : "database unavailable" }, up ? 200 : 503);
  });
  // Before the session: a scrape gets no cookie.
  app.get(METRICS_PATH, metricsAnswer(services));

  if (clientDir) {
    app.use("/assets/*", precompressedAssets(clientDir));
    // Byte ranges of an asset, which the precompressed handler leaves alone.
    app.use(
      "/assets/*",
      serveStatic({
        root: clientDir,
        onFound: (_p, c) => {
          c.header("Cache-Control", IMMUTABLE);
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

  const session = cookiesAndSession(services);
  const keptPages = keptPageRenders({ now: pageClock });
  app.use((c, next) => {
    // Shared answers are the same for everybody and publicly cacheable: they read no session
    // and must never carry a Set-Cookie that a CDN would hand to every visitor.
    if (c.req.method === "GET" && c.req.path.startsWith(SHARED_PREFIX)) {
      c.set("member", null);
      c.set("sessionToken", null);
      c.set("visitorId", "");
      c.set("csrfToken", "");
      return next();
    }
    return session(c, next);
  });
  app.use(memberChanges(services.memberKept));

  const api = new Hono<AppEnv>();
  // Every call's query and body pass the one reader before routing, so a call that ignores its
  // input still refuses malformed JSON or control characters instead of answering 200.
  // Uploads are multipart: their route reads the form itself (content/routes.ts).
  api.use(async (c, next) => {
    queryObject(c);
    // An upload is multipart: its own route reads and checks it.
    const reads = c.req.method !== "GET" && c.req.method !== "HEAD";
    if (reads && multipartLimit(c.req.path) === null) await jsonBody(c);
    await next();
  });
  api.use(async (c, next) => {
    await next();
    // Personal by default; shared answers (/api/shared/*) set their own public policy.
    if (!c.res.headers.has("Cache-Control"))
      setAnswerHeader(c, "Cache-Control", "private, no-store");
  });
  api.route("/", apiRouter(services, paymentProvider));
  app.route("/api", api);
  app.all("/api/*", (c) => failure(c, 404, "お探しの API は見つかりませんでした"));
  app.route("/", siteRouter(services));

  app.all("*", async (c) => {
    if (!pages) return c.text("This page could not be found", 404);
    const url = new URL(c.req.url);
    // Every page route's parameters at once (issue 21 item 7): /lottery/%00 reached PostgreSQL.
    try {
      checkPagePath(url.pathname);
    } catch (error) {
      if (error instanceof ApiError) return errorPage(c, error.status, error.message);
      throw error;
    }
    const plain = withoutHtmlSuffix(url.pathname);
    let request = c.req.raw;
    if (plain !== url.pathname && (c.req.method === "GET" || c.req.method === "HEAD")) {
      url.pathname = plain;
      request = new Request(url, c.req.raw);
    }
    const render = () =>
      pages(request, {
        services,
        request: {
          member: c.get("member"),
          sessionToken: c.get("sessionToken"),
          visitorId: c.get("visitorId"),
          csrfToken: c.get("csrfToken"),
          requestId: c.get("requestId"),
          cspNonce: c.get("cspNonce"),
        },
      });
    const member = c.get("member");
    const version =
      c.req.method === "GET" && member && KEPT_PAGES.has(url.pathname)
        ? await services.memberKept.version(member.userId)
        : null;
    const asking: PageRequest | null =
      c.req.method === "GET" && (member === null || version !== null)
        ? {
            url,
            member: member && version !== null ? { userId: member.userId, version } : null,
            userAgent: c.req.header("user-agent"),
            visitorId: c.get("visitorId"),
            sessionToken: c.get("sessionToken"),
            cspNonce: c.get("cspNonce"),
            csrfToken: c.get("csrfToken"),
            newsRead: readNewsIds(getCookie(c, NEWS_READ_COOKIE)),
          }
        : null;
    const key = asking && keptPages.keyOf(asking);
    const page = asking && key ? await keptPages.page(key, asking, render) : await render();
    // Re-issue through the context so the cookies and headers middleware set are not dropped.
    const response = c.newResponse(page.body, page);
    response.headers.delete(NOT_KEPT_HEADER);
    response.headers.set("Cache-Control", pageCacheControl(c.get("member") !== null, response));
    return response;
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) return failure(c, err.status, err.message, err.extra);
    // A body read or a render cut short because the client left: nothing failed here.
    if (clientGone(c)) return c.body(null, CLIENT_CLOSED_REQUEST as 400);
    c.get("log")?.error("unhandled error", { error: err });
    if (c.req.path.startsWith("/api/")) {
      return failure(c, 500, "エラーが発生しました。時間をおいて再度お試しください。");
    }
    return c.text("エラーが発生しました", 500);
  });

  return app;
}
