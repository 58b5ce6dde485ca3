import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCountdown, pageClockText } from "../../contract/page-clock";
import { tokyoDateTime } from "../../contract/tokyo-time";
import { forgetCatalog } from "../lib/catalog-generation";
import { publicSession } from "../pages/status";
import { createApp } from "./app";
import { keptPageRenders, type PageRequest, REFRESH_SECONDS, STALE_SECONDS } from "./kept-pages";
import type { PageHandler } from "./pages";
import { Browser, createTestApp } from "./test-client";

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
  // The clock held within one second: whether a render is kept never depends on timing.
  const second = Date.now();
  app = createApp({ services: t.services, pages: page, pageClock: () => second });
});
afterAll(async () => {
  await t?.database.close();
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

  it("is never what a member sees; a member's own render is kept for them until they change something", async () => {
    const visitor = new Browser(app);
    await visitor.fetch("/home");
    const signUp = async () => {
      const browser = new Browser(app);
      const signup = await browser.postJson<{ uid?: number }>("/api/account/signup", {
        email: `kept-pages-${Date.now()}-${Math.random()}@example.jp`,
        password: "password-123",
        agree: true,
      });
      expect(signup.body.result).toBe(true);
      return browser;
    };
    const member = await signUp();
    const before = renders;
    const mine = await ownValues(member, await member.fetch("/home"));
    const me = /<p>member (\d+)<\/p>/.exec(mine.html)?.[1];
    expect(me).toBeDefined();
    expect(renders).toBe(before + 1);

    // The same member again within the second: the render is theirs, with this request's nonce.
    const again = await ownValues(member, await member.fetch("/home"));
    expect(again.html).toContain(`<p>member ${me}</p>`);
    expect(again.html).toContain(`<script nonce="${again.nonce}">window.s="${again.session}"`);
    expect(again.nonce).not.toBe(mine.nonce);

    // Another member never gets it, nor does a visitor.
    const other = await signUp();
    const theirs = await (await other.fetch("/home")).text();
    expect(theirs).toMatch(/<p>member \d+<\/p>/);
    expect(theirs).not.toContain(`<p>member ${me}</p>`);
    expect(await (await visitor.fetch("/home")).text()).toContain("<p>visitor</p>");

    // Any call of theirs that may write (even a refused one) makes their next page a new render.
    const rendered = renders;
    await member.fetch("/home");
    expect(renders).toBe(rendered);
    await member.postJson("/api/cart_add", { items: [] });
    await member.fetch("/home");
    expect(renders).toBe(rendered + 1);
  });
});

