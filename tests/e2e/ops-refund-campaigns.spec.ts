import { tokyoDateTimeInput, tokyoIsoDate } from "../../contract/tokyo-time";
import { expect, hydrated, login, screenshot, seriousViolations, test, visit } from "./fixtures";
import { signInToOps } from "./ops-fixtures";

/**
 * ポイント還元 in /ops (issue 24, decision 0105), at 1280 and 375 px: the seeded editor creates a
 * 10% refund campaign whose purchase window is running, after the form refused a rate of 0; it
 * opens at its own address with its tally, shows under 開催中 in the list, and a search keeps
 * that filter. The demo member's status names it at once. The save is in the audit log.
 */
const EDITOR = { email: "editor@komaya.example", password: "komaya-editor-2026" };
const MEMBER = { email: "demo@komaya.example", password: "komaya-demo-2026" };

test("an editor creates a ポイント還元 campaign, it is listed as running and a member is told of it", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = testInfo.project.name;
  const name = `冬のポイント10%還元（${tag} ${Date.now().toString(36)}）`;
  const now = Date.now();

  await signInToOps(page, EDITOR);
  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "キャンペーン" })
    .click();
  await page
    .getByRole("navigation", { name: "キャンペーンメニュー" })
    .getByRole("link", { name: "ポイント還元", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "ポイント還元", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "ポイント還元を追加する" }).click();
  await hydrated(page);

  const form = page.getByRole("form", { name: "ポイント還元の内容" });
  await form.getByLabel("キャンペーン名（ポイント履歴に表示）").fill(name);
  await form.getByLabel("還元率（％）").fill("0");
  await form
    .getByLabel("購入期間の開始（東京）")
    .fill(tokyoDateTimeInput(new Date(now - 3_600_000)));
  await form
    .getByLabel("購入期間の終了（東京）")
    .fill(tokyoDateTimeInput(new Date(now + 7 * 86_400_000)));
  await form.getByLabel("ポイント付与日").fill(tokyoIsoDate(new Date(now + 9 * 86_400_000)));
  await form.getByRole("button", { name: "作成する" }).click();
  await expect(form.getByText("還元率は1〜100の整数（％）で指定してください")).toBeVisible();
  await form.getByLabel("還元率（％）").fill("10");
  await screenshot(page, "ops-refund-campaign-new");
  // A double click: one campaign all the same (the form's request id).
  await form.getByRole("button", { name: "作成する" }).dblclick();
  await expect(page).toHaveURL(/\/ops\/campaigns\/refunds\/\d+$/);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const refundId = Number(/\/ops\/campaigns\/refunds\/(\d+)$/.exec(page.url())![1]);
  const tally = page.getByRole("region", { name: "これまでの実績" });
  await expect(tally.getByText("対象の注文")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, "ops-refund-campaign");

  await visit(page, "/ops/campaigns/refunds?state=running");
  await expect(page.getByRole("heading", { name: /^開催中のポイント還元/ })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("開催中")).toBeVisible();
  await expect(row.getByText("10%", { exact: true })).toBeVisible();
  await screenshot(page, "ops-refund-campaigns-list");

  // A search keeps the 開催中 filter.
  await page.getByPlaceholder("キャンペーン名・ID").fill(String(refundId));
  await page.getByRole("button", { name: "検索" }).click();
  await expect(page).toHaveURL(/state=running/);
  await expect(page.getByRole("heading", { name: /^開催中のポイント還元（1件）/ })).toBeVisible();

  // The member's status names the running campaign within 5 s.
  const memberContext = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `10.205.${tag === "pc" ? 1 : 2}.1` },
  });
  const member = await memberContext.newPage();
  await login(member, MEMBER.email, MEMBER.password);
  const ct = (await memberContext.cookies()).find((c) => c.name === "ct")?.value ?? "";
  await expect(async () => {
    const answer = await member.request.post("/api/user", {
      data: {},
      headers: { "x-csrftoken": ct },
    });
    expect((await answer.json()).enable_refund).toContain(refundId);
  }).toPass({ timeout: 5_000 });
  await memberContext.close();

  await visit(page, "/ops/audit?entity=refund_campaign");
  await expect(page.getByRole("cell", { name: "ポイント還元キャンペーン" }).first()).toBeVisible();
});
