import { ACCOUNT_LOCKED_MESSAGE } from "../../contract/account";
import {
  buyCartByCard,
  DEMO_MEMBER,
  DEMO_SUPPORT,
  expect,
  login,
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
 * Member support (issue 24), at 1280 and 375 px: the seeded support member signs in to /ops,
 * finds the demo member by address, grants 100 points with a reason, and the demo member, in a
 * browser of their own, reads the points and the reason in their points history. Then support
 * locks a newly signed-up member: signed out at once, refused at sign-in with the reason to ask
 * support; unlocked, they sign in again. Every action is in the audit log.
 */

test("support finds the demo member, grants points with a reason, and the member sees them; locks and unlocks a member", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await signInToOps(page, DEMO_SUPPORT);
  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "会員サポート" })
    .click();
  await expect(page.getByRole("heading", { name: "会員サポート", level: 1 })).toBeVisible();

  await page.getByRole("searchbox").fill(DEMO_MEMBER.email);
  await page.getByRole("button", { name: "検索" }).click();
  await expect(page).toHaveURL(/\/ops\/members\?q=demo%40komaya\.example/);
  const row = page.locator("tbody tr").filter({ hasText: DEMO_MEMBER.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("メールアドレス");
  await screenshot(page, "ops-members-search");

  await row.getByRole("link", { name: DEMO_MEMBER.email }).click();
  await expect(page.getByRole("heading", { name: "アカウント", exact: true })).toBeVisible();
  const balance = page.getByTestId("point-balance");
  const before = Number(((await balance.textContent()) ?? "").replace(/[^\d]/g, ""));

  // Each project's reason is its own, so the member's history shows which grant it reads.
  const reason = `配信不具合のお詫び（${testInfo.project.name} ${Date.now()}）`;
  const form = page.getByRole("form", { name: "ポイントを付与" });
  await form.getByLabel("ポイント", { exact: true }).fill("100");
  await form.getByLabel(/^理由/).fill(reason);
  await form.getByRole("button", { name: "ポイントを付与" }).click();
  await expect(page.getByRole("status")).toContainText("ポイントを付与しました");
  await expect(balance).toHaveText(`${(before + 100).toLocaleString("ja-JP")}pt`);
  const ledger = page.locator("#section-points tbody tr").first();
  await expect(ledger).toContainText("+100pt");
  await expect(ledger).toContainText(reason);
  await screenshot(page, "ops-member");

  // The demo member, in another browser, reads the grant and its reason in their history.
  const memberContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    extraHTTPHeaders: { "x-forwarded-for": `10.200.${testInfo.project.name === "pc" ? 1 : 2}.7` },
  });
  const memberPage = await memberContext.newPage();
  await login(memberPage, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await visit(memberPage, "/point_detail");
  const line = memberPage.getByTestId("point-history").locator("li").filter({ hasText: reason });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("+100pt");
  await expect(line).toContainText("調整");
  await screenshot(memberPage, "ops-member-points-history");
  await memberContext.close();

  // A new member (the demo member stays usable for the other specs) is locked, then unlocked.
  const lockedEmail = uniqueEmail("locked");
  const lockedPassword = "locked-member-2026";
  const lockedContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    extraHTTPHeaders: { "x-forwarded-for": `10.201.${testInfo.project.name === "pc" ? 1 : 2}.9` },
  });
  const locked = await lockedContext.newPage();
  await signUp(locked, lockedEmail, lockedPassword);

  await visit(page, `/ops/members?q=${encodeURIComponent(lockedEmail)}`);
  await page.getByRole("link", { name: lockedEmail }).click();
  await expect(page.locator("#section-sessions tbody tr")).toHaveCount(1);
  const lockForm = page.getByRole("form", { name: "アカウントをロック" });
  await lockForm.getByLabel(/^理由/).fill("不正利用の調査のため");
  page.once("dialog", (dialog) => void dialog.accept());
  await lockForm.getByRole("button", { name: "アカウントをロック" }).click();
  await expect(page.getByRole("status")).toContainText("アカウントをロックしました");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("ロック中");
  await expect(page.locator("#section-sessions")).toContainText("ありません");
  await screenshot(page, "ops-member-locked");

  await locked.reload();
  await expect(locked.getByTestId("header-member")).toHaveCount(0);
  await visit(locked, "/login");
  await locked.getByLabel("メールアドレス").fill(lockedEmail);
  await locked.getByLabel("パスワード").fill(lockedPassword);
  await locked.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(locked.getByRole("alert").first()).toContainText(ACCOUNT_LOCKED_MESSAGE);
  await expect(locked.getByTestId("header-member")).toHaveCount(0);
  await screenshot(locked, "ops-member-locked-sign-in");

  const unlockForm = page.getByRole("form", { name: "ロックを解除" });
  await unlockForm.getByLabel(/^理由/).fill("調査完了");
  await unlockForm.getByRole("button", { name: "ロックを解除" }).click();
  await expect(page.getByRole("status")).toContainText("ロックを解除しました");
  await login(locked, lockedEmail, lockedPassword);
  await lockedContext.close();

  // The grant and the lock are in the audit log with their reasons.
  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "操作履歴" })
    .click();
  await page.getByLabel("対象").selectOption("member");
  await page.getByRole("button", { name: "絞り込む" }).click();
  await expect(page.locator("tbody tr").first()).toContainText("ロック解除");
  await expect(page.locator("tbody tr").nth(1)).toContainText("不正利用の調査のため");

  await page.getByLabel("対象").selectOption("member_points");
  await page.getByRole("button", { name: "絞り込む" }).click();
  const newest = page.locator("tbody tr").first();
  await expect(newest).toContainText("ポイント付与");
  await expect(newest).toContainText(DEMO_SUPPORT.email);
  await expect(newest).toContainText(reason);
});

