import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import type { PopupsAnswer } from "../../contract/popup";
import { hidePage } from "./beacon-fixtures";
import {
  expect,
  hydrated,
  keepPicture,
  screenshot,
  seriousViolations,
  test,
  visit,
} from "./fixtures";
import { signInToOps } from "./ops-fixtures";

/**
 * Issue 24's popup proof: the seeded editor creates a scroll-triggered popup for visitors who
 * arrived from an ad (a utm rule), shown at 40 % scroll, and previews it with the store's own
 * popup. A visitor in another browser arriving with that utm sees it only once past 40 %; a
 * visitor without it is handed the popup by /api/popups but the page does not choose it, even
 * at the bottom. The editor then reads the impression the first visitor's page sent. At 1280 and
 * 375 px. Each run has its own utm source, so the two projects' popups do not meet.
 */
const EDITOR = { email: "editor@komaya.example", password: "komaya-editor-2026" };

/**
 * Scrolls to `percent` of what the page can scroll and resolves once the page's scroll listeners
 * have run and React has drawn what they asked for (a frame and a task later): the popup host's
 * listener was added before this one, so by then any popup it chose is in data-phase.
 */
async function scrollTo(page: Page, percent: number) {
  await page.evaluate(
    (p) =>
      new Promise<void>((resolve) => {
        const root = document.documentElement;
        const y = ((root.scrollHeight - window.innerHeight) * p) / 100;
        if (Math.abs(window.scrollY - y) < 1) {
          resolve();
          return;
        }
        window.addEventListener(
          "scroll",
          () => requestAnimationFrame(() => setTimeout(resolve, 50)),
          { once: true },
        );
        window.scrollTo(0, y);
      }),
    percent,
  );
}

test("an editor's scroll popup for ad visitors shows at 40 % to them only, and counts", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString("hex");
  const source = `ad_test_${tag}`;
  const title = `広告から来た方限定のお知らせ${tag.toUpperCase()}`;
  await signInToOps(page, EDITOR);

  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "ポップアップ" })
    .click();
  await expect(page.getByRole("heading", { name: "ポップアップ管理", level: 1 })).toBeVisible();
  await screenshot(page, "ops-popups-list");
  await page.getByRole("link", { name: "ポップアップを追加する" }).click();
  await expect(page.getByRole("heading", { name: "ポップアップを追加", level: 1 })).toBeVisible();
  // The form is controlled: what is typed before hydration would be drawn over.
  await hydrated(page);

  await page.getByLabel("種類", { exact: true }).selectOption("35");
  await page.getByLabel("ページ", { exact: true }).selectOption("home");
  await page.getByLabel("優先度", { exact: true }).fill("300");
  await page.getByLabel("計測名（_tr）", { exact: true }).fill(`pop_ad_${tag}`);
  await page.getByLabel("タイトル", { exact: true }).fill(title);
  await page
    .getByLabel("本文", { exact: true })
    .fill("ここまで読んでくれた方に、お得なキャンペーンのご案内です。");
  await page.getByLabel("リンク先", { exact: true }).fill("/otoku");
  await page.getByLabel("ボタンの文言", { exact: true }).fill("お得を見る");
  await page.getByLabel("表示するスクロール率（%）", { exact: true }).fill("40");
  await page.getByLabel("ログイン", { exact: true }).selectOption("visitor");
  await page.getByRole("button", { name: "広告の条件を追加" }).click();
  await page.getByLabel("utm_source", { exact: true }).fill(source);
  expect(await seriousViolations(page, ".ops-main")).toEqual([]);
  await screenshot(page, "ops-popup-new");

  // The preview is the store's own popup, drawn from what is typed; its link stays put.
  await page.getByRole("button", { name: "プレビュー" }).click();
  const preview = page.getByTestId("popup-preview").getByTestId("popup");
  await expect(preview.getByRole("heading", { name: title })).toBeVisible();
  await expect(preview).toHaveAttribute("data-popup-type", "35");
  await expect(preview.getByRole("link", { name: "お得を見る" })).toBeVisible();
  await keepPicture(
    page,
    `tests/e2e/screenshots/ops-popup-preview-${page.viewportSize()?.width}.png`,
  );
  // Its link closes it as in the store, without leaving the editor.
  await preview.getByRole("link", { name: "お得を見る" }).click();
  await expect(page.getByTestId("popup-preview")).toHaveCount(0);
  await expect(page).toHaveURL(/\/ops\/popups\/new$/);
  await page.getByRole("button", { name: "プレビュー" }).click();
  await expect(preview).toBeVisible();
  await page.getByRole("button", { name: "プレビューを閉じる" }).click();
  await expect(page.getByTestId("popup-preview")).toHaveCount(0);

  await page.getByRole("button", { name: "作成する" }).click();
  await expect(page).toHaveURL(/\/ops\/popups\/\d+$/);
  const popupId = Number(page.url().split("/").pop());
  await expect(page.locator(".catalog-publication")).toContainText("表示中");
  await expect(page.getByTestId("popup-impressions")).toHaveText("0");

  // A visitor from the ad: nothing at first, nor at 30 %; the popup once past 40 %.
  const adContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const fromAd = await adContext.newPage();
  await visit(fromAd, `/home?utm_source=${source}`);
  const adQueue = fromAd.getByTestId("popup-queue");
  await expect(adQueue).toHaveAttribute("data-phase", "done");
  await scrollTo(fromAd, 30);
  await expect(adQueue).toHaveAttribute("data-phase", "done");
  await expect(fromAd.getByTestId("popup")).toHaveCount(0);
  const opened = fromAd.waitForRequest((r) => r.url().endsWith("/api/popup_open"));
  await scrollTo(fromAd, 45);
  const shown = fromAd.getByTestId("popup");
  await expect(shown).toHaveAttribute("data-popup-id", String(popupId));
  await expect(shown.getByRole("heading", { name: title })).toBeVisible();
  await opened;
  await keepPicture(
    fromAd,
    `tests/e2e/screenshots/ops-popup-store-${fromAd.viewportSize()?.width}.png`,
  );
  // The impression goes out with the page's next batch, when the page is hidden.
  const stored = fromAd.waitForResponse((r) => r.url().includes("/api/events"));
  await hidePage(fromAd);
  expect((await stored).status()).toBe(200);
  await adContext.close();

  // A visitor without the utm is handed the popup but the page does not choose it, even at the
  // bottom: the scroll listener ran (the frame after the scroll) and the queue stayed done.
  const plainContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const plain = await plainContext.newPage();
  const answered = plain.waitForResponse((r) => r.url().endsWith("/api/popups"));
  await visit(plain, "/home");
  const answer = (await (await answered).json()) as PopupsAnswer;
  expect(answer.popups.some((p) => p.popup_id === popupId)).toBe(true);
  const plainQueue = plain.getByTestId("popup-queue");
  await expect(plainQueue).toHaveAttribute("data-phase", "done");
  await scrollTo(plain, 45);
  await scrollTo(plain, 100);
  await expect(plainQueue).toHaveAttribute("data-phase", "done");
  await expect(plain.getByTestId("popup")).toHaveCount(0);
  await plainContext.close();

  // The editor reads the impression.
  await expect
    .poll(
      async () => {
        await visit(page, `/ops/popups/${popupId}`);
        return Number(await page.getByTestId("popup-impressions").textContent());
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(1);
  await screenshot(page, "ops-popup-counted");
  await visit(page, `/ops/popups?q=pop_ad_${tag}`);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("表示中");
  await screenshot(page, "ops-popups-counted-list");
});
