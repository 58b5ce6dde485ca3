import {
  closeStampDialog,
  DEMO_MEMBER,
  expect,
  hydrated,
  login,
  screenshot,
  test,
  uniqueEmail,
  visit,
} from "./fixtures";

test("a visitor signs up, logs out, logs in again and sees themself in the header", async ({
  page,
}) => {
  const email = uniqueEmail();
  const password = "tsuzuki-yomu-123";

  await visit(page, "/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "ログイン", exact: true })).toBeVisible();
  await header.getByRole("link", { name: "会員登録", exact: true }).click();
  await expect(page).toHaveURL(/\/signup/);
  await screenshot(page, "signup");

  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel(/パスワード/).fill(password);
  await page.getByLabel(/ニックネーム/).fill("よみびと");
  await page.getByLabel(/利用規約/).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();

  const member = page.getByTestId("header-member");
  await expect(member).toContainText("よみびと");
  await closeStampDialog(page);
  await expect(header.getByRole("link", { name: "会員登録", exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(header.getByRole("link", { name: "ログイン", exact: true })).toBeVisible();
  await expect(member).toHaveCount(0);

  await login(page, email, password);
  await expect(page.getByTestId("header-member")).toContainText("よみびと");
  await screenshot(page, "home-member");
});

test("a wrong password is refused with a message and leaves the visitor logged out", async ({
  page,
}) => {
  await page.goto("/login");
  await page.getByLabel("メールアドレス").fill(DEMO_MEMBER.email);
  await page.getByLabel("パスワード").fill("not-the-password");
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.getByRole("alert").first()).toContainText(
    "メールアドレスまたはパスワードが正しくありません",
  );
  await expect(page.getByTestId("header-member")).toHaveCount(0);
});

test("the demo member from the README can log in", async ({ page }) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "アカウント" })).toBeVisible();
  await expect(page.getByText(DEMO_MEMBER.email)).toBeVisible();
  await screenshot(page, "account");
});

test("member-only pages send a visitor to login and back afterwards", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?return_to=%2Faccount/);
  await hydrated(page);
  await page.getByLabel("メールアドレス").fill(DEMO_MEMBER.email);
  await page.getByLabel("パスワード").fill(DEMO_MEMBER.password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test("an unknown path is a real 404 page", async ({ page }) => {
  const response = await page.goto("/no-such-page-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("This page could not be found")).toBeVisible();
});
