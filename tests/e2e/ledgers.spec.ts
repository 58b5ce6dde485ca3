import {
  DEMO_MEMBER,
  expect,
  keepPicture,
  login,
  screenshot,
  seriousViolations,
  test,
  visit,
} from "./fixtures";

test.beforeEach(async ({ page }) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
});

test("/point_detail shows the balance, points expiring soon and the history with dates", async ({
  page,
}) => {
  await visit(page, "/point_detail");
  await expect(page.getByRole("heading", { name: "ポイント履歴", level: 1 })).toBeVisible();
  const balance = page.getByTestId("point-balance");
  await expect(balance).toContainText("保有ポイント");
  await expect(balance).toContainText(/\d+pt/);
  await expect(page.getByRole("heading", { name: "失効予定のポイント" })).toBeVisible();
  const rows = page.getByTestId("point-history").getByRole("listitem");
  expect(await rows.count()).toBeGreaterThan(0);
  await expect(rows.first()).toContainText(/\d{4}\/\d{2}\/\d{2}/);
  await expect(rows.first()).toContainText(/[+−]\d[\d,]*pt/);
  // The page fits the screen: no sideways scrolling at 375 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, "point-detail");
});

test("/coupon lists the member's coupons with conditions and end dates; receiving takes one", async ({
  page,
}) => {
  await visit(page, "/coupon");
  await expect(page.getByRole("heading", { name: "クーポン", level: 1 })).toBeVisible();
  const cards = page.getByTestId("coupon-card");
  expect(await cards.count()).toBeGreaterThan(0);
  await expect(cards.first()).toContainText(/(%|円)OFF/);
  await expect(cards.first()).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}(まで|から)/);
  const receive = page.getByRole("button", { name: "受け取る" });
  const waiting = await receive.count();
  if (waiting > 0) {
    const card = cards.filter({ has: receive }).first();
    const couponId = await card.getAttribute("data-coupon-id");
    await receive.first().click();
    await expect(page.locator(`[data-coupon-id="${couponId}"]`)).toContainText("取得済み");
    await expect(page.getByRole("button", { name: "受け取る" })).toHaveCount(waiting - 1);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, "coupon");
});

test("the present box in the drawer lists waiting presents and receives one", async ({ page }) => {
  await visit(page, "/home");
  await page.getByRole("button", { name: "メニュー", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "メニュー" });
  const box = drawer.getByTestId("present-box");
  await expect(box.getByTestId("present-count")).toHaveText(/件|なし/);
  await box.getByRole("button", { name: /プレゼントボックス/ }).click();
  const items = box.getByTestId("present-item");
  const waiting = await items.count();
  if (waiting === 0) {
    await expect(box).toContainText("受け取れるプレゼントはありません");
  } else {
    await items.first().getByRole("button", { name: "受け取る" }).click();
    await expect(box.getByRole("status")).toHaveText("プレゼントを受け取りました");
    await expect(items).toHaveCount(waiting - 1);
  }
  expect(await seriousViolations(page, "[data-testid=member-drawer]")).toEqual([]);
  // The drawer over a long home page: its own picture shows the box.
  await keepPicture(drawer, `tests/e2e/screenshots/present-box-${page.viewportSize()!.width}.png`);
});
