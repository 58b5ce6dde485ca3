import type { Page } from "@playwright/test";
import {
  CARD_SUCCEEDS,
  DEMO_MEMBER,
  expect,
  hydrated,
  login,
  screenshot,
  seriesWithAddable,
  seriousViolations,
  test,
  visit,
} from "./fixtures";

/**
 * Buying as the demo member at 1280 px and 375 px: the cart, coupon and points, the sandbox's
 * test cards, and where each payment ends. The pc and phone projects run one after the other on
 * the same store, so each test starts from an empty cart and reads what it needs from the page.
 */

const DECLINED = "4000 0000 0000 0002";

async function emptyCart(page: Page) {
  await visit(page, "/cart");
  const clear = page.getByRole("button", { name: "すべて削除" });
  if (await clear.isVisible()) {
    await clear.click();
    await page.getByRole("dialog").getByRole("button", { name: "削除する" }).click();
  }
  await expect(page.getByText("対象の作品はありません")).toBeVisible();
}

async function addDramaCd(page: Page) {
  await visit(page, "/home?genre=21");
  const add = page.locator(".cd-card").getByRole("button", { name: "カートに入れる" }).first();
  for (let i = 0; i < 20 && !(await add.isVisible()); i++) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(200);
  }
  await add.scrollIntoViewIfNeeded();
  await add.click();
}

/**
 * クーポンを使用しない, when the member holds a coupon for the order: a coupon worth more than a
 * cheap volume leaves nothing to pay, and these tests are about paying by card.
 */
async function declineCoupon(page: Page) {
  await hydrated(page);
  const none = page.getByRole("radio", { name: "クーポンを使用しない" });
  if ((await none.count()) === 0) return;
  // A click, not check(): the radio follows the address the click navigates to.
  await none.click();
  await expect(page).toHaveURL(/[?&]coupon=0\b/);
  await expect(none).toBeChecked();
  await expect(page.getByText("クーポン割引")).toHaveCount(0);
}

/** The demo member, logged in, with one volume (from the first of `series` series) in the cart. */
async function memberWithOneVolume(page: Page, series = 1) {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await emptyCart(page);
  const adds = await seriesWithAddable(page, series);
  await adds.first().click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
}

async function chooseCard(page: Page, card: string) {
  await page.getByLabel("お支払い方法").selectOption({ label: "クレジットカード" });
  await page.getByLabel("カード番号").fill(card);
}

async function payByCard(page: Page, card: string) {
  await chooseCard(page, card);
  await page.getByRole("button", { name: "購入する" }).click();
}

test("visitors are sent to log in and back to the cart", async ({ page }) => {
  await page.goto("/cart");
  await expect(page).toHaveURL(/\/login\?return_to=%2Fcart/);
});

test("two volumes and a drama CD, a coupon, points and the succeeding card end at /order_complete, and 読む opens the reader", async ({
  page,
}) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await emptyCart(page);

  const adds = await seriesWithAddable(page, 2);
  await adds.first().click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await adds.first().click();
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
  await addDramaCd(page);
  await expect(page.getByTestId("cart-badge")).toHaveText("3");

  await visit(page, "/cart");
  await expect(page.getByRole("heading", { name: /カート（3点）/ })).toBeVisible();
  const coupons = page.getByRole("group", { name: "クーポン" }).getByRole("radio");
  if ((await coupons.count()) > 1) {
    // The best coupon is chosen; choosing it (or another) shows what it takes off.
    await coupons.first().check();
    await expect(page.getByText("クーポン割引")).toBeVisible();
  }
  expect(await seriousViolations(page, "main")).toEqual([]);
  await screenshot(page, "checkout-cart");
  await page.getByRole("link", { name: "購入手続きへ" }).click();
  await expect(page).toHaveURL(/\/order\?coupon=\d+/);
  await hydrated(page);

  const points = page.getByRole("group", { name: /ポイント/ });
  if (await points.isVisible()) {
    await page.getByLabel("使うポイント").fill("50");
    await expect(page.getByRole("radio", { name: /一部を使う/ })).toBeChecked();
    await expect(page.getByText("−50pt")).toBeVisible();
  }
  expect(await seriousViolations(page, "main")).toEqual([]);
  await screenshot(page, "checkout-order");
  await payByCard(page, CARD_SUCCEEDS);

  await expect(page).toHaveURL(/\/order_complete\?order=\d+/);
  await expect(page.getByRole("heading", { name: "ご購入ありがとうございました" })).toBeVisible();
  await expect(page.locator(".order-result__items > li")).toHaveCount(3);
  expect(await seriousViolations(page, "main")).toEqual([]);
  await screenshot(page, "checkout-complete");

  // The cart badge follows at once: the bought items left the cart.
  await page.getByRole("link", { name: "購入履歴" }).click();
  await expect(page).toHaveURL(/\/order_history/);
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  await page.goBack();
  await hydrated(page);

  const read = page.getByRole("link", { name: "読む" }).first();
  const href = await read.getAttribute("href");
  expect(href).toMatch(/^\/viewer\/speed\.html\?cid=\d+&series=\d+$/);
  await read.click();
  // The browser shows the reader's address without .html once loaded; a bought volume reads in full.
  // The reader is a page of its own (a full load, not a client navigation): give it time.
  await expect(page).toHaveURL(/\/viewer\/speed(\.html)?\?cid=\d+&series=\d+/, {
    timeout: 30_000,
  });
  await expect(page.locator(".reader")).toHaveAttribute("data-layout", /single|spread|scroll/);
  await expect(page.locator(".reader .reader__view img").first()).toBeVisible();
});

