import {
  DEMO_MEMBER,
  expect,
  hydrated,
  login,
  screenshot,
  seriousViolations,
  test,
  visit,
} from "./fixtures";
import { signInToOps } from "./ops-fixtures";

/**
 * Topic pages in /ops (issue 24), at 1280 and 375 px: the seeded editor makes a new page, builds
 * it from the palette — a heading, a text every reader sees and a text only members see (a box
 * unticked, not a class name typed) — checks the visitor, member and paying-member previews side
 * by side, saves and publishes it. A visitor's raw HTML of /topic/{slug} does not hold the
 * member-only text; the signed-in demo member reads it. Every write is in the audit log.
 */
const EDITOR = { email: "editor@komaya.example", password: "komaya-editor-2026" };

test("an editor builds a topic page from the palette with a member-only block; visitors never get its text", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = testInfo.project.name;
  const slug = `e2e-${tag}-${Date.now().toString(36)}`;
  const everyone = `どなたでも読める案内（${tag}）`;
  const membersOnly = `会員さま限定の先行情報（${tag}）`;

  await signInToOps(page, EDITOR);
  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "特集ページ" })
    .click();
  await expect(page.getByRole("heading", { name: "特集ページ", level: 1 })).toBeVisible();
  await expect(page.getByTestId("topic-state").first()).toBeVisible();
  await screenshot(page, "ops-topics-list");

  await page.getByRole("link", { name: "特集ページを作る" }).first().click();
  await hydrated(page);
  const form = page.getByRole("form", { name: "新しい特集ページ" });
  await form.getByLabel("ページ名（URLになります）").fill(slug);
  await form.getByLabel("タイトル").fill(`冬の特集（${tag}）`);
  await form.getByRole("button", { name: "下書きとして作成する" }).click();
  await expect(page).toHaveURL(new RegExp(`/ops/topics/${slug}$`));
  await hydrated(page);
  await expect(page.locator(".topics-head")).toContainText("下書き");

  // From the palette: a heading, a text for everyone, a text for members only.
  const palette = page.getByRole("complementary", { name: "ブロックの追加" });
  await palette.getByRole("button", { name: "＋ 見出し" }).click();
  const heading = page.getByLabel("見出しの文字");
  await heading.fill(`月の冬の特集 ${tag}`);
  // A placeholder from the list goes in at the cursor, filled by the store per reader.
  await heading.press("Home");
  await page.getByLabel("差し込む内容").selectOption({ label: "今月（例: 12）" });
  await page.getByRole("button", { name: "「見出しの文字」に挿入" }).click();
  await expect(heading).toHaveValue(`{this_month}月の冬の特集 ${tag}`);
  await palette.getByRole("button", { name: "＋ 本文" }).click();
  await page.getByLabel("本文（HTML）").fill(`<p>${everyone}</p>`);
  await palette.getByRole("button", { name: "＋ 本文" }).click();
  await page.getByLabel("本文（HTML）").fill(`<p>${membersOnly}</p>`);
  await page.getByLabel("訪問者（未ログイン）").uncheck();
  await expect(page.locator(".topics-block[data-selected] .topics-badge")).toHaveText(
    "会員・購入者のみ",
  );

  // Dragged into order from the keyboard (space lifts, arrows move, space drops), then back with
  // the ↓ button.
  const gists = page.locator(".topics-structure .topics-block__gist");
  const handles = page.getByRole("button", { name: /ドラッグして並べ替え/ });
  await handles.nth(1).focus();
  // The sensor starts listening for the arrows a moment after the lift, as a person's keys come.
  for (const key of ["Space", "ArrowUp", "Space"]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await expect(gists.first()).toHaveText(everyone);
  await page.getByRole("button", { name: "本文を下へ" }).first().click();
  await expect(gists.nth(1)).toHaveText(everyone);

  // The three audiences side by side, drawn by the store's own rules.
  const visitorPane = page.getByTestId("preview-visitor");
  const memberPane = page.getByTestId("preview-member");
  const paidPane = page.getByTestId("preview-paid");
  await expect(visitorPane).toContainText(everyone);
  await expect(memberPane).toContainText(membersOnly);
  await expect(paidPane).toContainText(membersOnly);
  await expect(visitorPane).not.toContainText(membersOnly);
  await expect(memberPane).toContainText(/\d{1,2}月の冬の特集/);
  await expect(visitorPane).not.toContainText("{this_month}");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  expect(await seriousViolations(page, "main")).toEqual([]);
  await screenshot(page, "ops-topic-editor");

  // The JSON for experts holds the marker the box wrote.
  await page.getByRole("tab", { name: "JSON（上級者向け）" }).click();
  await expect(page.locator("#topics-json")).toHaveValue(/"class": "loginOnly"/);
  await screenshot(page, "ops-topic-json");
  await page.getByRole("tab", { name: "ビジュアル編集" }).click();

  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page.locator(".ops-notice")).toContainText("保存しました。下書きのため");
  // A draft is no page for the public yet.
  const visitor = await browser.newContext();
  expect((await visitor.request.get(`/topic/${slug}`)).status()).toBe(404);

  await page.getByRole("button", { name: "公開する" }).click();
  await expect(page.locator(".ops-notice")).toContainText("公開しました");
  await expect(page.locator(".topics-head")).toContainText("公開中");

  // The visitor's HTML, as the server sent it, lacks the member-only text.
  const answer = await visitor.request.get(`/topic/${slug}`);
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  expect(html).toContain(everyone);
  expect(html).not.toContain(membersOnly);
  expect(html).not.toContain("loginOnly");
  await visitor.close();

  // A signed-in member reads it.
  const memberContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const member = await memberContext.newPage();
  await login(member, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await visit(member, `/topic/${slug}`);
  await expect(member.getByText(membersOnly)).toBeVisible();
  await expect(member.getByText(everyone)).toBeVisible();
  await expect(
    member.getByRole("heading", { name: new RegExp(`^\\d{1,2}月の冬の特集 ${tag}$`) }),
  ).toBeVisible();
  await screenshot(member, "ops-topic-member-view");
  await memberContext.close();

  // Every write is in the audit log.
  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "操作履歴" })
    .click();
  await page.getByLabel("対象").selectOption("topic_page");
  await page.getByRole("button", { name: "絞り込む" }).click();
  const rows = page.locator("tbody tr");
  await expect(rows.first()).toContainText("公開");
  await expect(rows.nth(1)).toContainText("編集");
  await expect(rows.nth(2)).toContainText("追加");
});
