import { randomBytes } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";

export const DEMO_MEMBER = { email: "demo@komaya.example", password: "komaya-demo-2026" };

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.jp`;
}

/** Opens a page and waits until React has hydrated it, so clicks reach their handlers. */
export async function visit(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Logs in through the real login page, as a member would. */
export async function login(page: Page, email: string, password: string) {
  await visit(page, "/login");
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
