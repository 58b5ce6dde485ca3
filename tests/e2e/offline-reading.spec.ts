import type { Page } from "@playwright/test";
import type { BookshelfAnswer } from "../../contract/bookshelf";
import {
  buyCartByCard,
  DEMO_MEMBER,
  DEMO_SUPPORT,
  expect,
  hydrated,
  login,
  PROOF_TITLE_PREFIX,
  screenshot,
  signUp,
  test,
  uniqueEmail,
  visit,
} from "./fixtures";
import { signInToOps } from "./ops-fixtures";
import { openReader, reader } from "./reader-fixtures";

/**
 * Offline reading (decision 0117): the demo member downloads an owned volume in the reader, sees
 * it listed with its size, reads it with the network off, removes it, and after signing out
 * nothing of it is left on the device.
 */

// Two downloads of a seeded volume (40 to 200 pages, drawn by the test server on a shared machine).
// About 40 s on an idle machine; the first download waits on the server drawing every page.
test.setTimeout(180_000);

const topBar = (page: Page) => page.locator(".reader__bar--top");

/** Shows the bars if they hid themselves. */
async function showBars(page: Page) {
  if (await topBar(page).isVisible()) return;
  const stage = (await page.locator(".reader__stage").boundingBox())!;
  await page.mouse.click(stage.x + stage.width / 2, stage.y + stage.height / 2);
  await expect(topBar(page)).toBeVisible();
}

/** Downloads the volume open in the reader, watching its progress, until it is on the device. */
async function download(page: Page, watchProgress = true) {
  await showBars(page);
  await page.getByRole("button", { name: "ダウンロード", exact: true }).click();
  if (watchProgress) {
    const progress = page.getByRole("status").filter({ hasText: "ダウンロード中" });
    await expect(progress).toBeVisible();
    await expect(progress.locator("progress")).toHaveAttribute("max", /^\d+$/);
    await screenshot(page, "offline-reader-downloading");
  }
  await expect(page.getByRole("button", { name: "ダウンロード済み" })).toBeAttached({
    timeout: 120_000,
  });
}

