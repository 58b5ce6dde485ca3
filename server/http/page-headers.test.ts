import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { HSTS } from "./middleware/security-headers";
import type { PageHandler } from "./pages";
import { Browser, createTestApp } from "./test-client";

/**
 * The headers the Hono app puts on rendered pages. The page renderer here answers a little HTML
 * with the nonce it was handed, as the React Router entry does with its scripts.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let app: ReturnType<typeof createApp>;
const page: PageHandler = async (_request, context) => {
  const { request } = context as { request: { cspNonce: string; csrfToken: string } };
  return new Response(
    `<!doctype html><script nonce="${request.cspNonce}">window.ct="${request.csrfToken}"</script>`,
    { headers: { "Content-Type": "text/html" } },
  );
};

beforeAll(async () => {
  t = await createTestApp();
  app = createApp({ services: t.services, pages: page });
});
afterAll(async () => {
  await t?.database.close();
});

const nonceIn = (csp: string) => /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'(;|$)/.exec(csp)?.[1];

describe("rendered pages", () => {
  it("allow only scripts carrying this response's nonce, never 'unsafe-inline'", async () => {
    const first = await app.request("http://localhost/home");
    const csp = first.headers.get("content-security-policy")!;
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
    const nonce = nonceIn(csp);
    expect(nonce).toBeDefined();
    expect(Buffer.from(nonce!, "base64")).toHaveLength(18);
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    const second = await app.request("http://localhost/home");
    expect(nonceIn(second.headers.get("content-security-policy")!)).not.toBe(nonce);
  });

  it("are never stored when they set a cookie or belong to a member", async () => {
    const firstVisit = new Browser(app);
    const response = await firstVisit.fetch("/home");
    expect(response.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    const member = new Browser(app);
    await member.postJson("/api/account/signup", {
      email: `pages-${Date.now()}@example.jp`,
      password: "password-123",
      agree: true,
    });
    const mine = await member.fetch("/mypage");
    expect(mine.headers.getSetCookie()).toHaveLength(0);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
  });

  it("for a returning visitor may sit in the browser only, checked again before reuse", async () => {
    const visitor = new Browser(app);
    await visitor.fetch("/home");
    const again = await visitor.fetch("/home");
    expect(again.headers.getSetCookie()).toHaveLength(0);
    expect(again.headers.get("cache-control")).toBe("private, no-cache");
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent when the trusted load balancer says the browser came over https", async () => {
    const secure = await app.request("http://localhost/home", {
      headers: { "x-forwarded-proto": "https" },
    });
    expect(secure.headers.get("strict-transport-security")).toBe(HSTS);
    expect(HSTS).toBe("max-age=31536000; includeSubDomains");
    const direct = await app.request("https://localhost/api/status");
    expect(direct.headers.get("strict-transport-security")).toBe(HSTS);
  });

  it("is not sent over plain http, nor when the client itself claims https", async () => {
    const plain = await app.request("http://localhost/home");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const claimed = await app.request("http://localhost/home", {
      headers: { "x-forwarded-proto": "https, http" },
    });
    expect(claimed.headers.get("strict-transport-security")).toBeNull();
  });
});
