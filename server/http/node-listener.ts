import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Router } from "hono/router";
import type { RouterRoute } from "hono/types";
import type { AppServices } from "../lib/context";
import { isSecureRequest } from "../lib/forwarded";
import { SHARED_PREFIX, sharedKey, sharedReply } from "../lib/shared-answers";
import { endpointFinder } from "./middleware/request-metrics";
import { API_POLICY, hardeningHeaders } from "./middleware/security-headers";

/**
 * The node:http listener of the store. A GET of a shared answer this process already holds is
 * sent straight from memory, without building a web Request or passing the middleware chain:
 * such an answer only exists because the same URL went through the app once (input checked,
 * computed without a session), and it reads no cookie. Everything else goes to the Hono app.
 */
export function nodeListener(
  app: {
    fetch: (request: Request, env?: unknown) => Response | Promise<Response>;
    router: Router<[unknown, RouterRoute]>;
  },
  services: AppServices,
): (req: IncomingMessage, res: ServerResponse) => void {
  const toApp = getRequestListener(app.fetch);
  const trustedHops = services.env.TRUST_PROXY;
  const { logger, metrics } = services;
  const sharedRoute = endpointFinder(app.router, "GET");
  return (req, res) => {
    const url = req.url ?? "/";
    if (req.method === "GET" && url.startsWith(SHARED_PREFIX)) {
      const stored = services.sharedAnswers.peek(sharedKey(url));
      if (stored) {
        const started = performance.now();
        const reply = sharedReply(
          stored,
          req.headers["accept-encoding"],
          req.headers["if-none-match"],
        );
        const secure = isSecureRequest(
          {
            url: `http://${req.headers.host ?? "localhost"}${url}`,
            header: (name) => {
              const v = req.headers[name.toLowerCase()];
              return Array.isArray(v) ? v[0] : v;
            },
            socketAddress: req.socket.remoteAddress,
          },
          trustedHops,
        );
        const requestId = randomUUID();
        const headers: Record<string, string> = { ...reply.headers, "X-Request-Id": requestId };
        for (const [name, value] of hardeningHeaders(secure, API_POLICY)) headers[name] = value;
        res.writeHead(reply.status, headers);
        res.end(reply.body ?? undefined);
        const path = url.split("?")[0]!;
        const ms = performance.now() - started;
        metrics.observeRequest("GET", sharedRoute(path), reply.status, ms / 1000);
        logger.info("request", {
          request_id: requestId,
          method: "GET",
          path,
          status: reply.status,
          ms: Math.round(ms * 10) / 10,
          member: null,
          shared: "memory",
        });
        return;
      }
    }
    toApp(req, res);
  };
}
