import {
  DEMO_MEMBER,
  expect,
  hydrated,
  keepPicture,
  login,
  picturesWanted,
  screenshot,
  test,
  uniqueEmail,
  visit,
} from "./fixtures";

test("a new member's first home page presses today's stamp and shows it landing", async ({
  page,
}) => {
  await visit(page, "/signup");
  await page.getByLabel("メールアドレス").fill(uniqueEmail("stamp"));
  await page.getByLabel(/パスワード/).fill("stamp-press-123");
  await page.getByLabel(/ニックネーム/).fill("すたんぷ");
  await page.getByLabel(/利用規約/).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page.getByTestId("header-member")).toBeVisible();
  await hydrated(page);

  const dialog = page.getByRole("dialog", { name: "今日のログインスタンプ" });
  await expect(dialog).toBeVisible();
  const first = dialog.locator('[data-stamp="1"]');
  await expect(first).toHaveAttribute("data-on", "true");
  await expect(first).toHaveClass(/stamp-cell--pressed/);
  await expect(first).toContainText("スタート");
  await expect(dialog.locator('[data-stamp="2"]')).toHaveAttribute("data-on", "false");
  await expect(dialog.locator('[data-stamp="30"]')).toContainText("ゴール");
  await expect(dialog.getByText("本日のスタンプはGET済みです！")).toHaveCount(0);
  // Let the stamp finish landing before the picture.
  if (picturesWanted) await page.waitForTimeout(700);
  // The dialog is what matters here, not the whole home page behind it.
  const width = page.viewportSize()?.width ?? 0;
  await keepPicture(page, `tests/e2e/screenshots/stamp-dialog-${width}.png`);
  await dialog.getByRole("button", { name: "閉じる", exact: true }).last().click();
  await expect(dialog).toBeHidden();

  // Another visit the same day presses nothing more.
  await visit(page, "/home");
  await expect(page.getByRole("dialog", { name: "今日のログインスタンプ" })).toHaveCount(0);
  await visit(page, "/stamp");
  const card = page.getByTestId("stamp-card");
  await expect(card.locator('[data-on="true"]')).toHaveCount(1);
  await expect(card.getByText("本日のスタンプはGET済みです！")).toBeVisible();
});

test("the demo member's stamp card on /stamp", async ({ page }) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await visit(page, "/stamp");
  await expect(page.getByRole("heading", { name: "ログインスタンプ" })).toBeVisible();
  const card = page.getByTestId("stamp-card");
  await expect(card).toBeVisible();
  await expect(card.locator("li.stamp-cell")).toHaveCount(30);
  await expect(card.locator('[data-on="true"]').first()).toBeVisible();
  const band = card.getByText("本日のスタンプはGET済みです！");
  await expect(band).toBeVisible();
  await expect(band).toHaveCSS("background-color", "rgb(255, 111, 145)");
  // Rows alternate: stamp 7 sits under stamp 6, in the last column.
  const six = await card.locator('[data-stamp="6"]').boundingBox();
  const seven = await card.locator('[data-stamp="7"]').boundingBox();
  expect(Math.abs(six!.x - seven!.x)).toBeLessThan(2);
  expect(seven!.y).toBeGreaterThan(six!.y);
  await screenshot(page, "stamp-page");
});
