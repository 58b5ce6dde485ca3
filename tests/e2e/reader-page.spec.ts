import type { Page } from "@playwright/test";
import { expect, keepPicture, test } from "./fixtures";
import { openReader, ownedVolume, reader, seek, slowPageImages, tap } from "./reader-fixtures";

/**
 * Where a member is and what they see (issue 21 items 21, 22 and 40): the position reaches the
 * server even when the tab closes right after a turn on a slow network, opening at a spread
 * writes nothing, and the toolbars never cover the page.
 */

/** The server's idea of where the member is in a volume. */
async function savedPosition(page: Page, bookId: string) {
  return (await readerAnswer(page, bookId)).position;
}

async function readerAnswer(page: Page, bookId: string) {
  const answer = await page.context().request.get(`/api/reader/${bookId}`);
  return (await answer.json()) as {
    book: { page_count: number };
    position: { page: number; finished: boolean } | null;
  };
}

async function saveOnServer(page: Page, bookId: string, at: number) {
  const ct = (await page.context().cookies()).find((c) => c.name === "ct")?.value ?? "";
  const answer = await page.context().request.post("/api/reader/progress", {
    data: { book: Number(bookId), page: at },
    headers: { "X-CSRFToken": ct },
  });
  expect(answer.status()).toBe(200);
}

test("the position reaches the server when the tab closes two seconds after the last turn", async ({
  page,
  baseURL,
}, info) => {
  const { href, bookId } = await ownedVolume(page);
  await saveOnServer(page, bookId, 2);
  // Page images that take seconds to arrive hold every connection the browser keeps to the
  // store, so a save made meanwhile waits behind them, as on a phone while pages still load.
  const slow = await slowPageImages(new URL(baseURL!), 6_000);
  try {
    await openReader(page, slow.origin + href);
    const readable = Number(await page.locator(".reader__slider").getAttribute("max"));
    expect(readable).toBeGreaterThan(40);
    const from = Math.min(127, readable - 10);
    await seek(page, from);
    const stage = (await page.locator(".reader__stage").boundingBox())!;
    for (let i = 0; i < 4; i++) {
      await tap(page, info, stage.x + stage.width * 0.1, stage.y + stage.height / 2);
      await page.waitForTimeout(120);
    }
    const reached = Number(await reader(page).getAttribute("data-page"));
    expect(reached).toBeGreaterThan(from);
    await page.waitForTimeout(2_000);
    const other = await page.context().newPage();
    await page.close();
    await expect
      .poll(async () => (await savedPosition(other, bookId))?.page, { timeout: 8_000 })
      .toBe(reached);
  } finally {
    slow.close();
  }
});

test("opening a volume at a spread writes nothing and shows both page numbers", async ({
  page,
}, info) => {
  const { href, bookId } = await ownedVolume(page);
  await saveOnServer(page, bookId, 17);
  const saves: number[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/reader/progress"))
      saves.push((r.postDataJSON() as { page: number }).page);
  });
  await openReader(page, href);
  const spread = info.project.name === "pc";
  await expect(reader(page)).toHaveAttribute("data-layout", spread ? "spread" : "single");
  const count = page.locator(".reader__count");
  const total = (await readerAnswer(page, bookId)).book.page_count;
  // After the cover pages pair 1–2, 3–4 …: page 17 opens with 18 beside it.
  await expect(count).toHaveText(spread ? `17-18 / ${total}` : `17 / ${total}`);
  await expect(page.locator(".reader__slider")).toHaveValue("17");
  await page.waitForTimeout(2_500);
  expect(saves).toEqual([]);
  expect((await savedPosition(page, bookId))?.page).toBe(17);
  await keepPicture(
    page,
    `tests/e2e/screenshots/reader-opened-at-17-${page.viewportSize()?.width}.png`,
  );

  // The next turn saves the page it reached.
  await page.keyboard.press("ArrowLeft");
  const next = spread ? 19 : 18;
  await expect(reader(page)).toHaveAttribute("data-page", String(next));
  await expect(count).toHaveText(spread ? `19-20 / ${total}` : `18 / ${total}`);
  await expect.poll(async () => (await savedPosition(page, bookId))?.page).toBe(next);
  expect(saves).toEqual([next]);
  // Back to where it opened: the spread 17–18 is saved as 17, the page this turn reached.
  await page.keyboard.press("ArrowRight");
  await expect(reader(page)).toHaveAttribute("data-page", "17");
  await expect.poll(async () => (await savedPosition(page, bookId))?.page).toBe(17);
});

test("the toolbars leave the whole page in view, printed page number included", async ({
  page,
}) => {
  const { href } = await ownedVolume(page);
  await openReader(page, href);
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowLeft");
  const top = page.locator(".reader__bar--top");
  const bottom = page.locator(".reader__bar--bottom");
  const stage = (await page.locator(".reader__stage").boundingBox())!;
  if (!(await top.isVisible())) await page.mouse.click(stage.width / 2, stage.height / 2);
  await expect(top).toBeVisible();
  await expect(bottom).toBeVisible();
  const fits = async () => {
    const topEdge = (await top.boundingBox())!;
    const bottomEdge = (await bottom.boundingBox())!;
    const pages = await page
      .locator(".reader__view img")
      .evaluateAll((imgs) => imgs.map((img) => img.getBoundingClientRect().toJSON() as DOMRect));
    return pages.every(
      (p) =>
        p.top >= topEdge.y + topEdge.height - 0.5 &&
        p.bottom <= bottomEdge.y + 0.5 &&
        p.height > 300,
    );
  };
  await expect.poll(fits, { timeout: 2_000 }).toBe(true);
  await keepPicture(
    page,
    `tests/e2e/screenshots/reader-toolbar-fit-${page.viewportSize()?.width}.png`,
  );
  // Put away, the page takes the whole height again.
  await page.mouse.click(stage.width / 2, stage.height / 2);
  await expect(top).toBeHidden();
  await expect
    .poll(async () =>
      page
        .locator(".reader__view img")
        .first()
        .evaluate((img) => Math.round(img.getBoundingClientRect().height)),
    )
    .toBe(
      await page
        .locator(".reader__view img")
        .first()
        .evaluate((img) => (img as HTMLImageElement).offsetHeight),
    );
});
