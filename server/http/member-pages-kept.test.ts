import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_KEPT_HEADER } from "../../contract/kept-page";
import { users } from "../modules/account/schema";
import { publishers, series } from "../modules/catalog/schema";
import { insertVolumes } from "../modules/catalog/test-fixture";
import { cartPage } from "../pages/cart";
import { createApp } from "./app";
import type { PageHandler } from "./pages";
import { Browser, createTestApp } from "./test-client";

/**
 * A member's /cart, /bookshelf and /order_history are kept for them under their version
 * (decision 0080), as /home is: served again from memory until they change something, and never
 * once they have. The page here is the cart assembler's answer, as the /cart loader renders it.
 */
let renders = 0;
const page: PageHandler = async (request, context) => {
  renders++;
  const { services, request: req } = context as {
    services: Awaited<ReturnType<typeof createTestApp>>["services"];
    request: { member: { userId: number } | null; cspNonce: string };
  };
  const url = new URL(request.url);
  if (!req.member) return new Response("login", { status: 302, headers: { Location: "/login" } });
  const cart = await cartPage(services.db, req.member.userId, {});
  const headers = new Headers({ "Content-Type": "text/html" });
  if (url.searchParams.has("lapses")) headers.set(NOT_KEPT_HEADER, "1");
  return new Response(
    `<!doctype html><p>${url.pathname} of ${req.member.userId}: ${cart.cart_count} items, ${cart.amount} yen</p><script nonce="${req.cspNonce}"></script>`,
    { headers },
  );
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let app: ReturnType<typeof createApp>;
const past = new Date("2026-01-01T00:00:00Z");
beforeAll(async () => {
  t = await createTestApp();
  const second = Date.now();
  app = createApp({ services: t.services, pages: page, pageClock: () => second });
  const db = t.services.db;
  await db.insert(publishers).values({ publisherId: 1, name: "桜風社", nameKana: "オウフウシャ" });
  await db.insert(series).values({
    seriesId: 1,
    name: "恋と花嫁",
    nameKana: "コイトハナヨメ",
    publisherId: 1,
    startDate: past,
  });
  const rows = [1, 2].map((v) => ({
    bookId: 100 + v,
    seriesId: 1,
    itemId: 2000 + v,
    volume: v,
    title: `恋と花嫁 ${v}`,
    price: 600,
    priceInc: 660,
    onsaleFlag: true,
    itemStartDate: past,
    pageCount: 30,
  }));
  await insertVolumes(db, rows);
});
afterAll(async () => {
  await t?.database.close();
});

async function member() {
  const browser = new Browser(app);
  const email = `member-pages-${Math.random().toString(36).slice(2)}@example.jp`;
  await browser.postJson("/api/account/signup", { email, password: "password-123", agree: true });
  const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
  return { browser, userId: row!.userId };
}

const text = async (browser: Browser, path: string) => (await browser.fetch(path)).text();

describe("a member's own pages kept for them", () => {
  it("show a cart change at once: the count and the price after each add and remove", async () => {
    const { browser, userId } = await member();
    expect(await text(browser, "/cart")).toContain(`/cart of ${userId}: 0 items, 0 yen`);
    const rendered = renders;
    // Unchanged: served from memory, not rendered again.
    expect(await text(browser, "/cart")).toContain(`/cart of ${userId}: 0 items, 0 yen`);
    expect(renders).toBe(rendered);

    expect((await browser.postJson("/api/cart_add", { items: [2001] })).body.result).toBe(true);
    expect(await text(browser, "/cart")).toContain(`/cart of ${userId}: 1 items, 660 yen`);
    expect((await browser.postJson("/api/cart_add", { items: [2002] })).body.result).toBe(true);
    expect(await text(browser, "/cart")).toContain(`/cart of ${userId}: 2 items, 1320 yen`);
    expect((await browser.postJson("/api/cart_remove", { items: [2001] })).body.result).toBe(true);
    expect(await text(browser, "/cart")).toContain(`/cart of ${userId}: 1 items, 660 yen`);
    expect(renders).toBe(rendered + 3);
  });

  it("are each member's own: another member never gets them", async () => {
    const a = await member();
    const b = await member();
    await a.browser.postJson("/api/cart_add", { items: [2001] });
    for (const path of ["/cart", "/bookshelf", "/order_history"]) {
      expect(await text(a.browser, path)).toContain(`${path} of ${a.userId}: 1 items`);
      expect(await text(b.browser, path)).toContain(`${path} of ${b.userId}: 0 items`);
      expect(await text(a.browser, path)).toContain(`${path} of ${a.userId}: 1 items`);
    }
  });

  it("are not kept when the page says its render lapses, and the word never leaves the server", async () => {
    const { browser } = await member();
    const first = await browser.fetch("/bookshelf?lapses=1");
    expect(first.headers.has(NOT_KEPT_HEADER)).toBe(false);
    await first.text();
    const rendered = renders;
    await text(browser, "/bookshelf?lapses=1");
    expect(renders).toBe(rendered + 1);
  });

  it("are not served after logout, even to the logged-out session's cookie", async () => {
    const { browser, userId } = await member();
    expect(await text(browser, "/cart")).toContain(`/cart of ${userId}`);
    const cookies = new Map(browser.cookies);
    await browser.postJson("/api/account/logout");
    const stale = new Browser(app);
    for (const [k, v] of cookies) stale.cookies.set(k, v);
    const after = await stale.fetch("/cart");
    expect(after.status).toBe(302);
  });
});
