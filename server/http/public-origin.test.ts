import { createServer, request as httpRequest, type Server } from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../modules/mail/schema";
import { nodeListener } from "./node-listener";
import { Browser, createTestApp } from "./test-client";

// Issue 21 item 6: with PUBLIC_URL unset, a newsletter request sent with `Host: evil.example`
// queued a mail linking to evil.example, robots.txt and the sitemap answered evil.example URLs
// under `public, max-age=3600`, and with TRUST_PROXY=1 a client's X-Forwarded-Host was believed.
// The test app runs with TRUST_PROXY=1 and no PUBLIC_URL: its links go to http://localhost:3000.

let t: Awaited<ReturnType<typeof createTestApp>>;
let server: Server;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  server = createServer(nodeListener(t.app, t.services));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t?.database.close();
});

const STORE = "http://localhost:3000";
const HOSTILE = {
  host: "evil.example",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
};

/** A request over a real socket, naming whatever Host it likes, as curl can. */
function send(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path, method: options.method ?? "GET", headers: options.headers },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

describe("absolute links come from configuration, never the request (issue 21 item 6)", () => {
  it("a newsletter turned on with Host and X-Forwarded-Host of evil.example links to the store", async () => {
    const email = `origin-${Date.now()}@example.jp`;
    const browser = new Browser(t.app);
    await browser.postJson("/api/account/signup", { email, password: "password-123", agree: true });
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const answer = await send("/api/newsletter", {
      method: "POST",
      headers: {
        ...HOSTILE,
        cookie,
        "content-type": "application/json",
        "x-csrftoken": browser.cookies.get("ct")!,
      },
      body: JSON.stringify({ enable: true }),
    });
    expect(answer.status).toBe(200);
    const [mail] = await t.services.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.kind, "newsletter_confirmed")));
    expect(mail!.body).toContain(`${STORE}/unsubscribe_newsletter?`);
    expect(mail!.headers?.["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/unsubscribe_newsletter\?u=/,
    );
    expect(JSON.stringify(mail)).not.toContain("evil.example");
  });

  it("a sign-up with the newsletter, sent to Host evil.example, links to the store", async () => {
    const email = `origin-signup-${Date.now()}@example.jp`;
    const status = await send("/api/status", { headers: HOSTILE });
    const ct = /ct=([^;]+)/.exec(String(status.headers["set-cookie"]))![1]!;
    const answer = await send("/api/account/signup", {
      method: "POST",
      headers: {
        ...HOSTILE,
        cookie: `ct=${ct}`,
        "content-type": "application/json",
        "x-csrftoken": ct,
      },
      body: JSON.stringify({ email, password: "password-123", agree: true, newsletter: true }),
    });
    expect(answer.status).toBe(200);
    const mails = await t.services.db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(mails.map((m) => m.kind)).toContain("newsletter_confirmed");
    expect(JSON.stringify(mails)).not.toContain("evil.example");
  });

  it("robots.txt and the sitemap name the store, not the Host or X-Forwarded-Host", async () => {
    for (const path of ["/robots.txt", "/sitemap.xml", "/sitemaps/top.xml"]) {
      const answer = await send(path, { headers: HOSTILE });
      expect(answer.status, path).toBe(200);
      expect(answer.text, path).not.toContain("evil.example");
      expect(answer.text, path).toContain(STORE);
    }
  });
});
