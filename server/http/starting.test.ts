import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { listen, PortUnavailable, STARTING_RETRY_AFTER, startingAnswer } from "./starting";

// Issue 21 item 36: the port was bound only after seeding, and a port taken meanwhile crashed
// the start with a raw `Unhandled 'error' event` EADDRINUSE stack.

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

async function started(handler = startingAnswer) {
  const server = createServer(handler);
  servers.push(server);
  await listen(server, 0, "127.0.0.1");
  return (server.address() as { port: number }).port;
}

describe("binding the port", () => {
  it("says in one line that a taken port is taken, naming PORT", async () => {
    const port = await started();
    const second = createServer();
    const failure = await listen(second, port, "127.0.0.1").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PortUnavailable);
    const message = (failure as Error).message;
    expect(message).toBe(
      `Failed to start: port ${port} on 127.0.0.1 is already in use (EADDRINUSE); stop the other server or set PORT to a free port`,
    );
    expect(message).not.toContain("\n");
    expect(second.listening).toBe(false);
  });
});

describe("while the store starts", () => {
  it("answers 503 with Retry-After: JSON to the API and /healthz, a page to a browser", async () => {
    const base = `http://127.0.0.1:${await started()}`;
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get("retry-after")).toBe(String(STARTING_RETRY_AFTER));
    expect(await health.json()).toEqual({ status: "starting" });
    const api = await fetch(`${base}/api/status`, { method: "POST", body: "{}" });
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe(String(STARTING_RETRY_AFTER));
    expect(await api.json()).toMatchObject({ result: false, error_message: expect.any(String) });
    const page = await fetch(`${base}/series/127`);
    expect(page.status).toBe(503);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("ただいま起動中です");
  });
});
