import { randomBytes } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";

export const DEMO_MEMBER = { email: "demo@komaya.example", password: "komaya-demo-2026" };

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.jp`;
}

/** Logs in through the real login page, as a member would. */
export async function login(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード").fill(password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.getByTestId("header-member")).toBeVisible();
}

export async function screenshot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `tests/e2e/screenshots/${name}-${width}.png`, fullPage: true });
}

export const test = base;
export { expect };
