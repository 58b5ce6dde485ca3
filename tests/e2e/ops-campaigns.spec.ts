import sharp from "sharp";
import { tokyoDateTimeInput } from "../../contract/tokyo-time";
import { expect, hydrated, screenshot, seriousViolations, test, visit } from "./fixtures";
import { signInToOps } from "./ops-fixtures";

/**
 * Campaigns in /ops (issue 24, decision 0101), at 1280 and 375 px: the seeded editor creates a
 * 40%-off sale on a series starting tomorrow, uploads its banner and previews its page (the
 * store's own, framed at phone and PC width) while a visitor still gets a 404 for it, with or
 * without the preview parameter. Moved to have started, the visitor sees it on /campaign/{id},
 * with the sale on the series' volumes, and in /otoku. Every save is in the audit log.
 */
const EDITOR = { email: "editor@komaya.example", password: "komaya-editor-2026" };

function banner(text: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1404" height="480">
    <rect width="1404" height="480" fill="#d8334a"/>
    <text x="702" y="280" font-size="120" text-anchor="middle" fill="#fff" font-family="sans-serif">${text}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test("an editor creates a sale with a target and a banner, previews it before it starts, and a visitor sees it once it runs", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = testInfo.project.name;
  const name = `春の40%OFF（${tag} ${Date.now().toString(36)}）`;
  const visitorContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    extraHTTPHeaders: { "x-forwarded-for": `10.204.${tag === "pc" ? 1 : 2}.1` },
  });
  const visitor = await visitorContext.newPage();

  // A series the store sells, from the ranking.
  await visit(visitor, "/ranking");
  const href = await visitor
    .locator(".ranking-row a[href^='/series/']")
    .first()
    .getAttribute("href");
  const seriesId = Number(/\/series\/(\d+)/.exec(href!)![1]);

  await signInToOps(page, EDITOR);
  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "キャンペーン" })
    .click();
  await expect(page.getByRole("heading", { name: "キャンペーン管理", level: 1 })).toBeVisible();
  await page
    .getByRole("navigation", { name: "開催状況で絞り込む" })
    .getByRole("link", { name: "開催中" })
    .click();
  await expect(page.getByRole("heading", { name: /^開催中のキャンペーン/ })).toBeVisible();
  await screenshot(page, "ops-campaigns-list");
  await page.getByRole("link", { name: "キャンペーンを追加する" }).click();
  await hydrated(page);

  const form = page.getByRole("form", { name: "キャンペーンの内容" });
  await form.getByLabel("キャンペーン名").fill(name);
  await form.getByLabel("説明（キャンペーンページに表示）").fill("対象作品が<b>40%OFF</b>！");
  await form.getByLabel("101：セール（％引き）").check();
  // What the store could not serve is refused before it is sent.
  await form.getByLabel("割引率（％）").fill("0");
  // A campaign for a whole genre: the picker adds that genre's series to the series targets.
  const picker = form.getByRole("group", { name: "レーベル・ジャンルの作品をまとめて対象にする" });
  await picker.getByLabel("選び方").selectOption("genre");
  await picker
    .getByRole("combobox", { name: "ジャンル", exact: true })
    .selectOption({ label: "少女・女性" });
  await picker.getByRole("button", { name: "作品IDに追加" }).click();
  await expect(picker.getByRole("status")).toContainText(/の作品を\d+件追加しました/);
  expect(await form.getByLabel("作品ID（シリーズ全巻）").inputValue()).toMatch(/^\d+(, \d+)*$/);
  // This spec's sale stays on one series: the store is shared with specs that buy at list price.
  await form.getByLabel("作品ID（シリーズ全巻）").fill(String(seriesId));
  await form.getByRole("button", { name: "作成する" }).click();
  await expect(form.getByText("セールの割引率は1〜100％の整数で指定してください")).toBeVisible();
  await form.getByLabel("割引率（％）").fill("40");
  // Corrected, the complaint goes at once rather than at the next save.
  await expect(form.getByText("セールの割引率は1〜100％の整数で指定してください")).toHaveCount(0);
  await form.getByLabel("表示順（小さいほど先）").fill("0");
  await screenshot(page, "ops-campaign-new");
  await form.getByRole("button", { name: "作成する" }).click();
  await expect(page).toHaveURL(/\/ops\/campaigns\/\d+$/);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const campaignId = Number(/\/ops\/campaigns\/(\d+)$/.exec(page.url())![1]);
  await hydrated(page);

  // The banner, uploaded: the store's address changes to the uploaded picture's.
  const bannerPanel = page.getByRole("region", { name: "バナー" });
  await bannerPanel
    .locator('input[type="file"]')
    .setInputFiles({ name: "spring.png", mimeType: "image/png", buffer: await banner("40%OFF") });
  await bannerPanel.getByRole("button", { name: "アップロードして差し替える" }).click();
  await expect(bannerPanel.getByText("バナーを差し替えました")).toBeVisible();
  await expect(bannerPanel.getByTestId("campaign-banner")).toHaveAttribute(
    "src",
    new RegExp(`^/media/campaigns/${campaignId}/banner\\.png\\?v=`),
  );

  // Not started: a visitor gets no page, and the preview parameter gives them nothing either.
  expect((await visitor.goto(`/campaign/${campaignId}`))!.status()).toBe(404);
  expect((await visitor.goto(`/campaign/${campaignId}?preview=1`))!.status()).toBe(404);

  // The editor's preview: the store's page in a frame, at phone width, then PC width.
  const preview = page.getByRole("region", { name: "キャンペーンページのプレビュー" });
  const frame = page.frameLocator('iframe[title="キャンペーンページ"]');
  await expect(frame.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(frame.getByText(/^プレビュー：/)).toBeVisible();
  await expect(frame.locator(".campaign-policies").getByText("40%OFF")).toBeVisible();
  // The frame loaded the page again after the upload: it shows the new banner.
  await expect(frame.locator(".campaign-hero img")).toHaveAttribute(
    "src",
    new RegExp(`^/media/campaigns/${campaignId}/banner\\.png\\?v=`),
  );
  await expect(frame.locator(`.card-grid a[href="/series/${seriesId}"]`).first()).toBeVisible();
  await preview.scrollIntoViewIfNeeded();
  await screenshot(page, "ops-campaign-preview-phone");
  await preview.getByRole("button", { name: "PC（1280px）" }).click();
  await expect(preview.locator("iframe")).toHaveAttribute("width", "1280");
  await expect(frame.getByRole("heading", { name, level: 1 })).toBeVisible();
  await screenshot(page, "ops-campaign-preview-pc");

  // Started an hour ago: saved, it runs.
  await form
    .getByLabel("開始日時（東京）")
    .fill(tokyoDateTimeInput(new Date(Date.now() - 3_600_000)));
  await form.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByText("保存しました")).toBeVisible();

  await expect(async () => {
    const answer = await visitor.goto(`/campaign/${campaignId}`);
    expect(answer!.status()).toBe(200);
  }).toPass({ timeout: 5_000 });
  await hydrated(visitor);
  await expect(visitor.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(visitor.locator(".campaign-hero img")).toHaveAttribute(
    "src",
    new RegExp(`^/media/campaigns/${campaignId}/banner\\.png\\?v=`),
  );
  await expect(visitor.getByText(/^プレビュー：/)).toHaveCount(0);
  await expect(visitor.locator(".campaign-policies").getByText("40%OFF")).toBeVisible();
  await expect(visitor.locator(`.card-grid a[href="/series/${seriesId}"]`).first()).toBeVisible();
  expect(await seriousViolations(visitor)).toEqual([]);
  await screenshot(visitor, "campaign-from-ops");

  // The series page prices its volumes under the sale.
  await visit(visitor, `/series/${seriesId}`);
  await expect(
    visitor.locator(".volume-state--sale").filter({ hasText: "40%OFF" }).first(),
  ).toBeAttached();

  await visit(visitor, "/otoku");
  const listed = visitor.getByRole("heading", { name, exact: true });
  await expect(listed).toBeVisible();
  await listed.scrollIntoViewIfNeeded();
  await screenshot(visitor, "otoku-with-ops-campaign");

  // Each save is in the audit log.
  await visit(page, "/ops/audit?entity=campaign");
  await expect(page.getByRole("cell", { name: "バナーの差し替え" }).first()).toBeVisible();

  // Ended a minute ago, it leaves the store: the ranked series sells at its list price again for
  // the specs that buy from the ranking in the same store.
  await visit(page, `/ops/campaigns/${campaignId}`);
  await hydrated(page);
  await form.getByLabel("終了日時（東京）").fill(tokyoDateTimeInput(new Date(Date.now() - 60_000)));
  await form.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByText("保存しました")).toBeVisible();
  await expect(async () => {
    expect((await visitor.goto(`/campaign/${campaignId}`))!.status()).toBe(404);
  }).toPass({ timeout: 5_000 });
  await visitorContext.close();
});
