import type { Page } from "@playwright/test";
import { expect, hydrated, screenshot, signUp, test, uniqueEmail, visit } from "./fixtures";
import { deliveredMail, linkIn } from "./mail";

/** Issue 21 items 4, 9, 10 and 34: the pages of the mailed links and leaving with the password. */
const PASSWORD = "tsuzuki-yomu-123";

const signup = (page: Page, email: string) => signUp(page, email, PASSWORD);

async function logIn(page: Page, email: string, password: string) {
  await visit(page, "/login");
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード").fill(password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
}

test("a member who forgot the password resets it by the mailed link and logs in with the new one", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("reset");
  await signup(page, email);

  // Another browser, logged out: the login page offers the reset.
  const context = await browser.newContext({ viewport: page.viewportSize()! });
  const other = await context.newPage();
  await visit(other, "/login");
  await screenshot(other, "login-with-reset-link");
  await other.getByRole("link", { name: "パスワードをお忘れの方" }).click();
  await expect(other).toHaveURL(/\/password_reset$/);
  await expect(other.getByRole("heading", { name: "パスワードの再設定", level: 1 })).toBeVisible();
  await hydrated(other);
  await screenshot(other, "password-reset-request");
  await other.getByLabel("メールアドレス").fill(email);
  await other.getByRole("button", { name: "再設定のメールを送る" }).click();
  await expect(other.getByRole("status")).toContainText(
    "会員のメールアドレスであれば、パスワード再設定のリンクをお送りしました",
  );
  await screenshot(other, "password-reset-sent");

  const mail = await deliveredMail(email, "password_reset");
  expect(mail).toContain("30分以内");
  const link = linkIn(mail, "/password_reset");
  await visit(other, link);
  await expect(
    other.getByRole("heading", { name: "新しいパスワードの設定", level: 1 }),
  ).toBeVisible();
  await screenshot(other, "password-reset-new");
  await other.getByLabel(/^新しいパスワード（/).fill("short");
  await other.getByRole("button", { name: "パスワードを設定する" }).click();
  await expect(other.getByRole("alert").first()).toContainText("8文字以上");
  await other.getByRole("dialog").getByRole("button", { name: "OK" }).click();
  await other.getByLabel(/^新しいパスワード（/).fill("atarashii-pass-456");
  await other.getByRole("button", { name: "パスワードを設定する" }).click();
  await expect(other.getByRole("heading", { name: "パスワードを再設定しました" })).toBeVisible();
  await screenshot(other, "password-reset-done");

  // Every session ended, the first browser's too; a notice went to the member.
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("header-member")).toHaveCount(0);
  expect(await deliveredMail(email, "password_reset_done")).toContain("再設定が完了しました");

  // The link worked once.
  await visit(other, link);
  await other.getByLabel(/^新しいパスワード（/).fill("mata-atarashii-789");
  await other.getByRole("button", { name: "パスワードを設定する" }).click();
  await expect(other.getByRole("alert").first()).toContainText("使用済み");
  await context.close();

  await logIn(page, email, PASSWORD);
  await expect(page.getByRole("alert").first()).toContainText(
    "メールアドレスまたはパスワードが正しくありません",
  );
  await logIn(page, email, "atarashii-pass-456");
  await expect(page.getByTestId("header-member")).toBeVisible();
});

test("leaving asks for the current password, on the page and in the app's webview", async ({
  page,
}) => {
  const email = uniqueEmail("leave");
  await signup(page, email);

  await visit(page, "/webview/leave");
  await expect(page.getByLabel("現在のパスワード")).toBeVisible();
  await screenshot(page, "leave-webview");

  await visit(page, "/leave");
  await page.getByLabel("その他").check();
  await page.getByLabel("現在のパスワード").fill("not-my-password");
  await screenshot(page, "leave-password");
  await page.getByRole("button", { name: "退会する" }).click();
  await expect(page.getByRole("alert").first()).toContainText("現在のパスワードが正しくありません");
  await visit(page, "/account");
  await expect(page.getByRole("heading", { name: "アカウント", level: 1 })).toBeVisible();

  await visit(page, "/leave");
  await page.getByLabel("その他").check();
  await page.getByLabel("現在のパスワード").fill(PASSWORD);
  await page.getByRole("button", { name: "退会する" }).click();
  await expect(page.getByRole("heading", { name: "退会が完了しました" })).toBeVisible();
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole("alert").first()).toContainText(
    "メールアドレスまたはパスワードが正しくありません",
  );
});

test("a new member confirms the address by the welcome mail, then changes it by the link sent to the new one", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("confirm");
  await signup(page, email);
  await visit(page, "/account");
  await expect(page.getByText("未確認")).toBeVisible();
  await screenshot(page, "account-unconfirmed");

  const welcome = await deliveredMail(email, "welcome");
  await visit(page, linkIn(welcome, "/email_confirm"));
  await expect(page.getByRole("heading", { name: "メールアドレスの確認", level: 1 })).toBeVisible();
  await screenshot(page, "email-confirm");
  await page.getByRole("button", { name: "確認する" }).click();
  await expect(page.getByRole("heading", { name: "メールアドレスを確認しました" })).toBeVisible();
  await screenshot(page, "email-confirmed");
  await visit(page, "/account");
  await expect(page.getByText("未確認")).toHaveCount(0);

  const next = uniqueEmail("moved");
  const form = page.getByRole("form", { name: "メールアドレスの変更" });
  await form.getByLabel("新しいメールアドレス").fill(next);
  await form.getByLabel("現在のパスワード").fill(PASSWORD);
  await form.getByRole("button", { name: "メールアドレスを変更する" }).click();
  await expect(form.getByRole("status")).toContainText(`${next} に確認メールを送信しました`);
  await screenshot(page, "account-email-change-sent");
  // Nothing changed yet; the old address is told.
  await visit(page, "/account");
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  expect(await deliveredMail(email, "email_change_notice")).toContain(
    "変更するお手続きがありました",
  );

  // The link opens in the mail program's browser, logged out.
  const context = await browser.newContext({ viewport: page.viewportSize()! });
  const mailBrowser = await context.newPage();
  await visit(
    mailBrowser,
    linkIn(await deliveredMail(next, "email_change_confirm"), "/email_confirm"),
  );
  await mailBrowser.getByRole("button", { name: "確認する" }).click();
  await expect(
    mailBrowser.getByRole("heading", { name: "メールアドレスを変更しました" }),
  ).toBeVisible();
  await screenshot(mailBrowser, "email-changed");
  await context.close();

  await visit(page, "/account");
  await expect(page.getByText(next, { exact: true })).toBeVisible();
});
