import {
  DEMO_MEMBER,
  DEMO_SUPPORT,
  expect,
  hydrated,
  login,
  screenshot,
  signUp,
  test,
  uniqueEmail,
  visit,
} from "./fixtures";
import { deliveredMail, linkIn } from "./mail";
import { signInToOps } from "./ops-fixtures";

/**
 * The inquiries inbox and review moderation (issue 24), at 1280 and 375 px: a visitor writes in
 * through /inquiry, support finds the message as 新規, takes it, replies, the reply mail reaches
 * the visitor's address and the message reads 回答済み. A member reports another member's
 * review; support hides it with a reason; a visitor no longer sees it, and its author sees it
 * with the reason.
 */

test("a visitor's inquiry is taken, answered by mail and marked 回答済み", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("asker");
  const subject = `ダウンロードできません ${testInfo.project.name}-${Date.now().toString(36)}`;
  const visitorContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    extraHTTPHeaders: { "x-forwarded-for": `10.210.${testInfo.project.name === "pc" ? 1 : 2}.3` },
  });
  const visitor = await visitorContext.newPage();
  await visit(visitor, "/inquiry");
  await visitor.getByLabel("お問い合わせの種類").selectOption({ index: 1 });
  await visitor.getByLabel("メールアドレス").fill(email);
  await visitor.getByLabel("件名").fill(subject);
  await visitor.getByLabel("お問い合わせ内容").fill("購入した巻が本棚で開けません。");
  await visitor.getByRole("button", { name: "送信する" }).click();
  await expect(visitor.getByRole("heading", { name: "送信が完了しました" })).toBeVisible();
  const receiptNo = (await visitor.getByTestId("receipt-no").textContent())!;
  await visitorContext.close();

  await signInToOps(page, DEMO_SUPPORT);
  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "お問い合わせ" })
    .click();
  await expect(page.getByRole("heading", { name: "お問い合わせ", level: 1 })).toBeVisible();
  await page.locator("select[name=status]").selectOption("new");
  await page.getByRole("button", { name: "絞り込む" }).click();
  await expect(page).toHaveURL(/status=new/);
  const row = page.locator("tbody tr").filter({ hasText: subject });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("新規");
  await expect(row).toContainText(receiptNo);
  await expect(row).toContainText(email);
  await screenshot(page, "ops-inquiries");

  await row.getByRole("link", { name: subject }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(subject);
  await hydrated(page);
  await page.getByRole("button", { name: "自分が担当する" }).click();
  await expect(page.getByRole("status")).toContainText("担当になりました");
  await expect(page.getByTestId("inquiry-assignee")).toHaveText(DEMO_SUPPORT.email);
  await expect(page.locator("#inquiry-facts")).toContainText("対応中");

  const note = page.getByRole("form", { name: "社内メモ" });
  await note.getByLabel(/社内メモ/).fill("決済と本棚の記録を確認済み");
  await note.getByRole("button", { name: "メモを追加" }).click();
  await expect(page.getByRole("status")).toContainText("メモを追加しました");

  const answer = `本棚を再読み込みしてお試しください。（${receiptNo}）`;
  const reply = page.getByRole("form", { name: "返信" });
  await reply.getByLabel(/^返信/).fill(answer);
  page.once("dialog", (dialog) => void dialog.accept());
  await reply.getByRole("button", { name: "返信を送信" }).click();
  await expect(page.getByRole("status")).toContainText(`${email} 宛てに送信しました`);
  await expect(page.locator("#inquiry-facts")).toContainText("回答済み");
  const thread = page.locator(".ops-thread li");
  await expect(thread).toHaveCount(2);
  await expect(thread.nth(0)).toContainText("社内メモ");
  await expect(thread.nth(1)).toContainText(answer);
  await expect(thread.nth(1)).toContainText(`宛先 ${email}`);
  await screenshot(page, "ops-inquiry");

  const mail = await deliveredMail(email, "inquiry_reply");
  expect(mail).toContain(answer);
  expect(mail).toContain(receiptNo);
  expect(mail).not.toContain("決済と本棚の記録を確認済み");

  await visit(page, "/ops/inquiries?status=answered");
  await expect(page.locator("tbody tr").filter({ hasText: subject })).toContainText("回答済み");

  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "操作履歴" })
    .click();
  await page.getByLabel("対象").selectOption("inquiry");
  await page.getByRole("button", { name: "絞り込む" }).click();
  await expect(page.locator("tbody tr").first()).toContainText(DEMO_SUPPORT.email);
});

