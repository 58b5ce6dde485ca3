import { expect, screenshot, test } from "./fixtures";
import { signInToOps } from "./ops-fixtures";

/**
 * The back office (issue 23): the seeded admin signs in with the second factor, sees /ops,
 * changes a staff member's role and finds the change in /ops/audit, at 1280 and 375 px.
 */
const ADMIN = { email: "staff@komaya.example", password: "komaya-staff-2026" };
const SUPPORT_EMAIL = "support@komaya.example";

const signInAsAdmin = (page: Parameters<typeof signInToOps>[0]) =>
  signInToOps(page, ADMIN, { shots: true });

test("a visitor to an ops page is sent to the ops sign-in", async ({ page }) => {
  await page.goto("/ops/staff");
  await expect(page).toHaveURL(/\/ops\/login\?return_to=%2Fops%2Fstaff$/);
  await expect(page.getByRole("heading", { name: "運営管理ログイン" })).toBeVisible();
  await screenshot(page, "ops-login");
});

test("staff sign in with the second factor, change a role and find it in the audit log", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { name: "あなたの権限：管理者" })).toBeVisible();
  await expect(page.getByRole("table")).toContainText("スタッフアカウントと権限の管理");
  await screenshot(page, "ops-home");

  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "スタッフ管理" })
    .click();
  await expect(page.getByRole("heading", { name: "スタッフ管理" })).toBeVisible();
  const row = page.locator(`li[data-email="${SUPPORT_EMAIL}"]`);
  const select = row.getByRole("combobox");
  // Each project turns the role to editor and back, or back from a run that stopped halfway.
  const before = await select.inputValue();
  const after = before === "support" ? "editor" : "support";
  const afterLabel = after === "editor" ? "編集担当" : "サポート担当";
  await select.selectOption(after);
  await row.getByRole("button", { name: "権限を変更" }).click();
  await expect(page.getByRole("status")).toContainText(`権限を${afterLabel}に変更しました`);
  await expect(select).toHaveValue(after);
  await screenshot(page, "ops-staff");

  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "操作履歴" })
    .click();
  await expect(page.getByRole("heading", { name: "操作履歴" })).toBeVisible();
  await page.getByLabel("対象").selectOption("staff_member");
  await page.getByRole("button", { name: "絞り込む" }).click();
  await expect(page).toHaveURL(/entity=staff_member/);
  const newest = page.locator("tbody tr").first();
  await expect(newest).toContainText("権限の変更");
  await expect(newest).toContainText(ADMIN.email);
  await expect(newest.locator("td").nth(4)).toContainText(`role: ${before}`);
  await expect(newest.locator("td").nth(5)).toContainText(`role: ${after}`);
  await screenshot(page, "ops-audit");

  // The support member is left a support member: ops-members.spec signs in as them, in whichever
  // project and order the specs run.
  if (after !== "support") {
    await page
      .getByRole("navigation", { name: "運営メニュー" })
      .getByRole("link", { name: "スタッフ管理" })
      .click();
    await row.getByRole("combobox").selectOption("support");
    await row.getByRole("button", { name: "権限を変更" }).click();
    await expect(page.getByRole("status")).toContainText("権限をサポート担当に変更しました");
  }
});
