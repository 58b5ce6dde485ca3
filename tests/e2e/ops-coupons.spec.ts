import type { Browser, Page } from "@playwright/test";
import { tokyoDateTimeInput } from "../../contract/tokyo-time";
import {
  CARD_SUCCEEDS,
  expect,
  hydrated,
  screenshot,
  seriesWithAddable,
  seriousViolations,
  signUp,
  test,
  uniqueEmail,
  visit,
} from "./fixtures";
import { signInToOps } from "./ops-fixtures";

/**
 * Coupons in /ops (issue 24), at 1280 and 375 px: the seeded editor creates a coupon campaign
 * for a series and a ¥100-off coupon on its titles for baskets of ¥300 or more, issues it to two newly signed-up members by pasting their
 * addresses (with a line that names nobody, reported back); both see it on /coupon; one uses it
 * at checkout, and the editor reads issued 2 / used 1. The issue and the coupon are audited.
 */
const EDITOR = { email: "editor@komaya.example", password: "komaya-editor-2026" };

async function newMember(browser: Browser, page: Page, tag: string, n: number) {
  const context = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    extraHTTPHeaders: { "x-forwarded-for": `10.203.${tag === "pc" ? 1 : 2}.${n}` },
  });
  const member = await context.newPage();
  const email = uniqueEmail(`coupon${n}`);
  await signUp(member, email, `coupon-member-${n}-2026`);
  return { context, page: member, email };
}

