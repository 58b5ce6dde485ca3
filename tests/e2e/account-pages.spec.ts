import type { Page } from "@playwright/test";
import { expect, hydrated, screenshot, signUp, test, uniqueEmail, visit } from "./fixtures";
import { deliveredMail } from "./mail";

const PASSWORD = "tsuzuki-yomu-123";

const signup = (page: Page, email: string) => signUp(page, email, PASSWORD);

test("the member edits the profile, turns the newsletter on and leaves it by the mailed link", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("account");
  await signup(page, email);

  await visit(page, "/profile");
  await expect(page.getByRole("heading", { name: "プロフィール", level: 1 })).toBeVisible();
  const profileId = (await page.getByTestId("profile-id").textContent())!.trim();
  expect(profileId).toMatch(/^[\w-]{6,}$/);
  await page.getByLabel("ニックネーム").fill("こもれび太郎");
  await page.getByLabel("自己紹介").fill("週末にまとめて読みます。");
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByRole("status")).toHaveText("プロフィールを保存しました");
  await expect(page.getByRole("link", { name: "自分のレビューを見る" })).toHaveAttribute(
    "href",
    `/review/user/${profileId}`,
  );
  // The header and the drawer follow the new nickname without a reload.
  await expect(page.getByTestId("header-member")).toContainText("こもれび太郎");
  await page.getByRole("banner").getByRole("button", { name: "メニュー" }).click();
  const drawer = page.getByRole("dialog", { name: "メニュー" });
  await expect(drawer.getByTestId("drawer-nickname")).toContainText("こもれび太郎");
  await screenshot(page, "account-profile-drawer");
  await drawer.getByRole("button", { name: "メニューを閉じる" }).click();
  await screenshot(page, "account-profile");
  await visit(page, "/profile");
  await expect(page.getByLabel("ニックネーム")).toHaveValue("こもれび太郎");
  await expect(page.getByLabel("自己紹介")).toHaveValue("週末にまとめて読みます。");

  await visit(page, "/newsletter");
  const toggle = page.getByLabel("お得なキャンペーン情報をメールで受け取る");
  // Sign-up offered the newsletter already checked: off, then on again, mails one confirmation.
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(page.getByRole("status")).toContainText("配信を停止しました");
  await toggle.check();
  await expect(page.getByRole("status")).toContainText("配信を開始しました");
  await screenshot(page, "account-newsletter");

  const welcome = await deliveredMail(email, "welcome");
  expect(welcome).toContain("会員登録が完了しました");
  const confirmation = await deliveredMail(email, "newsletter_confirmed");
  const link = confirmation.match(/https?:\/\/\S+\/unsubscribe_newsletter\?\S+/)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);

  // The link works in a browser that never logged in; a changed signature is refused.
  const stranger = await browser.newContext({ viewport: page.viewportSize()! });
  const other = await stranger.newPage();
  const tampered = new URL(url);
  tampered.searchParams.set("s", `${url.searchParams.get("s")!.slice(0, -2)}xx`);
  await other.goto(tampered.pathname + tampered.search);
  await hydrated(other);
  await other.getByRole("button", { name: "配信を停止する" }).click();
  await expect(other.getByRole("alert")).toContainText("配信停止のリンクが正しくありません");

  await other.goto(url.pathname + url.search);
  await hydrated(other);
  await screenshot(other, "account-unsubscribe");
  await other.getByRole("button", { name: "配信を停止する" }).click();
  await expect(other.getByRole("status")).toHaveText("メールマガジンの配信を停止しました。");
  await screenshot(other, "account-unsubscribed");
  await stranger.close();

  await visit(page, "/newsletter");
  await expect(page.getByLabel("お得なキャンペーン情報をメールで受け取る")).not.toBeChecked();
});

test("/logout asks, logs out with a POST and shows the logged-out page", async ({ page }) => {
  await signup(page, uniqueEmail("logout"));
  await visit(page, "/logout");
  await expect(page.getByRole("heading", { name: "ログアウト", exact: true })).toBeVisible();
  await screenshot(page, "account-logout");
  await page.getByRole("button", { name: "ログアウトする" }).click();
  await expect(page.getByRole("heading", { name: "ログアウトしました" })).toBeVisible();
  await expect(page.getByTestId("header-member")).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: "ログイン" })).toBeVisible();
  await screenshot(page, "account-logged-out");
  // The member-only pages now send the visitor to the login page.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login/);
});
