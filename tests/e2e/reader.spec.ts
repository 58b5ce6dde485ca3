import type { Page } from "@playwright/test";
import {
  DEMO_MEMBER,
  expect,
  hydrated,
  keepPicture,
  login,
  seriousViolations,
  test,
  visit,
} from "./fixtures";
import { reader, readerLinkFrom, shelfVolume } from "./reader-fixtures";

/**
 * The web reader (issue 9, decision 0020) at 1280 px (spreads) and 375 px (one page): a
 * visitor's trial ends on the offer, a member's owned volume turns right to left and reopens on
 * the saved page, a タテヨミ volume scrolls. Each opening prints its first-page time.
 */

/** Records the largest paint of each page image from the start of the document. */
async function watchFirstPage(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __firstPage?: number };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] & { element?: Element }[]) {
        const element = (entry as unknown as { element?: Element }).element;
        const time = (entry as unknown as { renderTime?: number }).renderTime || entry.startTime;
        if (element?.matches?.(".reader img[data-page]") && w.__firstPage === undefined) {
          w.__firstPage = time;
        }
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
    const shifts = window as unknown as { __shift: number };
    shifts.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number }[]) {
        shifts.__shift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/**
 * Navigation start → the first page image decoded and painted (its largest-contentful-paint
 * entry, which Chromium records only once the image is decoded). Printed, never asserted.
 */
async function reportFirstPage(page: Page, label: string) {
  const visible = reader(page).locator(".reader__view img[data-page], .reader__slot img").first();
  await expect(visible).toBeVisible();
  await visible.evaluate((img) => (img as HTMLImageElement).decode());
  const ms = await page.waitForFunction(
    () => (window as unknown as { __firstPage?: number }).__firstPage,
    undefined,
    { timeout: 5_000 },
  );
  const value = Math.round(Number(await ms.jsonValue()));
  const width = page.viewportSize()?.width ?? 0;
  // Where the time went: the document, then the page image's request and response.
  const parts = await visible.evaluate((img) => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const res = performance.getEntriesByName((img as HTMLImageElement).currentSrc)[0] as
      | PerformanceResourceTiming
      | undefined;
    const r = (n: number | undefined) => Math.round(n ?? -1);
    return `html ${r(nav.responseEnd)}, image ${r(res?.startTime)}→${r(res?.responseEnd)} (${(img as HTMLImageElement).currentSrc.split("?")[1]})`;
  });
  console.log(`reader first page ${label} @${width}px: ${value} ms [${parts}]`);
  // Page boxes have their shape before the images arrive: nothing moves as they load.
  expect(
    await page.evaluate(() => (window as unknown as { __shift: number }).__shift),
  ).toBeLessThan(0.01);
}

async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await keepPicture(page, `tests/e2e/screenshots/${name}-${width}.png`);
}

