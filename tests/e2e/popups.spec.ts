import type { Page } from "@playwright/test";
import {
  expect,
  keepPicture,
  picturesWanted,
  pressEscapeIn,
  seriousViolations,
  test,
  uniqueEmail,
  visit,
} from "./fixtures";

/** A picture of the open popup once its fade-in is over and its images have arrived. */
async function shot(page: Page, name: string) {
  if (!picturesWanted) return;
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>(".popup img, .popup-banner img")].every(
      (img) => img.complete,
    ),
  );
  await page.waitForTimeout(300);
  await keepPicture(page, `/tmp/popup-${name}-${page.viewportSize()?.width ?? 0}.png`);
}

const popup = (page: Page) => page.getByTestId("popup");

/** Esc on the open popup, once it has the focus. */
const pressEscape = (page: Page) => pressEscapeIn(popup(page));

test("the home page's queue shows its popups one at a time, in order", async ({ page }) => {
  const opened: number[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/popup_open")) opened.push(JSON.parse(r.postData() ?? "{}").popup);
  });
  // The seeded home popups are for visitors who came from the store's ads.
  await visit(page, "/home?utm_source=adroute");

  // First the big sale (type 2, priority 90), then the sign-up coupon (type 10, 85).
  const first = popup(page);
  await expect(first).toHaveAttribute("data-popup-type", "2");
  await expect(page.getByRole("dialog")).toHaveCount(1);
  const box = await first.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(450);
  await expect(first.getByRole("link", { name: "セール会場へ" }).last()).toBeVisible();
  await shot(page, "big-sale");
  expect(await seriousViolations(page, "[data-testid=popup]")).toEqual([]);
  // The impression is reported once the big popup has been seen for 800 ms.
  await expect.poll(() => opened.length, { timeout: 5000 }).toBe(1);
  await first.getByRole("button", { name: "閉じる" }).click();

  const second = popup(page);
  await expect(second).toHaveAttribute("data-popup-type", "10");
  await expect(second.getByRole("heading")).toHaveText("新規会員登録で70%OFFクーポン");
  await expect(second.getByText("70%OFF", { exact: true })).toBeVisible();
  await expect(second.locator(".popup__cards > li")).toHaveCount(6);
  await shot(page, "signup-coupon");
  await pressEscape(page);
  await expect(popup(page)).toHaveCount(0);
  await expect(page.getByTestId("popup-queue")).toHaveAttribute("data-phase", "done");

  // Closed today in this browser: the next home page does not queue them again.
  await visit(page, "/home?utm_source=adroute");
  await expect(page.getByTestId("popup-queue")).toHaveAttribute("data-phase", "done");
  await expect(popup(page)).toHaveCount(0);
});

test("a scroll-triggered popup opens past 40 % and Esc gives the focus back", async ({ page }) => {
  await visit(page, "/home?utm_source=adroute");
  // Clear the queue first; scroll popups never come from it.
  for (const type of ["2", "10"]) {
    await expect(popup(page)).toHaveAttribute("data-popup-type", type);
    await pressEscape(page);
  }
  await expect(page.getByTestId("popup-queue")).toHaveAttribute("data-phase", "done");
  await expect(popup(page)).toHaveCount(0);
  await expect(page.getByTestId("popup-banner")).toHaveCount(0);
  // On a phone the app banner comes first and the corner banner waits for it (decision 0064).
  const appBanner = page.getByRole("button", { name: "アプリのご案内を閉じる" });
  if (await appBanner.isVisible()) await appBanner.click();

  const logo = page.locator("header a").first();
  await logo.focus();
  await page.evaluate(() => {
    const max = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo(0, max * 0.3);
  });
  await page.waitForTimeout(300);
  await expect(popup(page)).toHaveCount(0);
  await page.evaluate(() => {
    const max = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo(0, max * 0.6);
  });

  const shortcut = popup(page);
  await expect(shortcut).toHaveAttribute("data-popup-type", "35");
  await expect(shortcut.getByRole("heading")).toHaveText("ホーム画面に追加してすぐ読める");
  // The bottom-right banner (type 34) waited for the scroll too, and does not block the page.
  await expect(page.getByTestId("popup-banner")).toBeVisible();
  // Focus moved into the popup and Tab stays inside it.
  await expect(shortcut.getByRole("button", { name: "閉じる" })).toBeFocused();
  for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
  expect(await shortcut.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await shot(page, "shortcut");

  await pressEscape(page);
  await expect(popup(page)).toHaveCount(0);
  await expect(logo).toBeFocused();
});

async function signUp(page: Page, query = "") {
  await visit(page, `/signup${query}`);
  await page.getByLabel("メールアドレス").fill(uniqueEmail("popup"));
  await page.getByLabel(/パスワード/).fill("popup-queue-123");
  await page.getByLabel(/ニックネーム/).fill("ぽっぷ");
  await page.getByLabel(/利用規約/).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page.getByTestId("header-member")).toBeVisible();
}

