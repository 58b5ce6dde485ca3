import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { API_POLICY, hardeningHeaders } from "./middleware/security-headers";

/** How long a client is asked to wait while the store starts (seconds). */
export const STARTING_RETRY_AFTER = 5;

const MESSAGE = "ただいま起動中です。しばらくしてから再度お試しください。";

/**
 * What the store answers between binding its port and being ready (migrations, the first
 * start's seed, rankings and the search index read into memory): 503 with Retry-After, in the
 * shape each client reads — JSON for the API and /healthz, a page that reloads itself for a
 * browser. The body of a request is never read; the connection is closed after the answer.
 */
export function startingAnswer(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? "/").split("?")[0]!;
  const headers: Record<string, string> = {
    "Retry-After": String(STARTING_RETRY_AFTER),
    "Cache-Control": "no-store",
    Connection: "close",
  };
  for (const [name, value] of hardeningHeaders(false, API_POLICY)) headers[name] = value;
  let body: string;
  if (path === "/healthz") {
    headers["Content-Type"] = "application/json; charset=UTF-8";
    body = JSON.stringify({ status: "starting" });
  } else if (path.startsWith("/api/")) {
    headers["Content-Type"] = "application/json; charset=UTF-8";
    body = JSON.stringify({ result: false, error_message: MESSAGE });
  } else {
    headers["Content-Type"] = "text/html; charset=UTF-8";
    body = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${STARTING_RETRY_AFTER}"><meta name="robots" content="noindex"><title>起動中 | コマヤ</title></head><body><main><h1>コマヤ</h1><p>${MESSAGE}</p></main></body></html>`;
  }
  res.writeHead(503, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A listen that failed, said in one line that names the setting to change. */
export class PortUnavailable extends Error {}

/** The one line for a listen error: what is wrong with PORT or HOST, and what to do. */
export function portProblem(error: NodeJS.ErrnoException, port: number, host: string): string {
  const where = `port ${port} on ${host}`;
  switch (error.code) {
    case "EADDRINUSE":
      return `Failed to start: ${where} is already in use (EADDRINUSE); stop the other server or set PORT to a free port`;
    case "EACCES":
      return `Failed to start: ${where} needs privileges this process lacks (EACCES); set PORT to 1024 or above`;
    case "EADDRNOTAVAIL":
      return `Failed to start: HOST ${host} is not an address of this machine (EADDRNOTAVAIL); set HOST, e.g. 0.0.0.0`;
    default:
      return `Failed to start: cannot listen on ${where} (${error.code ?? error.message}); check PORT and HOST`;
  }
}

/** Listens, or rejects with PortUnavailable when the port cannot be had. */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      server.off("listening", listening);
      reject(new PortUnavailable(portProblem(error, port, host)));
    };
    const listening = () => {
      server.off("error", failed);
      resolve();
    };
    server.once("error", failed);
    server.once("listening", listening);
    server.listen(port, host);
  });
}