/** The first page in view has loaded its picture. */
async function pageShown(page: Page) {
  const first = page.locator(".reader__view img, .reader__column img").first();
  await expect(first).toBeVisible();
  await expect
    .poll(() => first.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

/**
 * The demo member's owned seeded volume with the fewest pages (a download fetches every page,
 * and the test server draws them), found through the bookshelf's own call.
 */
async function smallOwnedVolume(page: Page) {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const answer = await page.request.get("/api/bookshelf?period_type=paid");
  const shelf = (await answer.json()) as BookshelfAnswer;
  const owned = shelf.books
    .filter((s) => !s.name.startsWith(PROOF_TITLE_PREFIX))
    .flatMap((s) => s.volumes.filter((v) => v.own_flag && v.url.startsWith("/viewer/")))
    .sort((a, b) => a.page_count - b.page_count);
  const volume = owned[0];
  if (!volume) throw new Error("the demo member owns no volume");
  return { href: volume.url, bookId: String(volume.book_id) };
}

const offlineDatabases = (page: Page) =>
  page.evaluate(async () =>
    (await indexedDB.databases()).map((db) => db.name).filter((n) => n === "komaya-offline"),
  );

test("an owned volume downloads, reads with no network, is removed, and sign-out forgets it", async ({
  page,
  context,
}) => {
  const { href, bookId } = await smallOwnedVolume(page);
  await openReader(page, href);
  await download(page);
  await screenshot(page, "offline-reader-downloaded");

  // The list shows it with the space it takes.
  await visit(page, "/bookshelf");
  await page.getByTestId("downloads-link").click();
  const item = page.locator(`[data-testid="download-item"][data-book-id="${bookId}"]`);
  await expect(item).toBeVisible();
  await expect(item.getByText("ダウンロード済み")).toBeVisible();
  await expect(item.getByTestId("download-size")).toHaveText(/^\d+(\.\d)? (KB|MB)$/);
  await expect(page.getByTestId("downloads-usage")).toContainText(/使用容量 \d+(\.\d)? (KB|MB)/);
  await screenshot(page, "offline-downloads");

  // No network, and nothing in the browser's HTTP cache (the reader's pages sit there privately
  // for an hour): the reader and its pages can only come from the downloaded copy.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await context.setOffline(true);
  await item.getByRole("link", { name: "オフラインで読む" }).click();
  await hydrated(page);
  await expect(reader(page)).toBeVisible();
  await pageShown(page);
  await expect(page.locator(".reader__title h1")).not.toBeEmpty();
  // Turning shows the next pages from the device too.
  await page.keyboard.press(
    (await reader(page).getAttribute("data-direction")) === "rtl" ? "ArrowLeft" : "ArrowRight",
  );
  await pageShown(page);
  await screenshot(page, "offline-reader-offline");
  // A volume not downloaded is not there offline.
  const elsewhere = await page
    .goto("/viewer/speed.html?cid=1&series=1")
    .then(() => "opened")
    .catch(() => "network error");
  expect(elsewhere).toBe("network error");
  await context.setOffline(false);

  // 端末から削除 on the list.
  await visit(page, "/bookshelf/downloads");
  await item.getByRole("button", { name: "端末から削除" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "削除する" }).click();
  await expect(item).toHaveCount(0);
  await expect(page.getByText("ダウンロードした巻はありません。")).toBeVisible();

  // Downloaded again, then signing out takes it off the device.
  await openReader(page, href);
  await download(page, false);
  expect(await offlineDatabases(page)).toEqual(["komaya-offline"]);
  await visit(page, "/logout");
  await page.getByRole("button", { name: "ログアウトする" }).click();
  await expect(page.getByRole("heading", { name: "ログアウトしました" })).toBeVisible();
  // The page loads itself again after signing out: asked while it does, the answer is retried.
  await expect.poll(() => offlineDatabases(page).catch(() => ["(loading)"])).toEqual([]);
  await context.setOffline(true);
  const afterSignOut = await page
    .goto(href)
    .then(() => "opened")
    .catch(() => "network error");
  expect(afterSignOut).toBe("network error");
  await context.setOffline(false);
});

/**
 * A タテヨミ episode (40 to 80 pages, the fewest a seeded volume has) a new member can buy: its
 * series page, found from the タテヨミ genre's search, and the episode's カートに入れる button.
 */
async function episodeToBuy(page: Page) {
  await visit(page, "/search?gn=20");
  const hrefs = await page
    .locator("main a[href^='/series/']")
    .evaluateAll((links) => [
      ...new Set(links.map((a) => a.getAttribute("href")?.split("?")[0] ?? "")),
    ]);
  for (const href of hrefs.filter((h) => /^\/series\/\d+$/.test(h)).slice(0, 12)) {
    await visit(page, href);
    const add = page.getByRole("button", { name: "カートに入れる", exact: true });
    if ((await add.count()) > 0) return add.first();
  }
  throw new Error("no タテヨミ episode to buy");
}

test("a refunded volume leaves the device at the next visit online", async ({
  page,
  browser,
}, testInfo) => {
  // A new member buys one episode by card and downloads it; support refunds it.
  const email = uniqueEmail("refund-download");
  const buyerContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    extraHTTPHeaders: { "x-forwarded-for": `10.204.${testInfo.project.name === "pc" ? 1 : 2}.5` },
  });
  const buyer = await buyerContext.newPage();
  await signUp(buyer, email, "refund-download-2026");
  await (await episodeToBuy(buyer)).click();
  await expect(buyer.getByTestId("cart-badge")).toHaveText("1");
  const orderId = await buyCartByCard(buyer);

  const shelf = (await (
    await buyer.request.get("/api/bookshelf?period_type=paid")
  ).json()) as BookshelfAnswer;
  const bought = shelf.books.flatMap((s) => s.volumes).find((v) => v.own_flag);
  if (!bought) throw new Error("the bought episode is not on the shelf");
  await openReader(buyer, bought.url);
  await download(buyer, false);
  await visit(buyer, "/bookshelf/downloads");
  const item = buyer.locator(`[data-testid="download-item"][data-book-id="${bought.book_id}"]`);
  await expect(item).toBeVisible();

  await signInToOps(page, DEMO_SUPPORT);
  await visit(page, `/ops/members?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: email }).click();
  const line = page.locator(`li[data-order-id="${orderId}"] li[data-order-item-id]`).first();
  await line.getByText("この商品を返金する").click();
  await line.getByLabel(/^理由/).fill("誤購入のお申し出");
  page.once("dialog", (dialog) => void dialog.accept());
  await line.getByRole("button", { name: "返金する" }).click();
  await expect(line).toContainText("返金済み");

  // The member's next visit online takes the refunded volume off the device.
  await visit(buyer, "/bookshelf/downloads");
  // The empty list's words first: the list is empty, too, before it has read the device.
  await expect(buyer.getByText("ダウンロードした巻はありません。")).toBeVisible();
  await expect(item).toHaveCount(0);
  await screenshot(buyer, "offline-downloads-after-refund");
  // Nothing of it opens offline any more.
  await buyerContext.setOffline(true);
  const opened = await buyer
    .goto(bought.url)
    .then(() => "opened")
    .catch(() => "network error");
  expect(opened).toBe("network error");
  await buyerContext.close();
});