test("an editor creates a ¥100-off coupon, issues it to two members, one uses it at checkout, and the counts follow", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = testInfo.project.name;
  const first = await newMember(browser, page, tag, 1);
  const second = await newMember(browser, page, tag, 2);
  const name = `100円OFF（${tag} ${Date.now().toString(36)}）`;

  // The series the first member will buy from: the coupon campaign is for it.
  const seriesPage = await (async () => {
    await seriesWithAddable(first.page, 2);
    return new URL(first.page.url()).pathname;
  })();
  const seriesId = Number(/\/series\/(\d+)/.exec(seriesPage)![1]);

  await signInToOps(page, EDITOR);
  // A coupon campaign, running from an hour ago, for that series.
  const campaignName = `クーポン祭（${tag} ${Date.now().toString(36)}）`;
  await visit(page, "/ops/campaigns/new");
  await hydrated(page);
  const campaignForm = page.getByRole("form", { name: "キャンペーンの内容" });
  await campaignForm.getByLabel("キャンペーン名").fill(campaignName);
  await campaignForm.getByLabel("種類", { exact: true }).selectOption("coupon");
  await campaignForm.getByLabel("作品ID（シリーズ全巻）").fill(String(seriesId));
  await campaignForm
    .getByLabel("開始日時（東京）")
    .fill(tokyoDateTimeInput(new Date(Date.now() - 3_600_000)));
  await campaignForm.getByRole("button", { name: "作成する" }).click();
  await expect(page).toHaveURL(/\/ops\/campaigns\/\d+$/);
  const campaignId = Number(/\/ops\/campaigns\/(\d+)$/.exec(page.url())![1]);

  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "クーポン" })
    .click();
  await expect(page.getByRole("heading", { name: "クーポン管理", level: 1 })).toBeVisible();
  await screenshot(page, "ops-coupons-list");
  await page.getByRole("link", { name: "クーポンを追加する" }).click();
  await hydrated(page);

  const form = page.getByRole("form", { name: "クーポンの内容" });
  await form.getByLabel("クーポン名").fill(name);
  await form.getByLabel("割引の種類").selectOption({ label: "円引き" });
  // What the store could not apply is refused before it is sent.
  await form.getByLabel("割引額（円）").fill("0");
  await form.getByRole("button", { name: "作成する" }).click();
  await expect(form.getByText("割引額は1〜100,000円の整数で指定してください")).toBeVisible();
  await form.getByLabel("割引額（円）").fill("100");
  await form.getByLabel(/^最低利用金額/).fill("300");
  await form.getByLabel("対象の種類（coupon_type）").selectOption("2");
  await form.getByLabel("クーポンキャンペーン").selectOption(String(campaignId));
  await expect(form.getByText("100円OFF")).toBeVisible();
  await screenshot(page, "ops-coupon-new");
  await form.getByRole("button", { name: "作成する" }).click();
  await expect(page).toHaveURL(/\/ops\/coupons\/\d+$/);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const couponId = page.url().split("/").pop()!;

  const issuing = page.getByRole("form", { name: "会員に配布" });
  // Before a filter issue the editor sees how many members it reaches, as they change the filter.
  await issuing.getByRole("radio", { name: "条件に合うすべての会員" }).check();
  const preview = page.getByTestId("filter-count");
  await expect(preview).toHaveAttribute("data-state", "counted");
  await expect(preview).toContainText(/条件に一致する会員: [\d,]+人/);
  const everyone = Number(
    ((await preview.locator("strong").textContent()) ?? "").replace(/\D/g, ""),
  );
  expect(everyone).toBeGreaterThan(0);
  await issuing.getByLabel("登録日（から）").fill("2001-01-01");
  await issuing.getByLabel("登録日（まで）").fill("2001-01-02");
  await expect(preview).toContainText("条件に一致する会員: 0人");
  await issuing.getByLabel("登録日（から）").fill("2001-01-03");
  await expect(preview).toHaveAttribute("data-state", "refused");
  await expect(preview).toContainText("登録日の終わりは始まり以降の日付にしてください");
  await expect(issuing.getByRole("button", { name: "配布する" })).toBeDisabled();
  await issuing.getByLabel("登録日（から）").fill("");
  await issuing.getByLabel("登録日（まで）").fill("");
  await expect(preview).toContainText(`条件に一致する会員: ${everyone.toLocaleString("ja-JP")}人`);
  await screenshot(page, "ops-coupon-filter-count");
  await issuing.getByRole("radio", { name: /^会員を指定/ }).check();
  await issuing
    .getByLabel("配布先（1行に1人）")
    .fill(`${first.email}\nnobody-${Date.now()}@example.jp\n${second.email}`);
  await issuing.getByRole("button", { name: "配布する" }).click();
  const result = page.getByTestId("issue-result");
  await expect(result).toContainText("2名に配布");
  await expect(page.getByTestId("issue-unknown")).toContainText("2行目");
  await expect(page.getByTestId("coupon-issued")).toHaveText("2");
  await expect(page.getByTestId("coupon-used")).toHaveText("0");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  expect(await seriousViolations(page, "main")).toEqual([]);
  await screenshot(page, "ops-coupon-issued");

  // Both members see it in their coupon list.
  for (const member of [first, second]) {
    await visit(member.page, "/coupon");
    const card = member.page.getByTestId("coupon-card").filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("100円OFF");
  }
  await screenshot(second.page, "ops-coupon-member-list");
  await second.context.close();

  // The first uses it at checkout.
  const buyer = first.page;
  await visit(buyer, seriesPage);
  const adds = buyer.getByRole("button", { name: "カートに入れる", exact: true });
  await adds.first().click();
  await expect(buyer.getByTestId("cart-badge")).toHaveText("1");
  await adds.first().click();
  await expect(buyer.getByTestId("cart-badge")).toHaveText("2");
  await visit(buyer, "/cart");
  await buyer.getByRole("link", { name: "購入手続きへ" }).click();
  await expect(buyer).toHaveURL(/\/order/);
  await hydrated(buyer);
  const mine = buyer.getByRole("radio", { name: new RegExp(name.replace(/[()（）]/g, ".")) });
  await mine.click();
  await expect(buyer).toHaveURL(new RegExp(`[?&]coupon=${couponId}\\b`));
  await expect(mine).toBeChecked();
  await expect(buyer.getByText("−100円").first()).toBeVisible();
  const pay = buyer.getByLabel("お支払い方法");
  if (await pay.isVisible()) {
    await pay.selectOption({ label: "クレジットカード" });
    await buyer.getByLabel("カード番号").fill(CARD_SUCCEEDS);
  }
  await buyer.getByRole("button", { name: "購入する" }).click();
  await expect(buyer).toHaveURL(/\/order_complete\?order=\d+/, { timeout: 30_000 });
  await first.context.close();

  await page.reload();
  await expect(page.getByTestId("coupon-issued")).toHaveText("2");
  await expect(page.getByTestId("coupon-used")).toHaveText("1");
  await visit(page, `/ops/coupons?q=${couponId}`);
  await expect(
    page.locator("tbody tr").filter({ hasText: name }).getByTestId("coupon-counts"),
  ).toHaveText("2 / 1 / 無制限");
  await screenshot(page, "ops-coupons-counts");

  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "操作履歴" })
    .click();
  await page.getByLabel("対象").selectOption("coupon");
  await page.getByRole("button", { name: "絞り込む" }).click();
  await expect(page.locator("tbody tr").first()).toContainText("クーポン配布");
  await expect(page.locator("tbody tr").nth(1)).toContainText("追加");

  // The coupon campaign names its coupon; ended, it leaves the store for the specs that follow.
  await visit(page, `/ops/campaigns/${campaignId}`);
  await hydrated(page);
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await campaignForm
    .getByLabel("終了日時（東京）")
    .fill(tokyoDateTimeInput(new Date(Date.now() - 60_000)));
  await campaignForm.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByText("保存しました")).toBeVisible();
});
