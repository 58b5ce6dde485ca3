import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicSession } from "../pages/status";
import { createApp } from "./app";
import type { PageHandler } from "./pages";
import { Browser, createTestApp } from "./test-client";
import { type VisitorRequest, visitorPageCache } from "./visitor-pages";

/**
 * A visitor's /home is rendered once a second and shared; each visitor still gets their own CSP
 * nonce, session id and CSRF token, and a member's page is always their own render.
 */
interface PageContext {
  request: {
    cspNonce: string;
    csrfToken: string;
    visitorId: string;
    sessionToken: string | null;
    member: { userId: number } | null;
  };
}
let renders = 0;
const page: PageHandler = async (_request, context) => {
  renders++;
  const { request } = context as PageContext;
  const who = request.member ? `member ${request.member.userId}` : "visitor";
  return new Response(
    `<!doctype html><p>${who}</p><script nonce="${request.cspNonce}">window.s="${publicSession(request)}";window.ct="${request.csrfToken}"</script><script nonce="${request.cspNonce}"></script>`,
    { headers: { "Content-Type": "text/html" } },
  );
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp();
  app = createApp({ services: t.services, pages: page });
});
afterAll(async () => {
  await t.database.close();
});

const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1]!;

async function ownValues(browser: Browser, response: Response) {
  const html = await response.text();
  const status = (await (await browser.fetch("/api/status")).json()) as { session: string };
  return { html, nonce: nonceOf(response), session: status.session, ct: browser.cookies.get("ct") };
}

describe("a visitor's shared /home", () => {
  it("carries each request's own nonce, session id and CSRF token", async () => {
    const visitors = [new Browser(app), new Browser(app), new Browser(app)];
    for (const v of visitors) await v.open();
    const seen = new Set<string>();
    for (const v of [...visitors, ...visitors]) {
      const own = await ownValues(v, await v.fetch("/home"));
      expect(own.html).toContain(`<script nonce="${own.nonce}">window.s="${own.session}"`);
      expect(own.html).toContain(`window.ct="${own.ct}"`);
      expect(own.html.split(`nonce="${own.nonce}"`)).toHaveLength(3);
      seen.add(own.nonce);
    }
    expect(seen.size).toBe(6);
  });

  it("is never what a member sees, and a member's page is never kept for anyone", async () => {
    const visitor = new Browser(app);
    await visitor.fetch("/home");
    const member = new Browser(app);
    const signup = await member.postJson<{ uid?: number }>("/api/account/signup", {
      email: `visitor-pages-${Date.now()}@example.jp`,
      password: "password-123",
      agree: true,
    });
    expect(signup.body.result).toBe(true);
    const before = renders;
    const mine = await (await member.fetch("/home")).text();
    expect(mine).toMatch(/<p>member \d+<\/p>/);
    expect(renders).toBe(before + 1);
    await member.fetch("/home");
    expect(renders).toBe(before + 2);
    expect(await (await visitor.fetch("/home")).text()).toContain("<p>visitor</p>");
  });
});

describe("visitorPageCache", () => {
  const request = (over: Partial<VisitorRequest> = {}): VisitorRequest => ({
    url: new URL("http://x/home?genre=2"),
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)",
    visitorId: "v1",
    sessionToken: null,
    cspNonce: `n${Math.random()}`,
    csrfToken: "",
    ...over,
  });
  const html = (req: VisitorRequest) =>
    new Response(`<script nonce="${req.cspNonce}">${publicSession(req)}</script>`, {
      headers: { "Content-Type": "text/html" },
    });

  it("renders once a second per address, device and control group", async () => {
    let clock = 10_000;
    const cache = visitorPageCache(() => clock);
    let count = 0;
    const serve = async (req: VisitorRequest) => {
      const key = cache.keyOf(req)!;
      return (
        await cache.page(key, req, async () => {
          count++;
          return html(req);
        })
      ).text();
    };
    const a = request();
    await Promise.all([serve(a), serve(request()), serve(request())]);
    expect(count).toBe(1);
    const b = request();
    expect(await serve(b)).toBe(`<script nonce="${b.cspNonce}">${publicSession(b)}</script>`);
    expect(count).toBe(1);
    await serve(request({ userAgent: "Mozilla/5.0 (X11; Linux x86_64)" }));
    await serve(request({ url: new URL("http://x/home?genre=3") }));
    expect(count).toBe(3);
    clock += 1000;
    await serve(request());
    expect(count).toBe(4);
  });

  it("serves the render before while the next one runs, if it is recent", async () => {
    let clock = 50_000;
    const cache = visitorPageCache(() => clock);
    const req = request();
    const key = cache.keyOf(req)!;
    await cache.page(key, req, async () => html(req));
    clock += 2000;
    let release: () => void = () => {};
    const slow = cache.page(key, request(), async () => {
      await new Promise<void>((r) => {
        release = r;
      });
      return html(req);
    });
    const other = request();
    expect(await (await cache.page(key, other, async () => html(other))).text()).toContain(
      other.cspNonce,
    );
    release();
    await (await slow).text();
  });

  it("keeps only visitor pages it may share", async () => {
    const cache = visitorPageCache();
    expect(cache.keyOf(request({ url: new URL("http://x/cart") }))).toBeNull();
    expect(
      cache.keyOf(request({ userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" })),
    ).toBeNull();
    let count = 0;
    const failing = async () => {
      count++;
      return new Response("busy", { status: 503, headers: { "Content-Type": "text/html" } });
    };
    const req = request();
    await cache.page(cache.keyOf(req)!, req, failing);
    await cache.page(cache.keyOf(req)!, req, failing);
    expect(count).toBe(2);
  });
});
