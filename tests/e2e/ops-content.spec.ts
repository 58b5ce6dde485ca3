import type { Page } from "@playwright/test";
import sharp from "sharp";
import { zipOf } from "../../server/modules/content/test-fixture";
import { expect, screenshot, test, visit } from "./fixtures";
import { signInToOps } from "./ops-fixtures";

/**
 * The content pipeline (issue 23): the seeded editor signs in with the second factor, uploads a
 * ZIP of pages for a seeded volume, watches the files go and the job publish them, and a visitor
 * then reads the new trial pages. The sign-in is the ops specs' one (ops-fixtures.ts).
 */
const EDITOR = { email: "editor@komaya.example", password: "komaya-editor-2026" };
const signInAsEditor = (page: Page) => signInToOps(page, EDITOR);

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
