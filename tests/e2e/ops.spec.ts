import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { expect, screenshot, test, visit } from "./fixtures";

/**
 * The back office (issue 23): the seeded admin signs in with the second factor, sees /ops,
 * changes a staff member's role and finds the change in /ops/audit, at 1280 and 375 px.
 *
 * Both projects share one store: the first to run enrols the admin's authenticator and keeps the
 * secret (and the step its code was used for) in the run's data directory for the second.
 */
const ADMIN = { email: "staff@komaya.example", password: "komaya-staff-2026" };
const SUPPORT_EMAIL = "support@komaya.example";
const kept = path.join(process.env.E2E_DATA_DIR ?? "/tmp", "ops-e2e-totp.json");

interface KeptSecret {
  secret: string;
  lastStep: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A code for a step after the last one used: the server takes each step's code once. */
async function freshCode(
  secret: string,
  lastStep: number,
): Promise<{ code: string; step: number }> {
  let step = Math.floor(Date.now() / 30_000);
  while (step <= lastStep) {
    await sleep(1000);
    step = Math.floor(Date.now() / 30_000);
  }
  return { code: await generate({ secret, epoch: step * 30 }), step };
}

async function signInAsAdmin(page: Page) {
  await visit(page, "/ops/login");
  await page.getByLabel("メールアドレス").fill(ADMIN.email);
  await page.getByLabel("パスワード").fill(ADMIN.password);
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.getByRole("textbox", { name: "確認コード" })).toBeVisible();

  const enrolling = await page.getByTestId("totp-secret").count();
  let secret: string;
  let lastStep = 0;
  if (enrolling) {
    secret = (await page.getByTestId("totp-secret").getAttribute("data-secret"))!;
    await screenshot(page, "ops-enrol");
  } else {
    expect(existsSync(kept), "the admin enrolled in an earlier project of this run").toBe(true);
    ({ secret, lastStep } = JSON.parse(readFileSync(kept, "utf8")) as KeptSecret);
  }
  const { code, step } = await freshCode(secret, lastStep);
  writeFileSync(kept, JSON.stringify({ secret, lastStep: step } satisfies KeptSecret));
  await page.getByRole("textbox", { name: "確認コード" }).fill(code);
  await page.getByRole("button", { name: enrolling ? "設定してログイン" : "ログイン" }).click();

  if (enrolling) {
    await expect(page.getByRole("heading", { name: "リカバリーコード" })).toBeVisible();
    await expect(
      page.getByRole("list", { name: "リカバリーコード" }).getByRole("listitem"),
    ).toHaveCount(10);
    await screenshot(page, "ops-recovery-codes");
    await page.getByRole("link", { name: /運営画面へ進む/ }).click();
  }
  await expect(page.getByRole("heading", { name: "運営ホーム" })).toBeVisible();
}

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
  // Each project turns the role the other way: support ↔ editor.
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
});
