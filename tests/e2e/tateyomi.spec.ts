import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, keepPicture, screenshot, test, visit } from "./fixtures";
import { reader } from "./reader-fixtures";

/**
 * タテヨミ as episodes (issue 25 item 7) at 1280 px and 375 px: the series lists 第1話, 第2話…
 * (never 巻), an episode reads as one strip whose pages touch, with no page count over it, and
 * its end offers 第2話, which opens from there.
 */

/** Shows the reader's toolbar with a tap in the middle of the strip (a tap toggles it). */
async function showToolbar(page: Page, x: number) {
  const toolbar = page.locator(".reader__bar--top");
  await expect(async () => {
    if (!(await toolbar.isVisible())) await page.mouse.click(x, 400);
    await expect(toolbar).toBeVisible({ timeout: 1_000 });
  }).toPass();
}

/**
 * A タテヨミ series page whose 第1話 a visitor reads free and which has a 第2話: one whose 第2話
 * is free too when there is one, so the end of 第1話 reads on into it.
 */
async function episodeSeries(page: Page): Promise<{ href: string; first: Locator }> {
  await visit(page, "/search?gn=20");
  const hrefs = await page
    .locator("main a[href^='/series/']")
    .evaluateAll((links) => [
      ...new Set(links.map((a) => a.getAttribute("href")?.split("?")[0] ?? "")),
    ]);
  let fallback: string | undefined;
  for (const href of hrefs.filter((h) => /^\/series\/\d+$/.test(h)).slice(0, 12)) {
    await visit(page, href);
    const rows = page.locator(".volume-row");
    if ((await page.locator('.volume-row[data-volume="2"]').count()) === 0) continue;
    const first = rows
      .and(page.locator('[data-volume="1"]'))
      .locator("a[href^='/viewer/speed.html']")
      .filter({ hasText: "無料で読む" });
    if ((await first.count()) === 0) continue;
    const second = page
      .locator('.volume-row[data-volume="2"] a[href^="/viewer/speed.html"]')
      .filter({ hasText: "無料で読む" });
    if ((await second.count()) > 0) return { href, first: first.first() };
    fallback ??= href;
  }
  if (!fallback) throw new Error("no タテヨミ series with a free 第1話 and a 第2話");
  await visit(page, fallback);
  const first = page
    .locator('.volume-row[data-volume="1"] a[href^="/viewer/speed.html"]')
    .filter({ hasText: "無料で読む" });
  return { href: fallback, first: first.first() };
}

test("a タテヨミ series lists episodes, reads as one strip and offers the next episode", async ({
  page,
}) => {
  test.setTimeout(480_000);
  const { href, first } = await episodeSeries(page);
  const width = page.viewportSize()!.width;

  // The series page: an episode list, 第1話 first, no 巻 anywhere in it.
  const list = page.locator(".volume-list");
  await expect(list.getByRole("heading", { name: /^エピソード一覧（\d+話）/ })).toBeVisible();
  await expect(list.getByRole("button", { name: "最新話から表示" })).toBeVisible();
  await expect(list.locator(".volume-row__title").first()).toContainText("第1話");
  await expect(list.locator(".volume-row__title").nth(1)).toContainText("第2話");
  expect(await list.textContent()).not.toMatch(/巻/);
  await expect(page.locator(".series-facts")).toContainText(/配信話数/);
  await screenshot(page, "tateyomi-series");

  // The reader: one column of pages that touch, the screen's width on a phone, a centred column on a pc.
  await first.click();
  await hydrated(page);
  await expect(reader(page)).toHaveAttribute("data-layout", "scroll");
  const images = page.locator(".reader__slot img");
  await expect(images.nth(1)).toBeVisible();
  // Pages are drawn on their first request: on a busy machine that takes a while.
  await page.waitForFunction(
    () => {
      const img = document.querySelector<HTMLImageElement>(".reader__slot img");
      return img?.complete && img.naturalWidth > 0;
    },
    null,
    { timeout: 90_000 },
  );
  const rects = await images.evaluateAll((els) =>
    els.slice(0, 3).map((el) => el.getBoundingClientRect().toJSON() as DOMRect),
  );
  for (let i = 1; i < rects.length; i++) {
    const above = rects[i - 1]!;
    const below = rects[i]!;
    // No gap and no overlap between adjacent images: the strip is continuous.
    expect(Math.abs(below.top - above.bottom)).toBeLessThan(0.5);
    expect(below.left).toBe(above.left);
    expect(below.width).toBe(above.width);
  }
  const column = rects[0]!;
  const inner = await page.evaluate(() => document.documentElement.clientWidth);
  if (width < 720) {
    expect(column.left).toBe(0);
    expect(column.width).toBeCloseTo(inner, 0);
  } else {
    expect(column.width).toBeCloseTo(720, 0);
    expect(Math.abs(column.left + column.width / 2 - inner / 2)).toBeLessThan(1);
  }
  // No page count over the strip, even with the toolbar shown.
  await showToolbar(page, column.left + column.width / 2);
  await expect(page.locator(".reader__bar--top")).toContainText("第1話");
  await expect(page.locator(".reader__count")).toHaveCount(0);
  await expect(page.locator(".reader__bar--bottom")).toBeHidden();
  await screenshot(page, "tateyomi-strip");

  // The end of the strip offers 第2話, by name, with what it takes to read it.
  await page.keyboard.press("End");
  await expect(reader(page)).toHaveAttribute("data-end", "volume");
  const next = page.locator(".reader-next");
  await expect(next).toBeInViewport();
  await expect(next.getByRole("heading", { name: "次の話" })).toBeVisible();
  await expect(next.locator(".reader-next__volume")).toHaveText("第2話");
  await expect(next.locator(".reader-next__title")).toContainText("第2話");
  expect(await page.locator(".reader-end").textContent()).not.toMatch(/巻/);
  await keepPicture(page, `tests/e2e/screenshots/tateyomi-end-${width}.png`);

  // Its button opens 第2話: in the reader when it reads on, else on its own page.
  const action = next.locator(".reader-end__primary");
  const label = (await action.textContent())?.trim();
  await action.click();
  if (label === "読む" || label === "続けて読む") {
    // Free or owned: it opens in the reader.
    await expect(page).toHaveURL(/\/viewer\/speed\.html\?cid=\d+/);
    await hydrated(page);
    await expect(reader(page)).toHaveAttribute("data-layout", "scroll");
    await showToolbar(page, column.left + column.width / 2);
    await expect(page.locator(".reader__bar--top")).toContainText("第2話");
  } else if (label === "会員登録で無料で読む") {
    // Free for members: sign-up, which brings the new member back to 第2話 in the reader.
    await expect(page).toHaveURL(/\/signup\?return_to=%2Fviewer%2Fspeed\.html%3Fcid%3D\d+/);
  } else {
    await expect(page).toHaveURL(new RegExp(`^[^?]*${href}/book/\\d+`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("第2話");
  }
});
