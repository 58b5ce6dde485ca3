import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, hydrated, screenshot, test, visit } from "./fixtures";
import { signInToOps } from "./ops-fixtures";

/**
 * A replaced cover (decision 0095): the seeded editor uploads a new cover for a seeded series'
 * latest volume, and a visitor who saw the drawn cover sees the new one on the series page and
 * on the search card at once, at a new address the browser may keep for good.
 */
const EDITOR = { email: "editor@komaya.example", password: "komaya-editor-2026" };

/** A cover no drawn one looks like: orange, with 新しい表紙 written on it. */
function newCover(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="848">
    <rect width="600" height="848" fill="#f28c28"/>
    <rect x="40" y="40" width="520" height="768" fill="none" stroke="#fff" stroke-width="12"/>
    <text x="300" y="420" font-size="72" text-anchor="middle" fill="#fff" font-family="sans-serif">NEW COVER</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The cover address the store's pages show for the volume. */
function coverImages(page: Page, bookId: number) {
  return page.locator(`img[src*="/media/books/${bookId}/cover.png"]`);
}

test("a replaced cover reaches the series page and its search card at a new, immutable address", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // Each project replaces its own series' cover, so each sees a drawn one first.
  const SERIES_ID = test.info().project.name === "pc" ? 2 : 3;
  const main = (await (
    await page.request.get(`/api/shared/series/${SERIES_ID}/main?k=cover-e2e`)
  ).json()) as { series: { img: string; name: string } };
  const bookId = Number(/\/media\/books\/(\d+)\/cover\.png/.exec(main.series.img)![1]);
  expect(main.series.img).toMatch(/\?v=\d+$/);

  const visitor = await browser.newPage({ viewport: page.viewportSize()! });
  await visit(visitor, `/series/${SERIES_ID}`);
  const before = await coverImages(visitor, bookId).first().getAttribute("src");
  expect(before).toMatch(/\?v=\d+/);
  await screenshot(visitor, "cover-replace-series-before");
  await visit(visitor, `/search?wd=${encodeURIComponent(main.series.name)}`);
  await expect(coverImages(visitor, bookId).first()).toBeVisible();
  await screenshot(visitor, "cover-replace-search-before");

  await signInToOps(page, EDITOR);
  await visit(page, `/ops/volumes/${bookId}/content`);
  await hydrated(page);
  const coverPanel = page.getByRole("region", { name: "表紙をアップロード" });
  await coverPanel
    .locator('input[type="file"]')
    .setInputFiles({ name: "new-cover.png", mimeType: "image/png", buffer: await newCover() });
  await coverPanel.getByRole("button", { name: "アップロードして公開" }).click();
  await expect(coverPanel.getByRole("status")).toContainText("公開しました", { timeout: 60_000 });

  // The same visitor, the same pages: the new cover at an address naming the upload.
  const uploaded = /\?v=[0-9a-f-]{36}/;
  await visit(visitor, `/series/${SERIES_ID}`);
  const after = await coverImages(visitor, bookId).first().getAttribute("src");
  expect(after).toMatch(uploaded);
  expect(after).not.toBe(before);
  await expect
    .poll(() =>
      coverImages(visitor, bookId)
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await screenshot(visitor, "cover-replace-series-after");
  const served = await visitor.request.get(after!);
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(served.headers()["content-type"]).toBe("image/webp");

  await visit(visitor, `/search?wd=${encodeURIComponent(main.series.name)}`);
  await expect(coverImages(visitor, bookId).first()).toHaveAttribute("src", uploaded);
  await screenshot(visitor, "cover-replace-search-after");

  // An address that names no upload still answers, briefly cached.
  const plain = await visitor.request.get(`/media/books/${bookId}/cover.png`);
  expect(plain.status()).toBe(200);
  expect(plain.headers()["cache-control"]).toBe("public, max-age=300");
  await visitor.close();
});
