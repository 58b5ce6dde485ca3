import type { Page } from "@playwright/test";
import {
  CARD_SUCCEEDS,
  cartToOrderPage,
  expect,
  keepPicture,
  seriesWithAddable,
  seriousViolations,
  signUp,
  test,
  uniqueEmail,
  visit,
} from "./fixtures";

/**
 * A saved card (decision 0111) at 1280 px and 375 px: a new member keeps a card on the account
 * page (a declined card said so in place, then 再試行 with a good one), buys a volume with one tap
 * at checkout after seeing ご請求額, finds it on the bookshelf, and removes the card.
 */

async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await keepPicture(page, `/tmp/shots/saved-card/${name}-${width}.png`, true);
}

test("a card saved after a decline buys a volume with one tap, which is then on the bookshelf, and is removed", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUp(page, uniqueEmail("card"), "password-123");

  // The card form on the account page: a mistyped number is said under its field, in Japanese.
  await visit(page, "/account");
  await page.getByRole("button", { name: "カードを登録する" }).click();
  const form = page.getByRole("form", { name: "カード情報" });
  const number = form.getByLabel(/カード番号/);
  await expect(number).toHaveAttribute("autocomplete", "cc-number");
  await expect(number).toHaveAttribute("inputmode", "numeric");
  await number.fill("4242424242424241");
  await expect(number).toHaveValue("4242 4242 4242 4241");
  await expect(form.getByTestId("card-brand")).toHaveText("Visa");
  await number.blur();
  await expect(form.getByText("カード番号が正しくありません。ご確認ください")).toBeVisible();
  // American Express asks for a four-digit code; Diners and JCB are named too.
  await number.fill("3782 822463 10005");
  await expect(form.getByTestId("card-brand")).toHaveText("American Express");
  await expect(form.getByLabel("セキュリティコード")).toHaveAttribute("maxlength", "4");
  await number.fill("3566002020360505");
  await expect(form.getByTestId("card-brand")).toHaveText("JCB");

  // The card that declines: said in place, the form kept, with 再試行.
  await number.fill("4000 0000 0000 0002");
  await form.getByLabel(/有効期限/).fill("1234");
  await expect(form.getByLabel(/有効期限/)).toHaveValue("12/34");
  await form.getByLabel("セキュリティコード").fill("123");
  await form.getByLabel(/名義/).fill("taro komaya");
  await expect(form.getByLabel(/名義/)).toHaveValue("TARO KOMAYA");
  await form.getByRole("button", { name: "カードを登録する" }).click();
  const declined = form.getByRole("alert");
  // The provider answers inside the request; a loaded test machine can take a while.
  await expect(declined).toContainText("カードが承認されませんでした", { timeout: 30_000 });
  await expect(page).toHaveURL(/\/account$/);
  expect(await seriousViolations(page, "main")).toEqual([]);
  await shot(page, "declined");
  await number.fill(CARD_SUCCEEDS);
  await declined.getByRole("button", { name: "再試行" }).click();
  await expect(page.getByText("Visa •••• 4242 を登録しました")).toBeVisible({ timeout: 30_000 });
  const saved = page.getByRole("list", { name: "登録済みのカード" });
  await expect(saved.getByText("Visa •••• 4242")).toBeVisible();
  await expect(saved.getByText("有効期限 12/34")).toBeVisible();
  await shot(page, "account-cards");

  // One tap at checkout, with the amount to confirm.
  const adds = await seriesWithAddable(page, 1);
  await adds.first().click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await visit(page, "/cart");
  await cartToOrderPage(page);
  const oneTap = page.getByRole("button", { name: /登録済みカードで購入/ });
  await expect(oneTap).toContainText("Visa •••• 4242");
  await expect(oneTap).toContainText(/ご請求額 ¥[\d,]+/);
  expect(await seriousViolations(page, "main")).toEqual([]);
  await shot(page, "one-tap");
  // A double tap buys once: the page's token goes with both.
  await oneTap.dblclick();
  await expect(page).toHaveURL(/\/order_complete\?order=\d+/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "ご購入ありがとうございました" })).toBeVisible();
  await expect(page.locator(".order-result__items > li")).toHaveCount(1);
  await shot(page, "complete");

  await visit(page, "/bookshelf");
  // A new member's shelf holds the one series just bought.
  await expect(page.getByTestId("shelf-series").getByRole("listitem")).toHaveCount(1);
  await shot(page, "bookshelf");

  // Removed at any time.
  await visit(page, "/account");
  await page.getByRole("button", { name: "Visa •••• 4242 を削除" }).click();
  await expect(page.getByText("登録済みのカードはありません")).toBeVisible();
  await expect(page.getByText("カードを削除しました")).toBeVisible();
});
