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

const noSideScroll = async (page: import("@playwright/test").Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

test("a visitor sees the lottery and is asked to log in", async ({ page }) => {
  await visit(page, "/lottery/omikuji");
  await expect(page.getByRole("heading", { name: "毎日引ける！マンガおみくじ" })).toBeVisible();
  await expect(page.getByTestId("lottery-upper")).toContainText("1日1回、おみくじを引いて");
  await expect(page.getByTestId("lottery-lower")).toContainText("ログインした会員の方のみ");
  const loginLink = page.getByRole("link", { name: "ログインして抽選する" });
  await expect(loginLink).toHaveAttribute("href", /\/login\?return_to=%2Flottery%2Fomikuji/);
  await expect(page.getByText("準備中")).toHaveCount(0);
});

test("the demo member plays the lottery and finds the prize in the present box", async ({
  page,
}) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await visit(page, "/lottery/omikuji");
  await expect(page.getByText("1日1回抽選できます")).toBeVisible();
  const button = page.getByRole("button", { name: "抽選する" });
  // Both viewports share one store and one Tokyo day: the first run plays, the second finds
  // today's play used up.
  const playsNow = await button.isEnabled();
  if (playsNow) {
    await button.click();
    await expect(page.getByText("抽選中…")).toBeVisible();
    const result = page.getByTestId("lottery-result");
    await expect(result).toContainText(/大吉|中吉|小吉|吉|末吉/);
    await expect(result).toContainText("プレゼントボックスにお届けしました");
    await expect(button).toBeDisabled();
    await screenshot(page, "lottery-result");
  } else {
    await expect(page.getByTestId("lottery-refusal")).toHaveText(
      "本日はすでに抽選済みです。また明日ご参加ください",
    );
  }
  await noSideScroll(page);
  expect(await seriousViolations(page, "main")).toEqual([]);
  await screenshot(page, "lottery");
  // The prize of a play from the other viewport's run may have been received by a later test.
  if (!playsNow) return;

  await page.getByRole("button", { name: "メニュー", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "メニュー" });
  const box = drawer.getByTestId("present-box");
  await box.getByRole("button", { name: /プレゼントボックス/ }).click();
  await expect(
    box.getByTestId("present-item").filter({ hasText: "毎日引ける！マンガおみくじ" }).first(),
  ).toContainText("ポイント");
  await keepPicture(
    drawer,
    `tests/e2e/screenshots/lottery-present-${page.viewportSize()!.width}.png`,
  );
});

test("news: a paged list with NEW marks, a detail, and the read notice loses its mark", async ({
  page,
  context,
}) => {
  await context.clearCookies();
  await visit(page, "/news");
  await expect(page.getByRole("heading", { name: "お知らせ", level: 1 })).toBeVisible();
  const list = page.getByTestId("news-list");
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const first = list.getByRole("listitem").first();
  await expect(first.getByTestId("news-new")).toBeVisible();
  await noSideScroll(page);
  expect(await seriousViolations(page, "main")).toEqual([]);
  await screenshot(page, "news");

  const title = (await first.locator(".news__item-title").textContent()) ?? "";
  await first.getByRole("link").click();
  await expect(page).toHaveURL(/\/news_detail\?id=\d+/);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByTestId("news-body")).not.toBeEmpty();
  const nr = (await context.cookies()).find((c) => c.name === "nr");
  expect(nr?.sameSite).toBe("Strict");
  expect(nr!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 86_400);
  await noSideScroll(page);
  await screenshot(page, "news-detail");

  await page.getByRole("link", { name: "お知らせ一覧へ戻る" }).click();
  await expect(list.getByRole("listitem").first().getByTestId("news-new")).toHaveCount(0);
  await page.getByRole("link", { name: "次へ" }).click();
  await expect(page).toHaveURL(/\/news\?page=2/);
  await expect(page.getByText("2 /")).toBeVisible();
});