describe("keptPageRenders", () => {
  const request = (over: Partial<PageRequest> = {}): PageRequest => ({
    url: new URL("http://x/home?genre=2"),
    member: null,
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)",
    visitorId: "v1",
    sessionToken: null,
    cspNonce: `n${Math.random()}`,
    csrfToken: "",
    newsRead: [],
    ...over,
  });
  const html = (req: PageRequest) =>
    new Response(`<script nonce="${req.cspNonce}">${publicSession(req)}</script>`, {
      headers: { "Content-Type": "text/html" },
    });

  it("renders once a second per address, device and control group", async () => {
    let clock = 10_000;
    const cache = keptPageRenders({ now: () => clock });
    let count = 0;
    const serve = async (req: PageRequest) => {
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

  it("renders again after a catalog change, for visitors and a member's /cart alike", async () => {
    const cache = keptPageRenders({ now: () => 50_000 });
    let count = 0;
    const serve = async (req: PageRequest) =>
      (
        await cache.page(cache.keyOf(req)!, req, async () => {
          count++;
          return html(req);
        })
      ).text();
    const member = { userId: 7, version: "3" };
    const cart = () => request({ url: new URL("http://x/cart"), member });
    await serve(request());
    await serve(cart());
    await serve(request());
    await serve(cart());
    expect(count).toBe(2);
    forgetCatalog();
    await serve(request());
    await serve(cart());
    expect(count).toBe(4);
  });

  it("does not keep a render begun before a catalog change", async () => {
    const cache = keptPageRenders({ now: () => 60_000 });
    const page = (text: string) =>
      new Response(`<p>${text}</p>`, { headers: { "Content-Type": "text/html" } });
    let release!: () => void;
    const req = request();
    const key = cache.keyOf(req)!;
    const slow = cache.page(key, req, async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return page("old price");
    });
    await Promise.resolve();
    forgetCatalog();
    // Asked after the change: it does not wait for the render begun before it.
    expect(await (await cache.page(key, request(), async () => page("new price"))).text()).toBe(
      "<p>new price</p>",
    );
    release();
    expect(await (await slow).text()).toBe("<p>old price</p>");
    await new Promise((r) => setTimeout(r, 10));
    const later = await cache.page(key, request(), async () => page("rendered again"));
    expect(await later.text()).toBe("<p>new price</p>");
  });

  it("keeps a render apart for the notices the browser has read (nr cookie: no NEW on them)", () => {
    const cache = keptPageRenders({ now: () => 10_000 });
    const none = cache.keyOf(request());
    const read = cache.keyOf(request({ newsRead: [24, 23] }));
    expect(read).not.toBe(none);
    expect(cache.keyOf(request({ newsRead: [23, 24] }))).toBe(read);
  });

  it("serves a recent render at once and makes the next one behind it, once", async () => {
    let clock = 70_000;
    const cache = keptPageRenders({ now: () => clock });
    let count = 0;
    let release: () => void = () => {};
    const serve = async (req: PageRequest, slow = false) =>
      (
        await cache.page(cache.keyOf(req)!, req, async () => {
          count++;
          if (slow)
            await new Promise<void>((r) => {
              release = r;
            });
          return new Response(`<p>render ${count}</p><i>${req.cspNonce}</i>`, {
            headers: { "Content-Type": "text/html" },
          });
        })
      ).text();
    expect(await serve(request())).toContain("render 1");
    clock += 3000;
    // Three seconds later: the first render, this request's own nonce, and one render begun.
    const late = request();
    expect(await serve(late, true)).toBe(`<p>render 1</p><i>${late.cspNonce}</i>`);
    expect(await serve(request(), true)).toContain("render 1");
    expect(count).toBe(2);
    release();
    await new Promise((r) => setTimeout(r, 10));
    expect(await serve(request())).toContain("render 2");
    // Past STALE_SECONDS nothing old is served: the request waits for its own render.
    clock += (STALE_SECONDS + 1) * 1000;
    expect(await serve(request())).toContain("render 3");
  });

  it("makes the renders behind served pages one after another, not side by side", async () => {
    let clock = 30_000;
    const cache = keptPageRenders({ now: () => clock });
    const running: number[] = [];
    const releases: Array<() => void> = [];
    let slow = false;
    const serve = async (genre: number) => {
      const req = request({ url: new URL(`http://x/home?genre=${genre}`) });
      return (
        await cache.page(cache.keyOf(req)!, req, async () => {
          running.push(genre);
          if (slow) await new Promise<void>((r) => releases.push(r));
          running.splice(running.indexOf(genre), 1);
          return new Response(`<p>genre ${genre} at ${clock}</p>`, {
            headers: { "Content-Type": "text/html" },
          });
        })
      ).text();
    };
    await serve(1);
    await serve(2);
    clock += 2000;
    slow = true;
    // Both pages are served at once from their recent renders; their next renders queue.
    expect(await serve(1)).toBe("<p>genre 1 at 30000</p>");
    expect(await serve(2)).toBe("<p>genre 2 at 30000</p>");
    await new Promise((r) => setTimeout(r, 10));
    expect(running).toEqual([1]);
    releases.shift()!();
    await new Promise((r) => setTimeout(r, 10));
    expect(running).toEqual([2]);
    releases.shift()!();
    await new Promise((r) => setTimeout(r, 10));
    expect(running).toEqual([]);
    expect(await serve(2)).toBe("<p>genre 2 at 32000</p>");
  });

  it("serves the render before while the next one runs, if it is recent", async () => {
    let clock = 50_000;
    const cache = keptPageRenders({ now: () => clock });
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

  it("keeps the renders used most recently, dropping the oldest past its bound", async () => {
    const cache = keptPageRenders({ now: () => 90_000, maxKeys: 2 });
    let count = 0;
    const serve = async (genre: number) => {
      const req = request({ url: new URL(`http://x/home?genre=${genre}`) });
      const made = async () => {
        count++;
        return html(req);
      };
      await (await cache.page(cache.keyOf(req)!, req, made)).text();
    };
    await serve(1);
    await serve(2);
    await serve(1); // 1 is now the most recently used
    await serve(3); // drops 2
    expect(count).toBe(3);
    await serve(1);
    expect(count).toBe(3);
    await serve(2);
    expect(count).toBe(4);
  });

  it("keeps only visitor pages it may share", async () => {
    const cache = keptPageRenders();
    expect(cache.keyOf(request({ url: new URL("http://x/point_detail") }))).toBeNull();
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

  /** A page as the shell draws it: the clock string in the page data, the bar's digits. */
  const clockPage = (at: number, signup: number, sale = 0, req = request()) => {
    const clock = pageClockText({
      timestamp: at,
      now: tokyoDateTime(new Date(at * 1000)),
      signupCouponSeconds: signup,
      specialSaleSeconds: sale,
    });
    const digits = signup > 0 ? `<time>${formatCountdown(signup)}</time>` : "";
    return new Response(`${digits}<script>"${clock}"</script><i>${req.cspNonce}</i>`, {
      headers: { "Content-Type": "text/html" },
    });
  };
  /** A kept page whose sign-up coupon countdown began `signup` seconds before start. */
  const servesWithClock = (startMs: number, signup: number) => {
    let clock = startMs;
    const cache = keptPageRenders({ now: () => clock });
    let count = 0;
    return {
      tick(seconds: number) {
        clock += seconds * 1000;
      },
      get renders() {
        return count;
      },
      async serve(req = request()) {
        const response = await cache.page(cache.keyOf(req)!, req, async () => {
          count++;
          const second = Math.floor(clock / 1000);
          const left = signup > 0 ? signup - (second - startMs / 1000) : 0;
          return clockPage(second, left, 0, req);
        });
        return response.text();
      },
    };
  };
  const expected = (at: number, signup: number, req: PageRequest) =>
    clockPage(at, signup, 0, req).text();

  it("serves a render in the seconds after its own with the clock of the second it is served in", async () => {
    const start = 1_795_500_000; // 10:00:00 Tokyo: an hour to go before the campaigns switch
    const page = servesWithClock(start * 1000, 259_199);
    await page.serve();
    page.tick(3);
    const later = request();
    // No new render: the countdown digits, status time and timestamp are of this second.
    expect(await page.serve(later)).toBe(await expected(start + 3, 259_196, later));
    expect(page.renders).toBe(1);
    page.tick(REFRESH_SECONDS - 3);
    const refresh = request();
    expect(await page.serve(refresh)).toBe(
      await expected(start + REFRESH_SECONDS, 259_189, refresh),
    );
    // Past REFRESH_SECONDS the next render is made behind the page served.
    await new Promise((r) => setTimeout(r, 10));
    expect(page.renders).toBe(2);
  });

  it("gives a render no other clock when more than the clock would differ", async () => {
    // A countdown coming down to its bar's threshold (600 s): the bar is about to go.
    const start = 1_795_500_000;
    const near = servesWithClock(start * 1000, 605);
    await near.serve();
    near.tick(3);
    expect(await near.serve()).toContain(`<time>${formatCountdown(602)}</time>`);
    near.tick(3);
    // 599 s left by the first render's clock: that render is past its use and too old to serve.
    expect(await near.serve()).toContain(`${start + 6}|`);
    expect(near.renders).toBe(2);

    // A new hour: campaigns switch, so the render before serves as it was, and a new one is made.
    const hourEnd = 1_795_503_600;
    const hour = servesWithClock((hourEnd - 2) * 1000, 0);
    await hour.serve();
    hour.tick(3);
    const stale = request();
    expect(await hour.serve(stale)).toBe(await expected(hourEnd - 2, 0, stale));
    await new Promise((r) => setTimeout(r, 10));
    expect(hour.renders).toBe(2);
    expect(await hour.serve()).toContain(`${hourEnd + 1}|`);

    // A page that shows two clocks is never given another.
    const cache = keptPageRenders({ now: () => clock });
    let clock = start * 1000;
    const twice = async (req: PageRequest) =>
      (
        await cache.page(cache.keyOf(req)!, req, async () => {
          const text = pageClockText({
            timestamp: start,
            now: tokyoDateTime(new Date(start * 1000)),
            signupCouponSeconds: 0,
            specialSaleSeconds: 0,
          });
          return new Response(`"${text}""${text}"`, { headers: { "Content-Type": "text/html" } });
        })
      ).text();
    await twice(request());
    clock += 2000;
    expect(await twice(request())).toContain(`${start}|`);
  });

  it("gives up a render behind served pages that hangs, so the next one still runs", async () => {
    let clock = 40_000;
    const cache = keptPageRenders({ now: () => clock, behindLimitMs: 30 });
    let hang = false;
    const made: number[] = [];
    const serve = async (genre: number) => {
      const req = request({ url: new URL(`http://x/home?genre=${genre}`) });
      return (
        await cache.page(cache.keyOf(req)!, req, async () => {
          if (hang && genre === 1) await new Promise(() => {});
          made.push(genre);
          return new Response(`<p>${genre} at ${clock}</p>`, {
            headers: { "Content-Type": "text/html" },
          });
        })
      ).text();
    };
    await serve(1);
    await serve(2);
    clock += 2000;
    hang = true;
    await serve(1); // its next render hangs
    await serve(2); // and this one's is queued behind it
    await new Promise((r) => setTimeout(r, 100));
    expect(made).toEqual([1, 2, 2]);
    expect(await serve(2)).toBe("<p>2 at 42000</p>");
    // The hung key is free to render again.
    hang = false;
    clock += 1000;
    await serve(1);
    await new Promise((r) => setTimeout(r, 10));
    expect(made).toEqual([1, 2, 2, 1]);
  });

  it("does not make a render queued for a member under a version they have since left", async () => {
    let clock = 60_000;
    const cache = keptPageRenders({ now: () => clock });
    const made: string[] = [];
    const serve = async (version: string) => {
      const req = request({ member: { userId: 7, version } });
      return (
        await cache.page(cache.keyOf(req)!, req, async () => {
          made.push(version);
          return new Response(`<p>v${version}</p>`, { headers: { "Content-Type": "text/html" } });
        })
      ).text();
    };
    // Hold the queue with another key's render, so member 7's next render waits in it.
    let release: () => void = () => {};
    const holder = request({ url: new URL("http://x/home?genre=9") });
    await (await cache.page(cache.keyOf(holder)!, holder, async () => html(holder))).text();
    await serve("1");
    clock += 2000;
    await cache.page(cache.keyOf(holder)!, holder, async () => {
      await new Promise<void>((r) => {
        release = r;
      });
      return html(holder);
    });
    expect(await serve("1")).toBe("<p>v1</p>"); // served; its next render queued
    expect(await serve("2")).toBe("<p>v2</p>"); // they changed something: a render of their own
    release();
    await new Promise((r) => setTimeout(r, 10));
    expect(made).toEqual(["1", "2"]);
  });
});
