import type { Page, TestInfo } from "@playwright/test";
import { DEMO_MEMBER, expect, login, screenshot, test, visit } from "./fixtures";

// Floating promotions never cover the store (issue 21 item 38; decision 0064): the app banner,
// the coupon balloon and the corner banner (popup type 34) lie over no read or buy button, no
// tab of the tab bar, no link of the side column's lists and no floating tool button, and on a
// phone at most one of them shows at a time.

/** The store's floating promotions, by what they have always been called. */
const PROMOS = ["[data-testid=app-banner]", ".coupon-balloon", "[data-testid=popup-banner]"];

interface Seen {
  promos: string[];
  covered: string[];
}

/**
 * What is on screen now: the promotions a reader sees, and each primary action one of them lies
 * over (read and buy buttons by their labels, the tabs, the side column's list links, the
 * floating search and back-to-top buttons).
 */
async function onScreen(page: Page): Promise<Seen> {
  return page.evaluate((promoSelectors) => {
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return (
        style.visibility !== "hidden" &&
        style.display !== "none" &&
        Number(style.opacity) > 0 &&
        r.width > 0 &&
        r.height > 0 &&
        r.bottom > 0 &&
        r.top < window.innerHeight
      );
    };
    const promos = promoSelectors.flatMap((s) =>
      Array.from(document.querySelectorAll(s)).filter(shown),
    );
    const readOrBuy = Array.from(document.querySelectorAll("main a, main button")).filter((el) =>
      /読む|試し読み|カートに入れる|購入|まとめて|試聴|再生する/.test(el.textContent ?? ""),
    );
    const actions = [
      ...readOrBuy,
      ...document.querySelectorAll("main .tp-button"),
      ...document.querySelectorAll(".footer-tabs a, .sidebar__list a, .floating-button"),
    ].filter(shown);
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}.${el.className.toString().split(" ")[0]} "${(el.textContent ?? el.getAttribute("aria-label") ?? "").trim().slice(0, 16)}"`;
    const covered: string[] = [];
    for (const promo of promos) {
      const p = promo.getBoundingClientRect();
      for (const action of actions) {
        if (promo.contains(action)) continue;
        const a = action.getBoundingClientRect();
        if (!(p.left < a.right && a.left < p.right && p.top < a.bottom && a.top < p.bottom)) {
          continue;
        }
        // Really drawn there (not clipped away by a sideways strip), under the promotion.
        const x = (Math.max(p.left, a.left) + Math.min(p.right, a.right)) / 2;
        const y = (Math.max(p.top, a.top) + Math.min(p.bottom, a.bottom)) / 2;
        const stack = document.elementsFromPoint(x, y);
        if (stack.some((hit) => action === hit || action.contains(hit))) {
          covered.push(`${name(promo)} covers ${name(action)}`);
        }
      }
    }
    return { promos: promos.map(name), covered };
  }, PROMOS);
}

const isPhone = (info: TestInfo) => info.project.name === "phone";

// Each test reads whole pages at every scroll stop.
test.setTimeout(240_000);

/**
 * Scrolls the whole page in steps, as a reader would, checking at each stop; answers every
 * promotion seen on the way.
 */
async function scrollThrough(page: Page, info: TestInfo): Promise<Set<string>> {
  const seen = new Set<string>();
  const step = Math.round((page.viewportSize()?.height ?? 800) * 0.7);
  // The page grows as its sections load: go on until the end is really reached.
  for (let y = 0, last = -1; ; y += step) {
    const top = await page.evaluate((to) => {
      window.scrollTo(0, to);
      return Math.round(window.scrollY);
    }, y);
    // A promotion decides where to be within a frame or two of the scroll; on a busy machine
    // frames come late, so each stop is given a moment to settle rather than a fixed pause.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    let now: Seen = { promos: [], covered: [] };
    await expect
      .poll(
        async () => {
          now = await onScreen(page);
          return [...now.covered, ...(isPhone(info) && now.promos.length > 1 ? now.promos : [])];
        },
        { message: `at ${top} px`, timeout: 3_000 },
      )
      .toEqual([]);
    for (const p of now.promos) seen.add(p.split(" ")[0]!);
    if (top === last) break;
    last = top;
  }
  return seen;
}

test("a visitor's series page: the corner banner covers no read or buy button, tab or tool", async ({
  page,
}, info) => {
  await visit(page, "/series/126");
  await expect(page.getByRole("link", { name: /無料で読む/ }).first()).toBeVisible();
  const seen = await scrollThrough(page, info);
  // The corner banner shows once the reader has come 40 % of the way down (at the end of a
  // short page it may still be on its way), and covers nothing there either.
  if (![...seen].some((p) => p.includes("popup-banner"))) {
    await expect(page.locator("aside.popup-banner")).toBeVisible();
    await expect.poll(async () => (await onScreen(page)).covered).toEqual([]);
  }
  await screenshot(page, "overlays-series");
});

test("a member's home page shows one promotion at a time on a phone and covers nothing", async ({
  page,
}, info) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await page.evaluate(() => {
    localStorage.removeItem("app_banner_time_home");
    localStorage.removeItem("coupon_balloon_closed");
  });
  await visit(page, "/home");
  await expect(page.getByTestId("popup-queue")).not.toHaveAttribute("data-phase", "loading");
  const first = await onScreen(page);
  expect(first.covered).toEqual([]);
  if (isPhone(info)) {
    // The app banner first; the balloon waits for it.
    expect(first.promos).toHaveLength(1);
    await expect(page.getByTestId("app-banner")).toBeVisible();
    await expect(page.locator(".coupon-balloon")).toHaveCount(0);
  }
  await scrollThrough(page, info);
  await page.evaluate(() => window.scrollTo(0, 0));
  if (!isPhone(info)) return;

  // Closing the app banner lets the balloon show, above the tab bar and off every tab.
  await page.getByRole("button", { name: "アプリのご案内を閉じる" }).click();
  const balloon = page.locator(".coupon-balloon");
  await expect(balloon).toBeVisible();
  const b = (await balloon.boundingBox())!;
  const bar = (await page.locator(".footer-tabs").boundingBox())!;
  expect(b.y + b.height).toBeLessThanOrEqual(bar.y);
  expect((await onScreen(page)).covered).toEqual([]);
  await screenshot(page, "overlays-member-home-balloon");
  await scrollThrough(page, info);
});

test("a topic page's buttons stay clear of the balloon and the corner banner", async ({
  page,
}, info) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await page.evaluate(() => localStorage.removeItem("coupon_balloon_closed"));
  await visit(page, "/topic/label-feature");
  await scrollThrough(page, info);
});

test("on a wide screen the corner banner stays off the side column's lists", async ({
  page,
}, info) => {
  test.skip(isPhone(info), "the side column shows from 960 px");
  for (const height of [900, 720]) {
    await page.setViewportSize({ width: 1280, height });
    await visit(page, "/home");
    const seen = await scrollThrough(page, info);
    expect([...seen].some((p) => p.includes("popup-banner"))).toBe(true);
    await expect(page.locator(".sidebar__list a", { hasText: "無料で読めるマンガ" })).toBeVisible();
  }
  await screenshot(page, "overlays-home-side");
});