test("a reported review is hidden with a reason: gone for a visitor, explained to its author", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const title = `通報される感想 ${stamp}`;
  const reason = `作品と関係のない内容のため ${stamp}`;
  const context = (n: number) =>
    browser.newContext({
      viewport: page.viewportSize() ?? undefined,
      extraHTTPHeaders: {
        "x-forwarded-for": `10.211.${testInfo.project.name === "pc" ? 1 : 2}.${n}`,
      },
    });

  // A new member confirms their address (reviews wait for it) and reviews series 1.
  const authorContext = await context(4);
  const author = await authorContext.newPage();
  const authorEmail = uniqueEmail("reviewer");
  await signUp(author, authorEmail, "reviewer-member-2026");
  await visit(author, linkIn(await deliveredMail(authorEmail, "welcome"), "/email_confirm"));
  await author.getByRole("button", { name: "確認する" }).click();
  await expect(author.getByRole("heading", { name: "メールアドレスを確認しました" })).toBeVisible();
  await visit(author, "/review/series/1#write");
  const form = author.locator("form.review-form");
  await form.getByRole("radio").nth(0).check();
  await form.getByLabel(/ニックネーム/).fill("ひみつの読者");
  await form.getByLabel(/タイトル/).fill(title);
  await form.getByLabel(/レビュー本文/).fill("この作品とは関係のない宣伝です。");
  await form.getByRole("button", { name: /投稿する|更新する/ }).click();
  await expect(form.getByRole("status")).toHaveText(/レビューを(投稿|更新)しました/);

  // The demo member reports it.
  const reporterContext = await context(5);
  const reporter = await reporterContext.newPage();
  await login(reporter, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await visit(reporter, "/review/series/1");
  const reported = reporter.locator("li.review").filter({ hasText: title });
  await reported.getByRole("button", { name: "通報" }).click();
  await reported.getByLabel("通報の理由").selectOption({ label: "作品と関係ない内容" });
  await reported.getByLabel(/コメント/).fill("宣伝です");
  await reported.getByRole("button", { name: "通報する" }).click();
  await expect(reporter.getByText("通報を受け付けました")).toBeVisible();
  await reporterContext.close();

  await signInToOps(page, DEMO_SUPPORT);
  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "レビュー通報" })
    .click();
  const item = page.locator(".ops-review").filter({ hasText: title });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("通報 1件");
  await expect(item).toContainText("作品と関係ない内容 1");
  await expect(item).toContainText("「宣伝です」");
  await screenshot(page, "ops-reviews");
  await item.getByLabel(/^理由/).fill(reason);
  await item.getByRole("button", { name: "非表示にする" }).click();
  await expect(page.getByRole("status")).toContainText("レビューを非表示にしました");
  await expect(page.locator(".ops-review").filter({ hasText: title })).toHaveCount(0);
  await visit(page, "/ops/reviews?state=hidden");
  await expect(page.locator(".ops-review").filter({ hasText: title })).toContainText(reason);

  // A visitor no longer gets it, in the page or its HTML.
  const visitorContext = await context(6);
  const visitor = await visitorContext.newPage();
  const html = await (await visitor.request.get("/review/series/1")).text();
  expect(html).not.toContain(title);
  await visit(visitor, "/reviews");
  await expect(visitor.locator("li.review").filter({ hasText: title })).toHaveCount(0);
  await visitorContext.close();

  // Its author sees it on their own list, with the reason.
  await visit(author, "/review/series/1");
  await author.getByRole("link", { name: "ひみつの読者" }).first().click();
  await expect(author).toHaveURL(/\/review\/user\//);
  const own = author.locator("li.review").filter({ hasText: title });
  await expect(own.getByRole("note")).toContainText(`理由：${reason}`);
  await screenshot(author, "review-hidden-own");
  await authorContext.close();
});
