import { randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../lib/context";
import { clientAddress, type ForwardedRequest, isSecureRequest } from "../../lib/forwarded";
import type { Logger } from "../../logger";
import { setAnswerHeader } from "./answer-header";
import { answeredStatus } from "./answered-status";

/**
 * The request's logger, tagged with its id. Built on first use: most requests log only their
 * access line, and a child logger per request was a tenth of /api/status's time.
 */
class RequestLogger implements Logger {
  #child: Logger | undefined;
  constructor(
    private readonly root: Logger,
    private readonly requestId: string,
  ) {}
  private get log(): Logger {
    this.#child ??= this.root.child({ request_id: this.requestId });
    return this.#child;
  }
  debug(msg: string, fields?: Record<string, unknown>) {
    this.log.debug(msg, fields);
  }
  info(msg: string, fields?: Record<string, unknown>) {
    this.log.info(msg, fields);
  }
  warn(msg: string, fields?: Record<string, unknown>) {
    this.log.warn(msg, fields);
  }
  error(msg: string, fields?: Record<string, unknown>) {
    this.log.error(msg, fields);
  }
  child(fields: Record<string, unknown>): Logger {
    return this.log.child(fields);
  }
}

const incomingId = /^[A-Za-z0-9._-]{8,64}$/;

function forwardedRequest(c: Context<AppEnv>): ForwardedRequest {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // Requests handed to app.request() in tests have no socket.
  }
  return { url: c.req.url, header: (name) => c.req.header(name), socketAddress };
}

/**
 * Gives each request an id (kept from a trusted proxy's X-Request-Id), the browser's address and
 * scheme (read once, through the trusted proxy hops), a child logger and an access log line.
 */
export function requestContext(logger: Logger, trustedHops: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = c.req.header("x-request-id");
    const requestId = trustedHops > 0 && given && incomingId.test(given) ? given : randomUUID();
    const forwarded = forwardedRequest(c);
    c.set("clientAddress", clientAddress(forwarded, trustedHops));
    c.set("secure", isSecureRequest(forwarded, trustedHops));
    c.set("requestId", requestId);
    c.set("log", new RequestLogger(logger, requestId));
    const started = performance.now();
    await next();
    setAnswerHeader(c, "X-Request-Id", requestId);
    logger.info("request", {
      request_id: requestId,
      method: c.req.method,
      path: c.req.path,
      status: answeredStatus(c),
      ms: Math.round((performance.now() - started) * 10) / 10,
      member: c.get("member")?.userId ?? null,
      address: c.get("clientAddress"),
    });
  };
}
