import { DEMO_MEMBER, expect, login, screenshot, seriousViolations, test, visit } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
});

test("a coupon campaign's coupon page shows its coupon and target titles; receiving it shows 取得済み", async ({
  page,
}, testInfo) => {
  // From the campaign list's クーポン配布中 to the campaign, and on to its coupon page. Each width
  // takes a different campaign, so both receive a coupon even on one shared database.
  await visit(page, "/campaign");
  const couponCampaigns = page
    .getByRole("region", { name: "クーポン配布中" })
    .locator("a.campaign-banner");
  expect(await couponCampaigns.count()).toBeGreaterThan(1);
  await couponCampaigns.nth(testInfo.project.name === "phone" ? 1 : 0).click();
  await page.getByRole("link", { name: "クーポンを受け取る" }).click();
  await expect(page).toHaveURL(/\/coupon\?campaign=\d+$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  const card = page.getByTestId("coupon-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(/\d+%OFF/);
  await expect(card).toContainText("キャンペーン対象の作品に使えます");
  const targets = page.getByTestId("coupon-targets").getByRole("listitem");
  expect(await targets.count()).toBeGreaterThan(0);
  await expect(page.getByRole("heading", { name: /^対象作品（\d+作品）$/ })).toBeVisible();

  await card.getByRole("button", { name: "受け取る" }).click();
  await expect(card).toContainText("取得済み");
  await expect(card.getByRole("button", { name: "受け取る" })).toHaveCount(0);
  // Received, it is on the member's own list too, linking back to its titles.
  const address = page.url();
  await visit(page, "/coupon");
  const held = page.getByTestId("coupon-card").filter({ hasText: "取得済み" });
  await expect(
    held
      .getByRole("link", { name: "対象作品を見る" })
      .and(page.locator(`a[href="${new URL(address).pathname}${new URL(address).search}"]`)),
  ).toHaveCount(1);
  await visit(page, address);

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, "coupon-campaign");
});

test("/coupon?campaign= answers a bad campaign or page with 400 and an unknown campaign with 404", async ({
  page,
}) => {
  for (const [query, status] of [
    ["campaign=abc", 400],
    ["campaign=0", 400],
    ["campaign=1&pn=x", 400],
    ["campaign=99999999999", 400],
    ["campaign=999999", 404],
  ] as const) {
    const answer = await page.goto(`/coupon?${query}`);
    expect(answer?.status(), query).toBe(status);
  }
});