test("a member's home page: the login stamp first, then the queue", async ({ page }) => {
  // Arriving from an ad (kept for the session), signing up, landing on the home page.
  await signUp(page, "?utm_source=adroute");

  const stamp = page.getByRole("dialog", { name: "今日のログインスタンプ" });
  await expect(stamp).toBeVisible();
  await expect(popup(page)).toHaveCount(0);
  await stamp.getByRole("button", { name: "閉じる", exact: true }).last().click();

  // Then the big sale and the pickup campaign popup with its series and もっと見る.
  await expect(popup(page)).toHaveAttribute("data-popup-type", "2");
  await popup(page).getByRole("button", { name: "閉じる" }).click();
  const pickup = popup(page);
  await expect(pickup.getByRole("heading")).toHaveText("今イチオシの特集はこちら！");
  const cards = pickup.locator(".popup__cards > li");
  expect(await cards.count()).toBeGreaterThan(0);
  expect(await cards.count()).toBeLessThanOrEqual(6);
  await expect(pickup.getByRole("link", { name: "もっと見る" })).toBeVisible();
  await shot(page, "pickup");
  // 今後表示しない: the server is told to hide it for good.
  const closing = page.waitForRequest((r) => r.url().endsWith("/api/popup_close"));
  await pickup.getByRole("button", { name: "今後表示しない" }).click();
  expect(JSON.parse((await closing).postData() ?? "{}")).toMatchObject({
    hide: true,
  });
  await expect(page.getByTestId("popup-queue")).toHaveAttribute("data-phase", "done");
});

test("a reader of a series gets the forced favourite appeal on its page at once", async ({
  page,
}) => {
  await signUp(page);
  await visit(page, "/series/3");
  await expect(page.getByTestId("popup-queue")).toHaveAttribute("data-phase", "done");
  await expect(popup(page)).toHaveCount(0);
  // Read a page of its first volume, as the reader would record it.
  const href = await page
    .locator('a[href*="/viewer/speed.html?cid="]')
    .first()
    .getAttribute("href");
  const cid = Number(new URL(href ?? "", "http://x").searchParams.get("cid"));
  const saved = await page.evaluate(async (book) => {
    const ct = document.cookie.match(/(?:^|; )ct=([^;]+)/)?.[1] ?? "";
    const r = await fetch("/api/reader/progress", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-csrftoken": decodeURIComponent(ct),
      },
      body: JSON.stringify({ book, page: 2 }),
    });
    return r.status;
  }, cid);
  expect(saved).toBe(200);

  await visit(page, "/series/3?utm_source=adroute");
  const forced = popup(page);
  await expect(forced).toHaveAttribute("data-popup-type", "36");
  await shot(page, "favorite-appeal");
  const favourite = page.waitForResponse((r) => r.url().endsWith("/api/series_favorite"));
  await forced.getByRole("button", { name: "気になる", exact: true }).click();
  expect((await (await favourite).json()).favorite).toBe(true);
  await expect(page.locator('[data-popup-type="36"]')).toHaveCount(0);
});
