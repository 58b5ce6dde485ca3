import type { Page } from "@playwright/test";
import { DEMO_MEMBER, DEMO_STAFF, expect, screenshot, test, visit } from "./fixtures";

/**
 * Logs in through the login call with the page's own cookie jar (these tests are about the
 * information pages, not the login form, which tests/e2e/account.spec.ts covers).
 */
async function login(page: Page, email: string, password: string) {
  await page.request.get("/api/status");
  const ct = (await page.context().cookies()).find((c) => c.name === "ct")?.value ?? "";
  const answer = await page.request.post("/api/account/login", {
    data: { email, password },
    headers: { "X-CSRFToken": ct },
  });
  expect(answer.status()).toBe(200);
}

const INFO_PAGES: Array<[path: string, heading: string]> = [
  ["/help", "ヘルプ"],
  ["/faq", "よくある質問"],
  ["/howto", "はじめての方へ"],
  ["/agreement", "利用規約"],
  ["/privacy", "プライバシーポリシー"],
  ["/legal", "特定商取引法に基づく表記"],
  ["/abj", "ABJマークについて"],
  ["/maint", "メンテナンスのお知らせ"],
  ["/error", "エラーが発生しました"],
  ["/inquiry", "お問い合わせ"],
  ["/opinion", "ご意見・ご感想"],
  ["/request", "作品リクエスト"],
  ["/webview/agreement", "利用規約"],
  ["/webview/help", "ヘルプ"],
  ["/webview/inquiry", "お問い合わせ"],
  ["/webview/privacy", "プライバシーポリシー"],
];

test("every information page and its webview variant answers 200 with its heading, with and without .html", async ({
  request,
}) => {
  for (const [path, heading] of INFO_PAGES) {
    for (const url of [path, `${path}.html`]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      const html = await response.text();
      expect(html, url).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(html, url).toMatch(/<meta name="description" content="[^"]+"/);
    }
  }
});

test("the webview variants have no store header or footer; the store pages do", async ({
  page,
}) => {
  await page.goto("/webview/help");
  await expect(page.getByRole("heading", { level: 1, name: "ヘルプ" })).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  // A link to another page with a webview variant stays inside the webview.
  await expect(page.getByRole("link", { name: "よくある質問" }).first()).toHaveAttribute(
    "href",
    "/faq",
  );
  await expect(page.getByRole("link", { name: "お問い合わせフォーム" }).first()).toHaveAttribute(
    "href",
    "/webview/inquiry",
  );
  await screenshot(page, "webview-help");

  await page.goto("/help");
  await expect(page.getByRole("banner")).toHaveCount(1);
  await screenshot(page, "help");
});

test("the FAQ opens one answer at a time", async ({ page }) => {
  await visit(page, "/faq");
  const question = (name: string) => page.locator("details", { hasText: name });
  const first = question("会員登録は無料ですか？");
  const second = question("ポイントの有効期限はありますか？");
  expect(await page.locator("details.accordion__item").count()).toBeGreaterThanOrEqual(15);
  await expect(page.locator("details[open]")).toHaveCount(0);

  await first.locator("summary").click();
  await expect(first).toHaveAttribute("open", "");
  await expect(page.getByText("無料です。メールアドレスとパスワードだけで")).toBeVisible();

  await second.locator("summary").click();
  await expect(second).toHaveAttribute("open", "");
  await expect(first).not.toHaveAttribute("open");
  await expect(page.getByText("無料です。メールアドレスとパスワードだけで")).toBeHidden();
  await expect(page.locator("details[open]")).toHaveCount(1);
  await screenshot(page, "faq");

  await second.locator("summary").click();
  await expect(page.locator("details[open]")).toHaveCount(0);

  // A link from another page straight to one answer opens it.
  await visit(page, "/help");
  await visit(page, "/faq#faq-points-expiry");
  await expect(page.locator("#faq-points-expiry")).toHaveAttribute("open", "");
});

test("the legal notice, terms, privacy policy, how-to, maintenance and error pages", async ({
  page,
}) => {
  await page.goto("/legal");
  await expect(page.getByRole("rowheader", { name: "販売事業者" })).toBeVisible();
  await expect(page.getByText("架空のもの").first()).toBeVisible();
  await screenshot(page, "legal");

  await page.goto("/agreement");
  await expect(page.getByRole("heading", { name: "第1条（適用）" })).toBeVisible();
  await screenshot(page, "agreement");

  await page.goto("/privacy");
  for (const cookie of ["sid", "ct", "vid"]) {
    await expect(page.getByRole("rowheader", { name: cookie, exact: true })).toBeVisible();
  }
  await screenshot(page, "privacy");

  await page.goto("/howto");
  await expect(page.getByRole("link", { name: "無料で会員登録する" })).toBeVisible();
  await screenshot(page, "howto");

  await page.goto("/maint");
  await expect(page.getByText(/\d{4}年\d{1,2}月\d{1,2}日（水）2:00〜6:00/)).toBeVisible();
  await expect(page.getByRole("link", { name: "ログイン" })).toHaveCount(0);
  await screenshot(page, "maint");

  await page.goto("/error?message=%3Cb%3E決済に失敗しました%3C%2Fb%3E&code=PAY-01");
  await expect(page.getByRole("heading", { name: "エラーが発生しました" })).toBeVisible();
  await expect(page.getByTestId("error-detail")).toContainText("<b>決済に失敗しました</b>");
  await expect(page.getByTestId("error-detail")).toContainText("エラーコード：PAY-01");
  await expect(page.locator("[data-testid=error-detail] b")).toHaveCount(0);
  await screenshot(page, "error");
});