test("a visitor reads a trial to its end and is offered the volume instead of more pages", async ({
  page,
}, info) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await watchFirstPage(page);
  const trial = await readerLinkFrom(page, "/ranking", /^試し読み$/);
  const href = (await trial.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/viewer\/speed\.html\?cid=\d+&series=\d+&_rs=trial$/);
  await trial.click();
  await hydrated(page);
  await expect(page).toHaveURL(/\/viewer\/speed\?cid=\d+&series=\d+&_rs=trial$/);
  await reportFirstPage(page, "trial");
  await expect(reader(page)).toHaveAttribute("data-direction", "rtl");
  await expect(reader(page)).toHaveAttribute(
    "data-layout",
    info.project.name === "pc" ? "spread" : "single",
  );
  await expect(reader(page)).toHaveAttribute("data-page", "0");
  await shot(page, "reader-trial-open");
  expect(await seriousViolations(page)).toEqual([]);

  // Page by page to the end of the trial: the left zone goes forward in right-to-left reading.
  const stage = page.locator(".reader__stage");
  const box = (await stage.boundingBox())!;
  if (info.project.name === "pc") {
    // A mouse over a side shows the arrow of the turn a click there makes.
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
    await expect(page.locator(".reader__hint--left")).toHaveAttribute("data-shown", "true");
    await expect(page.locator(".reader__hint--right")).toHaveAttribute("data-shown", "false");
    await page.waitForTimeout(250); // the arrow fades in
    await shot(page, "reader-trial-hover");
  }
  for (let turns = 0; turns < 60; turns++) {
    if ((await reader(page).getAttribute("data-end")) !== null) break;
    await page.mouse.click(box.x + box.width * 0.1, box.y + box.height / 2);
  }
  await expect(reader(page)).toHaveAttribute("data-end", "trial");
  const end = page.getByRole("region", { name: "試し読みはここまで" });
  await expect(end).toBeVisible();
  const offers = end.getByRole("link", { name: /購入する|会員登録で無料で読む/ });
  await expect(offers.first()).toBeVisible();
  await shot(page, "reader-trial-end");
  expect(await seriousViolations(page)).toEqual([]);

  // The server refuses the first page past the trial, whatever the address.
  const cid = new URL(page.url()).searchParams.get("cid");
  const max = Number(await page.locator(".reader__slider").getAttribute("max"));
  expect(max).toBeGreaterThan(0);
  const refused = await page.request.get(`/media/books/${cid}/pages/${max + 1}.png?w=720`);
  expect(refused.status()).toBe(403);
  expect((await refused.body()).subarray(0, 4).toString("latin1")).not.toBe("\u0089PNG");

  // Back from the offer to the last trial page with the key that goes back (→ in RTL).
  await page.keyboard.press("ArrowRight");
  await expect(reader(page)).not.toHaveAttribute("data-end", /.+/);

  // A visitor's left-to-right choice flips the keys and stays on this device.
  await page.keyboard.press("Home");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.getByRole("button", { name: /めくる方向を切り替える/ }).click();
  await expect(reader(page)).toHaveAttribute("data-direction", "ltr");
  await page.keyboard.press("ArrowRight");
  await expect(reader(page)).toHaveAttribute("data-page", "1");
  await page.reload();
  await hydrated(page);
  await expect(reader(page)).toHaveAttribute("data-direction", "ltr");
  await page.keyboard.press("ArrowLeft");
  await expect(reader(page)).toHaveAttribute("data-page", "0");
  await page.evaluate(() => localStorage.removeItem("komaya.reader.direction"));
  expect(errors).toEqual([]);
});

test("a wrong reader address is a 400 or 404 page with the way back", async ({ page }) => {
  const bad = await page.goto("/viewer/speed.html?cid=abc&series=1");
  expect(bad?.status()).toBe(400);
  await expect(page.getByText("cid は巻の番号で指定してください")).toBeVisible();
  const missing = await page.goto("/viewer/speed.html?cid=999999&series=1");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "作品ページへ戻る" })).toHaveAttribute(
    "href",
    "/series/1",
  );
  await shot(page, "reader-not-found");
});

