import { createHash, randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

export const DEMO_MEMBER = { email: "demo@komaya.example", password: "komaya-demo-2026" };
/** The seeded staff accounts of the README: an administrator and a member-support operator. */
export const DEMO_STAFF = { email: "staff@komaya.example", password: "komaya-staff-2026" };
export const DEMO_SUPPORT = { email: "support@komaya.example", password: "komaya-support-2026" };
/**
 * What the back-office proof (ops-proof.spec.ts) names the series and drama CD it makes and has
 * the demo member buy: specs that read "the demo member's first owned volume" leave these out,
 * since they run later in the same store and expect a seeded volume of many pages.
 */
export const PROOF_TITLE_PREFIX = "星読みの工房";

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.jp`;
}

/** Opens a page and waits until React has hydrated it, so clicks reach their handlers. */
export async function visit(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Logs in through the real login page, as a member would. */
export async function login(page: Page, email: string, password: string) {
  await visit(page, "/login");
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード").fill(password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.getByTestId("header-member")).toBeVisible();
  await closeStampDialog(page);
}

/** Signs up through the real sign-up page, as a new member would, and waits for the header. */
export async function signUp(page: Page, email: string, password: string) {
  await visit(page, "/signup");
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel(/パスワード/).fill(password);
  await page.getByLabel(/利用規約/).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page.getByTestId("header-member")).toBeVisible();
}

/**
 * A member's first home page of a Tokyo day opens the stamp dialog over it; tests about other
 * things close it as a member would. It is there (loading first) only when it is due.
 */
export async function closeStampDialog(page: Page) {
  await hydrated(page);
  const dialog = page.getByTestId("stamp-dialog");
  if ((await dialog.count()) === 0) return;
  await expect(dialog).not.toHaveAttribute("data-state", "loading");
  if ((await dialog.getAttribute("data-state")) !== "open") return;
  await dialog.getByRole("button", { name: "閉じる", exact: true }).last().click();
  await expect(dialog).not.toHaveAttribute("data-state", "open");
}

/**
 * Esc on an open dialog. A dialog listens for keys from the moment it takes the focus, so the key
 * waits for that: on a loaded machine the press could otherwise land a frame too early.
 */
export async function pressEscapeIn(dialog: Locator) {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await dialog.page().keyboard.press("Escape");
}

/**
 * Serious and critical axe findings, every rule (a superset of wcag2a and wcag2aa), as
 * "rule: target" lines so a failure says where.
 */
export async function seriousViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}

/**
 * Scrolls down the whole page until every lazy home section in view has loaded, then back up,
 * so checks see the page as a reader who scrolled through it.
 */
export async function loadLazySections(page: Page) {
  const sections = page.locator("section[data-layout-id]");
  const count = await sections.count();
  for (let i = 0; i < count; i++) {
    // By position, found anew each time: a section's element may be replaced as it loads.
    const section = sections.nth(i);
    if (!(await section.isVisible())) continue;
    // One evaluate finds and scrolls the element at once; a section swapping its element while
    // it loads (or hiding itself when empty) cannot slip between the two.
    const scrolled = await section
      .evaluate((el) => el.scrollIntoView({ block: "center" }))
      .then(
        () => true,
        () => false,
      );
    if (!scrolled || !(await section.isVisible())) continue;
    await expect(section).toHaveAttribute("data-state", "done");
  }
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Saves a whole-page picture for people to look at (tests/e2e/screenshots). It proves nothing by
 * itself, and on CI, where nobody opens them, it is skipped unless E2E_SCREENSHOTS=1: a
 * whole-page capture of /home at 1280 px took 5–6 s on a busy 2-CPU runner, over 200 times a run.
 */
export async function screenshot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await keepPicture(page, `tests/e2e/screenshots/${name}-${width}.png`, true);
}

/**
 * Whether pictures for people are taken: always locally, on CI only with E2E_SCREENSHOTS=1.
 * A spec that waits before its picture (an animation settling) skips the wait with it.
 */
export const picturesWanted = !process.env.CI || process.env.E2E_SCREENSHOTS === "1";

/** A picture of the page (its viewport, or all of it) or of one part of it, when wanted. */
export async function keepPicture(target: Page | Locator, path: string, fullPage = false) {
  if (!picturesWanted) return;
  if ("goto" in target) await target.screenshot({ path, fullPage });
  else await target.screenshot({ path });
}

/**
 * Each test is a different shopper: the test server trusts one proxy hop (playwright.config.ts),
 * and every test sends its own X-Forwarded-For, so the per-address limits (sign-ups, logins)
 * count each test apart, as they would count different people behind a load balancer.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const digest = createHash("sha256")
      .update(`${testInfo.project.name} ${testInfo.testId}`)
      .digest();
    const address = `10.${digest[0]}.${digest[1]}.${digest[2]}`;
    await use({ ...extraHTTPHeaders, "x-forwarded-for": address });
  },
});
export { expect };

/** A series page, reached from the ranking, with at least `n` volumes the member can add. */
export async function seriesWithAddable(page: Page, n: number) {
  await visit(page, "/ranking");
  const hrefs = await page
    .locator(".ranking-row a[href^='/series/']")
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!.split("?")[0]!))]);
  for (const href of hrefs.slice(0, 20)) {
    await visit(page, href);
    const adds = page.getByRole("button", { name: "カートに入れる", exact: true });
    if ((await adds.count()) >= n) return adds;
  }
  throw new Error(`no series page with ${n} volumes to add`);
}

/** The sandbox's test card that always succeeds. */
export const CARD_SUCCEEDS = "4242 4242 4242 4242";

/**
 * From the cart to the order page as a member goes: 購入手続きへ, then クーポンを使用しない when
 * the member has coupons, so the price is the list price. The page is hydrated on return.
 */
export async function cartToOrderPage(page: Page) {
  await page.getByRole("link", { name: "購入手続きへ" }).click();
  await expect(page).toHaveURL(/\/order/);
  await hydrated(page);
  const none = page.getByRole("radio", { name: "クーポンを使用しない" });
  if ((await none.count()) > 0) {
    await none.click();
    await expect(page).toHaveURL(/[?&]coupon=0\b/);
    await hydrated(page);
  }
}

/**
 * On the order page: the points asked for, the succeeding test card, 購入する. Answers the order
 * number /order_complete shows.
 */
export async function payByCard(page: Page, { points }: { points?: number } = {}) {
  if (points) {
    await page.getByLabel("使うポイント").fill(String(points));
    await expect(page.getByText(`−${points}pt`)).toBeVisible();
  }
  await page.getByLabel("お支払い方法").selectOption({ label: "クレジットカード" });
  await page.getByLabel("カード番号").fill(CARD_SUCCEEDS);
  await page.getByRole("button", { name: "購入する" }).click();
  await expect(page).toHaveURL(/\/order_complete\?order=\d+/, { timeout: 30_000 });
  return new URL(page.url()).searchParams.get("order")!;
}

/** Buys what is in the cart by card, as a member would, with no coupon. Answers the order number. */
export async function buyCartByCard(page: Page, options: { points?: number } = {}) {
  await visit(page, "/cart");
  await cartToOrderPage(page);
  return payByCard(page, options);
}
