import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { expect, screenshot, visit } from "./fixtures";

/**
 * Signing a seeded staff member in to /ops with the second factor, as every ops spec does. The
 * specs and both projects of a shard share one store: the first sign-in enrols the account's
 * authenticator and keeps the secret (and the step its code was used for) in the run's data
 * directory, per account, for every later one — whichever spec it is in.
 */
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

export async function signInToOps(
  page: Page,
  account: { email: string; password: string },
  { shots = false }: { shots?: boolean } = {},
) {
  const kept = path.join(
    process.env.E2E_DATA_DIR ?? "/tmp",
    `${account.email.replace(/[^a-z0-9]+/gi, "-")}-totp.json`,
  );
  await visit(page, "/ops/login");
  await page.getByLabel("メールアドレス").fill(account.email);
  await page.getByLabel("パスワード").fill(account.password);
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.getByRole("textbox", { name: "確認コード" })).toBeVisible();

  const enrolling = await page.getByTestId("totp-secret").count();
  let secret: string;
  let lastStep = 0;
  if (enrolling) {
    secret = (await page.getByTestId("totp-secret").getAttribute("data-secret"))!;
    if (shots) await screenshot(page, "ops-enrol");
  } else {
    expect(existsSync(kept), "the account enrolled in an earlier project of this run").toBe(true);
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
    if (shots) await screenshot(page, "ops-recovery-codes");
    await page.getByRole("link", { name: /運営画面へ進む/ }).click();
  }
  await expect(page.getByRole("heading", { name: "運営ホーム" })).toBeVisible();
}