test("the demo member pages an owned volume right to left, closes it and reopens on the saved page", async ({
  page,
}, info) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await watchFirstPage(page);
  // From the bookshelf: an owned series' volume list, its first volume.
  const read = await shelfVolume(page);
  const href = (await read.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/viewer\/speed\.html\?cid=\d+&series=\d+$/);
  await read.click();
  await hydrated(page);
  await reportFirstPage(page, "owned");
  const spread = info.project.name === "pc";
  await expect(reader(page)).toHaveAttribute("data-layout", spread ? "spread" : "single");

  // Start from the cover whatever an earlier run saved: the volume opens on it, standing alone.
  await page.keyboard.press("Home");
  await expect(reader(page)).toHaveAttribute("data-page", "0");
  await expect(page.locator(".reader__view img")).toHaveCount(1);
  await expect(page.locator(".reader__view img")).toHaveAttribute("alt", "表紙");
  await shot(page, "reader-owned-first");

  // ← goes forward in right-to-left reading; after the cover pages pair 1–2.
  await page.keyboard.press("ArrowLeft");
  await expect(reader(page)).toHaveAttribute("data-page", "1");
  if (spread) {
    const pair = page.locator(".reader__view img");
    await expect(pair).toHaveCount(2);
    // Page 1 on the right, page 2 on its left.
    const [left, right] = await pair.evaluateAll((imgs) =>
      imgs.map((img) => ({
        page: img.getAttribute("data-page"),
        x: img.getBoundingClientRect().x,
      })),
    );
    expect(left!.x).toBeLessThan(right!.x);
    expect(left!.page).toBe("2");
    expect(right!.page).toBe("1");
  }
  const step = spread ? 2 : 1;
  await page.keyboard.press("ArrowLeft");
  await expect(reader(page)).toHaveAttribute("data-page", String(1 + step));
  await page.keyboard.press("ArrowRight");
  await expect(reader(page)).toHaveAttribute("data-page", "1");
  await page.keyboard.press("Space");
  await expect(reader(page)).toHaveAttribute("data-page", String(1 + step));

  // Taps: the left third forward, the right third back, the centre shows the toolbar.
  const stage = page.locator(".reader__stage");
  const box = (await stage.boundingBox())!;
  const tap = async (x: number) => {
    if (info.project.name === "phone")
      await page.touchscreen.tap(box.x + x, box.y + box.height / 2);
    else await page.mouse.click(box.x + x, box.y + box.height / 2);
  };
  await tap(box.width * 0.1);
  await expect(reader(page)).toHaveAttribute("data-page", String(1 + 2 * step));
  await tap(box.width * 0.9);
  await expect(reader(page)).toHaveAttribute("data-page", String(1 + step));
  const saved = String(1 + 2 * step);
  // Whichever comes first, the save a moment after the turn or the one on leaving.
  const saving = page.waitForRequest(
    (r) =>
      r.url().endsWith("/api/reader/progress") &&
      r.method() === "POST" &&
      (r.postDataJSON() as { page: number }).page === Number(saved),
  );
  await tap(box.width * 0.1);
  await expect(reader(page)).toHaveAttribute("data-page", saved);
  // A swipe to the right turns forward in right-to-left reading, to the left back.
  const swipe = async (dx: number) => {
    const y = box.y + box.height / 2;
    const x = box.x + box.width / 2 - dx / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx / 2, y + 4);
    await page.mouse.move(x + dx, y + 6);
    await page.mouse.up();
  };
  await swipe(160);
  await expect(reader(page)).toHaveAttribute("data-page", String(1 + 3 * step));
  await swipe(-160);
  await expect(reader(page)).toHaveAttribute("data-page", saved);
  if (info.project.name === "phone") {
    // And with a finger: touch events, as a phone sends them.
    const cdp = await page.context().newCDPSession(page);
    const touch = async (dx: number) => {
      const y = box.y + box.height / 2;
      const x = box.x + box.width / 2 - dx / 2;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
      for (const f of [0.3, 0.6, 1]) {
        await cdp.send("Input.dispatchTouchEvent", {
          type: "touchMove",
          touchPoints: [{ x: x + dx * f, y: y + 3 }],
        });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    await touch(160);
    await expect(reader(page)).toHaveAttribute("data-page", String(1 + 3 * step));
    await touch(-160);
    await expect(reader(page)).toHaveAttribute("data-page", saved);
  }
  // The next pages are already loading off screen.
  expect(await page.locator(".reader__preload img").count()).toBeGreaterThanOrEqual(3);

  await tap(box.width * 0.5);
  const toolbar = page.locator(".reader__bar--top");
  await expect(toolbar.getByRole("link", { name: "作品ページへ戻る" })).toBeVisible();
  await expect(page.getByRole("slider", { name: "ページ" })).toHaveValue(saved);
  await shot(page, "reader-owned-toolbar");

  // Closing goes back to the series; the position is on the server by then.
  await toolbar.getByRole("link", { name: "作品ページへ戻る" }).click();
  await expect(page).toHaveURL(/\/series\/\d+$/);
  const saved200 = await (await saving).response();
  expect(saved200?.status()).toBe(200);
  const seriesUrl = new URL(page.url()).pathname;

  // The series page offers 続きを読む into the reader.
  await visit(page, seriesUrl);
  const resume = page.getByRole("link", { name: /^続きを読む/ });
  await expect(resume).toBeVisible();
  expect(await resume.getAttribute("href")).toMatch(/^\/viewer\/speed\.html\?cid=\d+&series=\d+$/);

  // Reopened from the bookshelf, it opens on the saved page.
  const again = await shelfVolume(page, href);
  await again.click();
  await hydrated(page);
  await expect(reader(page)).toHaveAttribute("data-page", saved);
  await shot(page, "reader-owned-reopened");

  // The end of the volume: a rating, the next volume, and the series page shows both marks.
  const finishing = page.waitForRequest(
    (r) =>
      r.url().endsWith("/api/reader/progress") &&
      (r.postDataJSON() as { finished?: boolean }).finished === true,
  );
  await page.keyboard.press("End");
  const end = page.getByRole("region", { name: "最後まで読みました" });
  await expect(end).toBeVisible();
  // However long the volume, only the pages around the position are in the page.
  expect(await page.locator(".reader img[data-page]").count()).toBeLessThanOrEqual(10);
  await end.getByRole("button", { name: "4点" }).click();
  await expect(end.getByText("評価しました")).toBeVisible();
  await shot(page, "reader-owned-end");
  expect((await (await finishing).response())?.status()).toBe(200);
  await visit(page, seriesUrl);
  const cid = new URL(href, "http://x").searchParams.get("cid");
  const row = page.locator(".volume-row", {
    has: page.locator(`a[href^="/viewer/speed.html?cid=${cid}&"]`),
  });
  await expect(row.getByRole("img", { name: "あなたの評価 4点" })).toBeVisible();
  await expect(row.getByText("読了")).toBeVisible();
  await page.getByRole("link", { name: /^続きを読む/ }).scrollIntoViewIfNeeded();
  await shot(page, "reader-series-marks");
});

