import type { Page } from "@playwright/test";
import {
  buyCartByCard,
  DEMO_SUPPORT,
  expect,
  screenshot,
  seriesWithAddable,
  signUp,
  test,
  uniqueEmail,
  visit,
} from "./fixtures";
import { deliveredMail } from "./mail";
import { signInToOps } from "./ops-fixtures";

/**
 * Refunding a whole order from member support (issue 24, decision 0104), at 1280 and 375 px: a
 * new member, granted points by support, buys two volumes with some of them and a card; support
 * refunds the whole order in one step. The member's shelf empties, their points are where they
 * were before the purchase, one mail lists both volumes, their order history says 返金済み, and
 * the button stays disabled with nothing left to refund.
 */

const pointsOf = async (page: Page) =>
  Number(((await page.getByTestId("point-balance").textContent()) ?? "").replace(/[^\d]/g, ""));

test("support refunds a whole order: the shelf, points and mail change, and the order history says 返金済み", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const email = uniqueEmail("whole-refund");
  const buyerContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    extraHTTPHeaders: { "x-forwarded-for": `10.203.${testInfo.project.name === "pc" ? 1 : 2}.5` },
  });
  const buyer = await buyerContext.newPage();
  await signUp(buyer, email, "whole-refund-2026");

  // Support grants points, so the purchase spends some.
  await signInToOps(page, DEMO_SUPPORT);
  await visit(page, `/ops/members?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: email }).click();
  await expect(page).toHaveURL(/\/ops\/members\/\d+$/);
  const memberUrl = page.url();
  await expect(page.getByRole("heading", { name: "アカウント", exact: true })).toBeVisible();
  const start = await pointsOf(page);
  const grant = page.getByRole("form", { name: "ポイントを付与" });
  await grant.getByLabel("ポイント", { exact: true }).fill("100");
  await grant.getByLabel(/^理由/).fill("返金テストのための付与");
  await grant.getByRole("button", { name: "ポイントを付与" }).click();
  await expect(page.getByRole("status")).toContainText("ポイントを付与しました");
  const before = start + 100;
  await expect(page.getByTestId("point-balance")).toHaveText(`${before.toLocaleString("ja-JP")}pt`);

  const adds = await seriesWithAddable(buyer, 2);
  await adds.first().click();
  await expect(buyer.getByTestId("cart-badge")).toHaveText("1");
  await adds.first().click();
  await expect(buyer.getByTestId("cart-badge")).toHaveText("2");
  const orderId = await buyCartByCard(buyer, { points: 50 });

  await visit(page, memberUrl);
  const order = page.locator(`li[data-order-id="${orderId}"]`);
  await expect(order).toContainText("支払い済み");
  const titles = await order.locator(".ops-order__line span:first-child").allTextContents();
  expect(titles).toHaveLength(2);
  await expect(page.locator("#section-shelf tbody tr")).toHaveCount(2);
  await expect(page.getByTestId("point-balance")).not.toHaveText(
    `${before.toLocaleString("ja-JP")}pt`,
  );

  await order.locator("summary").filter({ hasText: "注文全体を返金" }).click();
  const form = order.getByRole("form", { name: `注文番号 ${orderId} を返金` });
  await form.getByLabel(/^理由/).fill("注文全体の誤購入");
  await expect(order.locator("summary").filter({ hasText: "注文全体を返金" })).toContainText(
    "50pt",
  );
  await screenshot(page, "ops-member-whole-refund-form");
  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await form.getByRole("button", { name: "注文全体を返金" }).click();
  await expect(page.getByRole("status")).toContainText(`注文番号 ${orderId} を返金しました`);
  expect(asked).toContain("商品2点をまとめて返金します");
  expect(asked).toMatch(/返金額：[\d,]+円/);
  expect(asked).toContain("返還ポイント：50pt");

  await expect(order.locator(".ops-order__head")).toContainText("返金済み");
  await expect(order.locator(".ops-order__refunded")).toHaveCount(2);
  await expect(order.getByRole("button", { name: "注文全体を返金" })).toBeDisabled();
  await expect(order).toContainText("返金できる商品は残っていません");
  await expect(page.locator("#section-shelf")).toContainText("ありません");
  // The spent points came back and the points the purchase earned were taken back.
  await expect(page.getByTestId("point-balance")).toHaveText(`${before.toLocaleString("ja-JP")}pt`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await order.scrollIntoViewIfNeeded();
  await screenshot(page, "ops-member-whole-refund");

  const mail = await deliveredMail(email, "refund");
  expect(mail).toContain("ご注文を返金いたしました。");
  expect(mail).toContain(`注文番号：${orderId}`);
  for (const title of titles) expect(mail).toContain(`・${title}`);
  expect(mail).toContain("返還ポイント：50pt");

  // The member: 返金済み in the order history (no 読む), an empty shelf, the points history.
  await visit(buyer, "/order_history");
  const card = buyer.locator("article.order-card").filter({ hasText: `注文番号 ${orderId}` });
  await expect(card.locator(".order-card__status")).toHaveText("返金済み");
  await expect(card.getByRole("link", { name: "読む" })).toHaveCount(0);
  await screenshot(buyer, "order-history-refunded");
  await visit(buyer, "/point_detail");
  await expect(buyer.getByTestId("point-history")).toContainText(`返金（注文番号 ${orderId}）`);
  await visit(buyer, "/bookshelf");
  for (const title of titles) await expect(buyer.getByText(title, { exact: true })).toHaveCount(0);
  await buyerContext.close();

  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "操作履歴" })
    .click();
  await page.getByLabel("対象").selectOption("order");
  await page.getByRole("button", { name: "絞り込む" }).click();
  await expect(page.locator("tbody tr").first()).toContainText("注文全体の返金");
  await expect(page.locator("tbody tr").first()).toContainText("注文全体の誤購入");
});