test("a declined card ends at /order_error with nothing bought and the cart as it was", async ({
  page,
}) => {
  await memberWithOneVolume(page);

  await visit(page, "/order_history");
  const before = await page.locator(".order-card").count();

  await visit(page, "/order");
  await declineCoupon(page);
  // The placeholder is refused with a clear message before anything is sent.
  await page.getByLabel("お支払い方法").selectOption({ label: "選択してください" });
  await page.getByRole("button", { name: "購入する" }).click();
  await expect(page.getByText("お支払い方法を選択してください")).toBeVisible();

  await payByCard(page, DECLINED);
  await expect(page).toHaveURL(/\/order_error/);
  await expect(page.getByRole("alert")).toContainText("カードが承認されませんでした");
  await screenshot(page, "checkout-declined");

  await page.getByRole("link", { name: "カートに戻る" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: /カート（1点）/ })).toBeVisible();
  await visit(page, "/order_history");
  await expect(page.locator(".order-card")).toHaveCount(before);
  expect(await seriousViolations(page, "main")).toEqual([]);
  await screenshot(page, "checkout-history");
});

test("the card that asks for a confirmation step: 認証する completes the order, キャンセル ends at /order_cancel", async ({
  page,
}) => {
  await memberWithOneVolume(page, 2);

  // A double click on 購入する sends one purchase.
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/checkout")) sent.push(r.url());
  });
  await visit(page, "/order");
  await declineCoupon(page);
  await chooseCard(page, "4000 0027 6000 3184");
  await page.getByRole("button", { name: "購入する" }).dblclick();
  await expect(page).toHaveURL(/\/payment\/confirm\?reference=/);
  expect(sent).toHaveLength(1);
  await screenshot(page, "checkout-confirm-step");
  await page.getByRole("button", { name: "キャンセル" }).click();
  await expect(page).toHaveURL(/\/order_cancel$/);
  await expect(page.getByRole("heading", { name: "ご購入をキャンセルしました" })).toBeVisible();

  // The cart still holds the volume; this time the member confirms.
  await visit(page, "/order");
  await declineCoupon(page);
  await chooseCard(page, "4000 0027 6000 3184");
  await page.getByRole("button", { name: "購入する" }).click();
  await expect(page).toHaveURL(/\/payment\/confirm\?reference=/);
  await page.getByRole("button", { name: "認証する" }).click();
  await expect(page).toHaveURL(/\/order_complete\?order=\d+/);
  await expect(page.locator(".order-result__items > li")).toHaveCount(1);
});

test("once bought, 購入する stays 処理中… until the next page is there: another tap sends nothing", async ({
  page,
}) => {
  await memberWithOneVolume(page);
  await visit(page, "/order");
  await declineCoupon(page);
  await chooseCard(page, CARD_SUCCEEDS);

  // The receipt page's data is held back, as on a slow network, once it has been asked for.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked!: () => void;
  const receiptAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  await page.route(/\/order_complete\.data/, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/checkout")) sent.push(r.url());
  });

  await page.getByRole("button", { name: "購入する" }).click();
  await receiptAsked;
  // A frame and a moment for the page to settle while the receipt is on its way.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
  );
  const busy = page.getByRole("button", { name: "処理中…" });
  await expect(busy).toBeDisabled();
  await busy.click({ force: true });
  release();
  await expect(page).toHaveURL(/\/order_complete\?order=\d+/);
  await expect(page.getByRole("heading", { name: "ご購入ありがとうございました" })).toBeVisible();
  expect(sent).toHaveLength(1);
});

test("今すぐ購入 on a volume page buys that one volume without touching the cart", async ({
  page,
}) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await emptyCart(page);
  const adds = await seriesWithAddable(page, 1);
  // The volume page of the first volume the member can add.
  const row = page.locator(".volume-row").filter({ has: adds.first() }).first();
  await row.locator(".volume-row__title a").click();
  await hydrated(page);
  await page.getByRole("link", { name: "今すぐ購入" }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  await declineCoupon(page);
  await payByCard(page, CARD_SUCCEEDS);
  await expect(page).toHaveURL(/\/order_complete\?order=\d+/);
  await expect(page.locator(".order-result__items > li")).toHaveCount(1);
  await visit(page, "/cart");
  await expect(page.getByText("対象の作品はありません")).toBeVisible();
});

test("/order_error says only the store's own words: text carried in its link is never shown", async ({
  page,
}) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const phishing = "お客様のカードは利用停止中です。至急 0120-000-000 までお電話ください";
  const forged = `/order_error?reason=${encodeURIComponent(phishing)}&code=${encodeURIComponent(phishing)}`;
  // The page as the server sends it: not a word of the link in the HTML.
  const html = await (await page.request.get(forged)).text();
  expect(html).not.toContain("0120-000-000");
  expect(html).not.toContain("利用停止中");
  expect(html).toContain("お支払いを完了できませんでした");

  await visit(page, forged);
  await expect(page.getByRole("alert")).toHaveText("お支払いを完了できませんでした");
  await expect(page.getByText(/0120-000-000|利用停止中/)).toHaveCount(0);
  await screenshot(page, "order-error-forged");

  // A code the store chose says the store's message.
  await visit(page, "/order_error?code=card_declined");
  await expect(page.getByRole("alert")).toHaveText(
    "カードが承認されませんでした。別のお支払い方法をお試しください",
  );
  expect(await seriousViolations(page, "main")).toEqual([]);
  await screenshot(page, "order-error");
});