test("a タテヨミ volume scrolls top to bottom in one column", async ({ page }) => {
  await watchFirstPage(page);
  const link = await readerLinkFrom(page, "/search?gn=20", /試し読み|無料で読む|立ち読み増量/);
  await link.click();
  await hydrated(page);
  await reportFirstPage(page, "tateyomi");
  await expect(reader(page)).toHaveAttribute("data-layout", "scroll");
  await expect(reader(page)).toHaveAttribute("data-page", "1");
  await shot(page, "reader-tateyomi-top");

  const slots = page.locator(".reader__slot");
  const count = await slots.count();
  expect(count).toBeGreaterThan(1);
  // Pages stand one under another, each the column's width.
  const [first, second] = await slots.evaluateAll((els) =>
    els.slice(0, 2).map((el) => el.getBoundingClientRect().toJSON() as DOMRect),
  );
  expect(second!.y).toBeCloseTo(first!.y + first!.height, 0);
  expect(second!.x).toBe(first!.x);

  // The centre of the screen shows and hides the toolbar (and, once used, it stays as left).
  const toolbar = page.locator(".reader__bar--top");
  const centre = { x: first!.x + first!.width / 2, y: 400 };
  const shownBefore = await toolbar.isVisible();
  await page.mouse.click(centre.x, centre.y);
  await expect(toolbar).toBeVisible({ visible: !shownBefore });
  if (shownBefore) await page.mouse.click(centre.x, centre.y);
  await expect(toolbar).toBeVisible();
  await page.mouse.move(centre.x, 200);
  await page.mouse.wheel(0, first!.height * 1.2);
  await expect(reader(page)).toHaveAttribute("data-page", "2");
  // Scrolling on puts the toolbar away.
  await expect(toolbar).toBeHidden({ timeout: 1_000 });
  await shot(page, "reader-tateyomi-scrolled");

  // The end of the column offers what comes after.
  await page.keyboard.press("End");
  await expect(reader(page)).toHaveAttribute("data-end", /trial|volume/);
  // Images far above are unmounted (their boxes stay, so nothing moves).
  expect(await page.locator(".reader img[data-page]").count()).toBeLessThanOrEqual(9);
  if (count > 9) await expect(page.locator('.reader__slot[data-slot="1"] img')).toHaveCount(0);
  await expect(page.locator(".reader-end")).toBeInViewport();
  await shot(page, "reader-tateyomi-end");
  await page.getByRole("button", { name: "最初のページへ" }).click();
  await expect(reader(page)).toHaveAttribute("data-page", "1");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