test("support refunds one line of a member's order: off the shelf, the order line marked, a mail", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // A new member buys two volumes by card (the demo member's shelf stays as other specs read it).
  const email = uniqueEmail("refund");
  const buyerContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    extraHTTPHeaders: { "x-forwarded-for": `10.202.${testInfo.project.name === "pc" ? 1 : 2}.5` },
  });
  const buyer = await buyerContext.newPage();
  await signUp(buyer, email, "refund-member-2026");
  const adds = await seriesWithAddable(buyer, 2);
  await adds.first().click();
  await expect(buyer.getByTestId("cart-badge")).toHaveText("1");
  await adds.first().click();
  await expect(buyer.getByTestId("cart-badge")).toHaveText("2");
  const orderId = await buyCartByCard(buyer);

  await signInToOps(page, DEMO_SUPPORT);
  await visit(page, `/ops/members?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: email }).click();
  const order = page.locator(`li[data-order-id="${orderId}"]`);
  await expect(order).toContainText("支払い済み");
  const line = order.locator("li[data-order-item-id]").first();
  const title = (await line.locator(".ops-order__line span").first().textContent())!;
  await expect(page.locator("#section-shelf tbody tr")).toHaveCount(2);
  await line.getByText("この商品を返金する").click();
  await line.getByLabel(/^理由/).fill("誤購入のお申し出");
  page.once("dialog", (dialog) => void dialog.accept());
  await line.getByRole("button", { name: "返金する" }).click();
  await expect(page.getByRole("status")).toContainText("返金しました");
  await expect(line).toContainText("返金済み");
  await expect(line).toContainText("誤購入のお申し出");
  // The refunded volume left the shelf; the other stays.
  await expect(page.locator("#section-shelf tbody tr")).toHaveCount(1);
  await line.scrollIntoViewIfNeeded();
  await screenshot(page, "ops-member-refund");

  const mail = await deliveredMail(email, "refund");
  expect(mail).toContain(`注文番号：${orderId}`);
  expect(mail).toContain(`返金した作品：${title}`);
  await buyerContext.close();

  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "操作履歴" })
    .click();
  await page.getByLabel("対象").selectOption("order");
  await page.getByRole("button", { name: "絞り込む" }).click();
  await expect(page.locator("tbody tr").first()).toContainText("返金");
  await expect(page.locator("tbody tr").first()).toContainText("誤購入のお申し出");
});
