import {
  CARD_SUCCEEDS,
  closeStampDialog,
  DEMO_MEMBER,
  expect,
  hydrated,
  keepPicture,
  login,
  seriesWithAddable,
  test,
  uniqueEmail,
  visit,
} from "./fixtures";
import { deliveredMail, linkIn } from "./mail";

/**
 * Gifts (decision 0113) at 1280 px and 375 px: the demo member gifts a volume to a new address;
 * the mailed link is opened in another browser, where the recipient signs up with that address,
 * confirms it, claims the gift into the present box, receives it and reads it; the giver's
 * order history then says 受け取り済み.
 */
test("a gift bought by the demo member is received and read by a new member", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const width = page.viewportSize()!.width;
  const shot = (p: typeof page, name: string) =>
    keepPicture(p, `tests/e2e/screenshots/gift-${name}-${width}.png`, true);

  // The giver: a volume page's 「ギフトとして贈る」, the same checkout with the recipient's address.
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const adds = await seriesWithAddable(page, 1);
  const row = page.locator(".volume-row").filter({ has: adds.first() }).first();
  await row.locator(".volume-row__title a").click();
  await hydrated(page);
  const volumePage = new URL(page.url()).pathname;
  await page.getByRole("link", { name: "ギフトとして贈る" }).click();
  await expect(page.getByRole("heading", { name: "ギフトとして贈る" })).toBeVisible();
  await hydrated(page);
  const to = uniqueEmail("gift");
  await page.getByLabel("お相手のメールアドレス").fill(DEMO_MEMBER.email);
  await page.getByLabel(/メッセージ/).fill("いつもありがとう。読んでみてね");
  const payment = page.getByLabel("お支払い方法");
  if (await payment.isVisible()) {
    await payment.selectOption({ label: "クレジットカード" });
    await page.getByLabel("カード番号").fill(CARD_SUCCEEDS);
  }
  // Not to oneself: the store says so and nothing is bought.
  await page.getByRole("button", { name: "購入して贈る" }).click();
  await expect(page.getByText("ご自身のメールアドレスにはギフトを贈れません")).toBeVisible();
  const dialogClose = page.getByRole("dialog").getByRole("button", { name: /閉じる|OK/ });
  if (await dialogClose.count()) await dialogClose.first().click();
  await page.getByLabel("お相手のメールアドレス").fill(to);
  await shot(page, "checkout");
  await page.getByRole("button", { name: "購入して贈る" }).click();
  await expect(page).toHaveURL(/\/order_complete\?order=\d+/);
  await expect(page.getByRole("heading", { name: "ギフトを贈りました" })).toBeVisible();
  await expect(page.getByTestId("order-gift")).toContainText("送信済み");

  // The recipient, in a browser of their own: the mail's link, sign-up with that address.
  const text = await deliveredMail(to, "gift");
  expect(text).toContain("いつもありがとう。読んでみてね");
  const link = linkIn(text, "/gift");
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: page.viewportSize(),
    extraHTTPHeaders: { "x-forwarded-for": `10.250.${width % 250}.7` },
  });
  const friend = await context.newPage();
  await visit(friend, link);
  await expect(friend.getByTestId("gift-item")).toContainText("さんからのギフト");
  await shot(friend, "link");
  await friend.getByRole("link", { name: "無料会員登録して受け取る" }).click();
  await hydrated(friend);
  await friend.getByLabel("メールアドレス").fill(to);
  await friend.getByLabel(/パスワード/).fill("okurimono-2026");
  await friend.getByLabel(/利用規約/).check();
  await friend.getByRole("button", { name: "同意して登録する" }).click();
  await expect(friend).toHaveURL(/\/gift\?token=/);
  await hydrated(friend);
  // Until the address is confirmed, the gift waits.
  await expect(friend.getByRole("alert")).toContainText("メールアドレスの確認");
  const welcome = await deliveredMail(to, "welcome");
  await visit(friend, linkIn(welcome, "/email_confirm"));
  await friend.getByRole("button", { name: "確認する" }).click();
  await expect(friend.getByRole("status")).toContainText("確認が完了しました");

  await visit(friend, link);
  await friend.getByRole("button", { name: "受け取る", exact: true }).click();
  await expect(friend.getByRole("status")).toHaveText("ギフトをプレゼントボックスに入れました");
  await shot(friend, "claimed");

  // The present box (in the store's menu, on the volume's own page): 受け取る puts it on the shelf.
  await visit(friend, volumePage);
  await closeStampDialog(friend);
  await friend.getByRole("button", { name: "メニュー", exact: true }).click();
  const drawer = friend.getByRole("dialog", { name: "メニュー" });
  const box = drawer.getByTestId("present-box");
  await box.getByRole("button", { name: /プレゼントボックス/ }).click();
  const present = box.getByTestId("present-item").filter({ hasText: "ギフト" });
  await expect(present).toBeVisible();
  await keepPicture(drawer, `tests/e2e/screenshots/gift-present-box-${width}.png`);
  await present.getByRole("button", { name: "受け取る" }).click();
  await expect(box.getByRole("status")).toHaveText("プレゼントを受け取りました");

  // Theirs to read.
  await visit(friend, volumePage);
  await closeStampDialog(friend);
  await friend.getByRole("link", { name: /読む/ }).first().click();
  await expect(friend).toHaveURL(/\/viewer\/speed/);
  await context.close();

  // The giver sees it received.
  await visit(page, "/order_history");
  const gift = page.getByTestId("order-gift").filter({ hasText: to }).first();
  await expect(gift).toContainText("受け取り済み");
  await shot(page, "history");
});
