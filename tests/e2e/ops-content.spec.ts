import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { generate } from "otplib";
import sharp from "sharp";
import { zipOf } from "../../server/modules/content/test-fixture";
import { expect, screenshot, test, visit } from "./fixtures";

/**
 * The content pipeline (issue 23): the seeded editor signs in with the second factor, uploads a
 * ZIP of pages for a seeded volume, watches the files go and the job publish them, and a visitor
 * then reads the new trial pages. Both projects share one store and one authenticator (kept in
 * the run's data directory, as ops.spec.ts keeps the admin's).
 */
const EDITOR = { email: "editor@komaya.example", password: "komaya-editor-2026" };
const kept = path.join(process.env.E2E_DATA_DIR ?? "/tmp", "ops-content-e2e-totp.json");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freshCode(secret: string, lastStep: number) {
  let step = Math.floor(Date.now() / 30_000);
  while (step <= lastStep) {
    await sleep(1000);
    step = Math.floor(Date.now() / 30_000);
  }
  return { code: await generate({ secret, epoch: step * 30 }), step };
}

async function signInAsEditor(page: Page) {
  await visit(page, "/ops/login");
  await page.getByLabel("メールアドレス").fill(EDITOR.email);
  await page.getByLabel("パスワード").fill(EDITOR.password);
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.getByRole("textbox", { name: "確認コード" })).toBeVisible();
  const enrolling = (await page.getByTestId("totp-secret").count()) > 0;
  let secret: string;
  let lastStep = 0;
  if (enrolling) {
    secret = (await page.getByTestId("totp-secret").getAttribute("data-secret"))!;
  } else {
    expect(existsSync(kept), "the editor enrolled in an earlier project of this run").toBe(true);
    ({ secret, lastStep } = JSON.parse(readFileSync(kept, "utf8")) as {
      secret: string;
      lastStep: number;
    });
  }
  const { code, step } = await freshCode(secret, lastStep);
  writeFileSync(kept, JSON.stringify({ secret, lastStep: step }));
  await page.getByRole("textbox", { name: "確認コード" }).fill(code);
  await page.getByRole("button", { name: enrolling ? "設定してログイン" : "ログイン" }).click();
  if (enrolling) await page.getByRole("link", { name: /運営画面へ進む/ }).click();
  await expect(page.getByRole("heading", { name: "運営ホーム" })).toBeVisible();
}

/** A seeded volume a visitor reads only in part (trial pages), with its series. */
async function trialVolume(page: Page) {
  for (let seriesId = 1; seriesId <= 60; seriesId++) {
    const series = await page.request.get(`/api/shared/series/${seriesId}/main?k=ops-content-e2e`);
    if (!series.ok()) continue;
    const { books } = (await series.json()) as { books: { book_id: number }[] };
    for (const { book_id: bookId } of books) {
      const answer = await page.request.get(`/api/reader/${bookId}`);
      if (!answer.ok()) continue;
      const body = (await answer.json()) as { entitlement: string; readable_pages: number };
      if (body.entitlement === "trial" && body.readable_pages >= 2) return { bookId, seriesId };
    }
  }
  throw new Error("no seeded volume with trial pages");
}

/** Six pages 800 × 1000, each its own colour: the reader's pages are 720 × 1024 until replaced. */
async function pagesZip(): Promise<Buffer> {
  const entries = [];
  for (let n = 1; n <= 6; n++) {
    const data = await sharp({
      create: { width: 800, height: 1000, channels: 3, background: { r: 40 * n, g: 90, b: 160 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    entries.push({ name: `page${n}.jpg`, data, method: "store" as const });
  }
  return zipOf(entries);
}

test("an editor uploads a ZIP of pages and a visitor reads the new trial pages", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { bookId, seriesId } = await trialVolume(page);
  await signInAsEditor(page);
  await visit(page, `/ops/volumes/${bookId}/content`);
  await expect(page.getByRole("heading", { name: "公開中の内容" })).toBeVisible();
  const pagesPanel = page.getByRole("region", { name: "ページをアップロード" });
  await pagesPanel
    .locator('input[type="file"]')
    .setInputFiles({ name: "第1巻.zip", mimeType: "application/zip", buffer: await pagesZip() });
  const fileBar = pagesPanel.getByRole("progressbar", { name: "第1巻.zip の送信" });
  await expect(fileBar).toBeVisible();
  await screenshot(page, "ops-content-chosen");
  await pagesPanel.getByRole("button", { name: "アップロードして公開" }).click();
  await expect(pagesPanel.getByRole("status")).toContainText("公開しました", { timeout: 90_000 });
  await expect(fileBar).toHaveAttribute("value", "100");
  await expect(pagesPanel.getByRole("progressbar", { name: "公開までの進み具合" })).toHaveAttribute(
    "value",
    "100",
  );
  await expect(page.getByText("ページ数：6ページ")).toBeVisible();
  await screenshot(page, "ops-content-published");

  // A visitor (no cookies of the editor's) opens the reader: the new pages, by their shape.
  const visitor = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const reader = await visitor.newPage();
  await visit(reader, `/viewer/speed.html?cid=${bookId}&series=${seriesId}`);
  const first = reader.locator(`img[data-page="1"]`).first();
  await expect(first).toHaveAttribute("src", /\/media\/books\/\d+\/pages\/1\.png\?s=[0-9a-f-]{36}/);
  await expect
    .poll(() =>
      first.evaluate(
        (img: HTMLImageElement) => img.naturalWidth > 0 && img.naturalHeight / img.naturalWidth,
      ),
    )
    .toBeCloseTo(1000 / 800, 2);
  await screenshot(reader, "ops-content-reader");
  await visitor.close();
});