test("a visitor sends an inquiry and sees what was sent with a receipt number", async ({
  page,
}) => {
  await page.goto("/inquiry");
  await page.getByLabel("お問い合わせの種類").selectOption({ label: "ポイント・クーポンについて" });
  await page.getByLabel("メールアドレス").fill("e2e-visitor@example.jp");
  await page.getByLabel("件名").fill("クーポンの使い方");
  await page.getByLabel("お問い合わせ内容").fill("クーポンはどの作品に使えますか？");
  await screenshot(page, "inquiry");
  await page.getByRole("button", { name: "送信する" }).click();

  await expect(page.getByRole("heading", { name: "送信が完了しました" })).toBeVisible();
  await expect(page.getByTestId("receipt-no")).toHaveText(/^INQ-\d{6}$/);
  await expect(page.getByText("クーポンはどの作品に使えますか？")).toBeVisible();
  await expect(page.getByText("e2e-visitor@example.jp")).toBeVisible();
  await screenshot(page, "inquiry-sent");
});

test("a member's address is filled in; an opinion and a request are confirmed", async ({
  page,
}) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await page.goto("/inquiry");
  await expect(page.getByLabel("メールアドレス")).toHaveValue(DEMO_MEMBER.email);

  await page.goto("/opinion");
  await page.getByLabel("4 満足").check();
  await page.getByRole("textbox", { name: /ご意見・ご感想/ }).fill("試聴できるのが便利です。");
  await page.getByRole("button", { name: "送信する" }).click();
  await expect(page.getByRole("heading", { name: "送信が完了しました" })).toBeVisible();
  await expect(page.getByTestId("receipt-no")).toHaveText(/^OPN-\d{6}$/);
  await screenshot(page, "opinion-sent");

  await page.goto("/request");
  await page.getByLabel(/作品名/).fill("星降る街のアトリエ");
  await page.getByLabel(/著者名/).fill("春野ひかり");
  await page.getByRole("button", { name: "リクエストを送信する" }).click();
  await expect(page.getByRole("heading", { name: "送信が完了しました" })).toBeVisible();
  await expect(page.getByTestId("receipt-no")).toHaveText(/^REQ-\d{6}$/);
});

test("debug screens: visitors go to login, members who are not staff get 403", async ({ page }) => {
  await page.goto("/debug");
  await expect(page).toHaveURL(/\/login\?return_to=%2Fdebug/);

  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const response = await page.goto("/debug/topic_test");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("運営スタッフ専用")).toBeVisible();
});

test("staff see their status on the debug screens and the editor refuses invalid JSON", async ({
  page,
}) => {
  // Leaving the editor with unsaved text asks first; the test means to leave.
  page.on("dialog", (dialog) => dialog.accept());
  await login(page, DEMO_STAFF.email, DEMO_STAFF.password);
  await page.goto("/debug");
  await expect(page.getByTestId("debug-session")).toContainText('"user_type": "staff"');
  await expect(page.getByTestId("debug-user")).toContainText('"nickname"');
  await screenshot(page, "debug");

  await page.goto("/debug/debug3");
  await page
    .getByRole("row", { name: /\/topic\/faq/ })
    .getByRole("link", { name: "編集" })
    .click();
  await expect(page).toHaveURL(/\/debug\/topic_test\?page=faq&type=topic/);
  await expect(page.getByRole("button", { name: "更新する" })).toBeEnabled();

  const source = page.getByLabel(/内容（JSON）/);
  const original = await source.inputValue();
  const preview = page.getByTestId("preview-canvas");
  await expect(preview.getByRole("heading", { name: "よくある質問" })).toBeVisible();

  await page.getByRole("button", { name: "スマホ" }).click();
  await expect(page.getByRole("button", { name: "スマホ" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(preview).toHaveCSS("width", "375px");
  await page.getByRole("button", { name: "PC" }).click();
  await expect(preview).toHaveCSS("width", "1280px");

  await source.fill(`${original.slice(0, -2)}`);
  await page.getByRole("button", { name: "更新する" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "内容を見直してください" })).toBeVisible();
  await screenshot(page, "editor-invalid");

  await page.reload();
  await expect(page.getByLabel(/内容（JSON）/)).toHaveValue(original);
  await screenshot(page, "editor");
});

test("staff update a topic page through the editor and the change is kept", async ({ page }) => {
  page.on("dialog", (dialog) => dialog.accept());
  await login(page, DEMO_STAFF.email, DEMO_STAFF.password);
  await page.goto("/debug/topic_test?page=faq&type=topic");
  const update = page.getByRole("button", { name: "更新する" });
  // The button is enabled once the page is live; typing earlier would be lost.
  await expect(update).toBeEnabled();
  const source = page.getByLabel(/内容（JSON）/);
  const original = await source.inputValue();
  const edited = original.replace('"よくある質問"', '"よくある質問（E2E編集）"');
  expect(edited).not.toBe(original);

  try {
    await source.fill(edited);
    await update.click();
    await expect(page.getByRole("status").filter({ hasText: "更新しました" })).toBeVisible();
    await page.reload();
    await expect(update).toBeEnabled();
    await expect(
      page.getByTestId("preview-canvas").getByRole("heading", { name: "よくある質問（E2E編集）" }),
    ).toBeVisible();
    await expect(source).toHaveValue(edited);
  } finally {
    // Put the page back through the API even if a step above failed.
    const ct = (await page.context().cookies()).find((c) => c.name === "ct")?.value ?? "";
    const restored = await page.request.post("/api/topic_page/faq", {
      data: { content: original },
      headers: { "X-CSRFToken": ct },
    });
    expect(restored.status()).toBe(200);
  }
});
