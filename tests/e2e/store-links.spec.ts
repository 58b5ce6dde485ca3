import type { Page } from "@playwright/test";
import { expect, loadLazySections, test, visit } from "./fixtures";

/** An address on a domain reserved for examples (RFC 2606): never a real page. */
const EXAMPLE_DOMAIN = /^(https?:)?\/\/([a-z0-9-]+\.)*example(\.(com|net|org))?([/:?#]|$)/i;
/** The X account the store links to when X_ACCOUNT_URL is not set (server/env.ts). */
const DEFAULT_X = "https://x.com/komaya_official";

async function linksOn(page: Page, selector = "a[href]"): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
}

test("every footer link answers 200; the company links are store pages and the outside ones the configured addresses (issue 21 item 39)", async ({
  page,
  request,
}) => {
  await visit(page, "/home");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "運営会社" })).toHaveAttribute("href", "/company");
  await expect(footer.getByRole("link", { name: "採用情報" })).toHaveAttribute("href", "/recruit");
  await expect(footer.getByRole("link", { name: /App Store/ })).toHaveAttribute("href", "/app#ios");
  await expect(footer.getByRole("link", { name: /Google Play/ })).toHaveAttribute(
    "href",
    "/app#android",
  );
  await expect(footer.getByRole("link", { name: /公式アカウント/ })).toHaveAttribute(
    "href",
    DEFAULT_X,
  );

  const hrefs = [...new Set(await linksOn(page, "footer.site-footer a[href]"))];
  const failures: string[] = [];
  for (const href of hrefs) {
    if (href.startsWith("#")) continue;
    if (/^https?:/.test(href)) {
      // Outside the store: only what configuration names (the tests run with the defaults).
      if (href !== DEFAULT_X) failures.push(`${href} is not a configured address`);
      continue;
    }
    // Pages for members send a visitor to login and back; where the link lands must be a page.
    const response = await request.get(href);
    if (response.status() !== 200) failures.push(`${href} → ${response.status()}`);
  }
  expect(failures).toEqual([]);
  expect(hrefs.filter((h) => EXAMPLE_DOMAIN.test(h))).toEqual([]);
});

test("the company, recruiting and app pages are real pages with their headings", async ({
  page,
}) => {
  for (const [path, heading] of [
    ["/company", "運営会社"],
    ["/recruit", "採用情報"],
    ["/app", "コマヤ公式アプリ"],
  ] as const) {
    await visit(page, path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  await visit(page, "/company");
  await expect(page.getByRole("row", { name: /会社名/ })).toContainText("株式会社コマヤ");
  await visit(page, "/recruit");
  await expect(page.getByRole("heading", { level: 2, name: "募集職種" })).toBeVisible();
  await visit(page, "/app");
  // No store address configured: the badges are shown but lead nowhere, and the page says why.
  await expect(page.locator("#download .store-badge")).toHaveCount(2);
  await expect(page.locator("#download a.store-badge")).toHaveCount(0);
  await expect(page.locator("#download")).toContainText("App Store・Google Play");
});

test("the phone's app banner goes to the store's app page (issue 21 item 39)", async ({
  page,
  request,
}) => {
  test.skip((page.viewportSize()?.width ?? 0) > 600, "the app banner is for phones");
  await visit(page, "/home");
  const banner = page.getByTestId("app-banner");
  await expect(banner).toBeVisible();
  // Pixel 7 runs Android: with no Google Play address configured, the store's app page.
  const link = banner.getByRole("link", { name: "アプリを見る" });
  const href = await link.getAttribute("href");
  expect(href).toBe("/app#android");
  expect((await request.get(href!)).status()).toBe(200);
});

test("no page a shopper reaches from the home, series, drama-CD, topic and footer pages links to an example domain (issue 21 item 39)", async ({
  page,
}) => {
  const found: string[] = [];
  for (const path of [
    "/home",
    "/doramacd",
    "/series/126",
    "/topic/manga-fair",
    "/otoku",
    "/ranking",
    "/free",
    "/company",
    "/recruit",
    "/app",
    "/legal",
    "/abj",
  ]) {
    await visit(page, path);
    if (path === "/home") await loadLazySections(page);
    for (const href of await linksOn(page)) {
      if (EXAMPLE_DOMAIN.test(href)) found.push(`${path}: ${href}`);
    }
    expect(found).toEqual([]);
  }
});
