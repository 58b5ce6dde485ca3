import type { Page } from "@playwright/test";
import { expect, screenshot, test } from "./fixtures";

/** The JSON-LD of the page, parsed: it must be valid JSON, or the test fails here. */
async function structuredData(page: Page) {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

async function shootBoth(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, name);
  }
}

test.describe("a visitor finds a series through the campaigns", () => {
  test("from /otoku through a campaign page to a series with its volumes and JSON-LD", async ({
    page,
  }) => {
    await page.goto("/otoku");
    await expect(page.getByRole("heading", { name: "お得なキャンペーン", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: /^すべて/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await shootBoth(page, "otoku");

    // The free filter keeps only free campaigns, and its tab says so.
    await page.getByRole("link", { name: /^無料\s*\d+/ }).click();
    await expect(page).toHaveURL(/\/otoku\?filter=3/);
    await expect(page.getByRole("link", { name: /^無料\s*\d+/ })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await page.goto("/otoku?filter=4");
    const banner = page.locator('main a.campaign-banner[href^="/campaign/"]').first();
    const campaignName =
      (await banner.locator(".campaign-banner__name").textContent())?.trim() ?? "";
    await banner.click();
    await expect(page).toHaveURL(/\/campaign\/\d+$/);
    await expect(page.getByRole("heading", { name: campaignName, level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^対象作品/ })).toBeVisible();
    await shootBoth(page, "campaign-detail");

    const card = page.locator("main .card-grid .book-card__name").first();
    const seriesName = (await card.textContent())?.trim() ?? "";
    await card.click();
    await expect(page).toHaveURL(/\/series\/\d+$/);
    await expect(page.getByRole("heading", { name: seriesName, level: 1 })).toBeVisible();

    // Either volumes to read or buy, or the not-yet-released notice.
    const lineup = page.getByRole("heading", { name: /^(作品ラインナップ|エピソード一覧)/ });
    const notReleased = page.getByRole("heading", { name: "この作品は配信前です" });
    await expect(lineup.or(notReleased)).toBeVisible();
    if (await lineup.isVisible()) {
      await expect(page.locator(".volume-row").first()).toBeVisible();
    }

    const [data] = await structuredData(page);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": ["Book", "Product"],
      name: seriesName,
    });
    expect((data!.offers as { priceCurrency: string }).priceCurrency).toBe("JPY");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /^https?:\/\/[^/]+\/series\/\d+$/,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      new RegExp(seriesName.slice(0, 4)),
    );
    await shootBoth(page, "series");
  });

  test("a volume page shows its offer and a Book JSON-LD with a JPY price", async ({ page }) => {
    await page.goto("/free");
    const cards = page.locator("main .card-grid a.book-card__name");
    const series = await cards.evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    await cards.first().click();
    // The card link carries the frame's tracking value; the canonical URL leaves it out.
    await expect(page).toHaveURL(/\/series\/\d+\?_tr=free_1$/);
    // The head follows the client-side navigation a moment after the address does.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/series\/\d+$/);
    // /free lists series free to everyone and series free to members: a visitor sees the first
    // volume as 無料 or as 会員登録で無料. The rest of the test follows one free to everyone.
    const first = page.locator(".volume-row").first();
    await expect(first.getByText(/^(無料|会員登録で無料)$/)).toBeVisible();
    for (const href of series) {
      if (await first.getByText("無料", { exact: true }).isVisible()) break;
      await page.goto(href);
      await expect(first).toBeVisible();
    }
    await expect(first.getByText("無料", { exact: true })).toBeVisible();
    await first.locator(".volume-row__title a").click();
    await expect(page).toHaveURL(/\/series\/\d+\/book\/\d+$/);
    await expect(page.locator("#volume-title")).toBeVisible();
    const [data] = await structuredData(page);
    expect(data).toMatchObject({ "@type": ["Book", "Product"], isAccessibleForFree: true });
    expect(data!.offers).toMatchObject({ "@type": "Offer", priceCurrency: "JPY", price: 0 });
    await shootBoth(page, "volume");
  });

  test("an unknown series is a 404 page", async ({ page }) => {
    const response = await page.goto("/series/99999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("This page could not be found")).toBeVisible();
  });
});
