import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../lib/context";
import type { Logger } from "../../logger";

const incomingId = /^[A-Za-z0-9._-]{8,64}$/;

/** Gives each request an id (kept from a trusted proxy's X-Request-Id), a child logger and an access log line. */
export function requestContext(logger: Logger, trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = c.req.header("x-request-id");
    const requestId = trustProxy && given && incomingId.test(given) ? given : randomUUID();
    const log = logger.child({ request_id: requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    const started = performance.now();
    await next();
    c.header("X-Request-Id", requestId);
    log.info("request", {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      member: c.get("member")?.userId ?? null,
    });
  };
}
