import { DEMO_MEMBER, expect, login, screenshot, seriousViolations, test, visit } from "./fixtures";

const SERIES = "/series/1";

test.beforeEach(async ({ page }) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
});

test("the demo member writes a review that appears on the series page, spoiler folded", async ({
  page,
}, info) => {
  const stamp = `${info.project.name}-${Date.now().toString(36)}`;
  const title = `一気読みしました ${stamp}`;
  const comment = "<b>太字ではない</b>\n二行目です。";

  await visit(page, SERIES);
  const section = page.getByRole("region", { name: "レビュー" });
  await section.getByRole("link", { name: /レビューを(書く|編集する)/ }).click();
  await expect(page).toHaveURL(/\/review\/series\/1#write$/);
  await expect(page.getByRole("heading", { level: 1, name: /のレビュー$/ })).toBeVisible();

  const form = page.locator("form.review-form");
  // A limit answers with its message rather than saving.
  await form.getByRole("radio").nth(3).check();
  await form.getByLabel(/ニックネーム/).fill("こもれび読者");
  await form.getByLabel(/タイトル/).fill("あ".repeat(51));
  await form.getByLabel(/レビュー本文/).fill(comment);
  await form.getByRole("button", { name: /投稿する|更新する/ }).click();
  await expect(form.getByRole("alert")).toContainText("タイトルは50文字以内で入力してください");

  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await form.getByRole("radio").nth(3).check();
  await form.getByLabel(/ニックネーム/).fill("こもれび読者");
  await form.getByLabel(/タイトル/).fill(title);
  await form.getByLabel(/レビュー本文/).fill(comment);
  await form.getByLabel(/タグ/).fill("一気読み 感動");
  await form.getByLabel("ネタバレを含む").check();
  await form.getByRole("button", { name: /投稿する|更新する/ }).click();
  await expect(form.getByRole("status")).toHaveText(/レビューを(投稿|更新)しました/);

  const mine = page.locator("li.review").filter({ hasText: title });
  await expect(mine).toHaveCount(1);
  // Folded: the text shows only once the reader opens it, and markup stays text.
  await expect(mine.locator(".review__comment")).toBeHidden();
  await mine.getByText("ネタバレを含むレビューです").click();
  await expect(mine.locator(".review__comment")).toHaveText(comment);
  await expect(mine.locator(".review__comment b")).toHaveCount(0);
  await screenshot(page, "review-series");

  await visit(page, SERIES);
  const onSeries = section.locator("li.review").filter({ hasText: title });
  await expect(onSeries).toHaveCount(1);
  await expect(section.getByText(/平均 \d\.\d（\d+件）/)).toBeVisible();
  await expect(section.getByRole("link", { name: "レビューを編集する" })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page, "#series-reviews-title + *")).toEqual([]);
  await screenshot(page, "series-reviews");

  // The member's own list and the store-wide list carry it too.
  await onSeries.getByRole("link", { name: "こもれび読者" }).click();
  await expect(page).toHaveURL(/\/review\/user\//);
  await expect(page.locator("li.review").filter({ hasText: title })).toHaveCount(1);
  await visit(page, "/reviews");
  await expect(page.getByRole("heading", { level: 1, name: "みんなのレビュー" })).toBeVisible();
  await expect(page.locator("li.review").filter({ hasText: title })).toHaveCount(1);
  await screenshot(page, "reviews");
});

test("a review of a series the member bought is marked 購入者レビュー", async ({ page }, info) => {
  const ct = (await page.context().cookies()).find((c) => c.name === "ct")!.value;
  const shelf = (await (
    await page.request.post("/api/bookshelf", { data: {}, headers: { "x-csrftoken": ct } })
  ).json()) as { books: Array<{ series_id: number; buy_status: string | null }> };
  const bought = shelf.books.find((b) => b.buy_status === "buy");
  expect(bought, "the demo member has bought a volume").toBeTruthy();

  const title = `買ってよかった ${info.project.name}-${Date.now().toString(36)}`;
  await visit(page, `/review/series/${bought!.series_id}#write`);
  const form = page.locator("form.review-form");
  await form.getByRole("radio").nth(4).check();
  await form.getByLabel(/ニックネーム/).fill("こもれび読者");
  await form.getByLabel(/タイトル/).fill(title);
  await form.getByLabel(/レビュー本文/).fill("全巻そろえて読み返しています。");
  await form.getByRole("button", { name: /投稿する|更新する/ }).click();
  await expect(form.getByRole("status")).toHaveText(/レビューを(投稿|更新)しました/);
  const mine = page.locator("li.review").filter({ hasText: title });
  await expect(mine.getByText("購入者レビュー", { exact: true })).toBeVisible();
  await mine.scrollIntoViewIfNeeded();
  await screenshot(page, "review-buyer");

  // A title speaking as the store is refused.
  await form.getByLabel(/タイトル/).fill("【公式】重要なお知らせ");
  await form.getByRole("button", { name: /投稿する|更新する/ }).click();
  await expect(form.getByRole("alert")).toContainText("ストアを名乗る表記");
});

test("the demo member turns a series' notifications on, and it stays on", async ({ page }) => {
  await visit(page, SERIES);
  const toggle = page.locator(".series-summary__actions").getByRole("button", { name: /通知/ });
  const before = (await toggle.getAttribute("aria-pressed")) === "true";
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", String(!before));
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(toggle).toHaveAttribute("aria-pressed", String(!before));
  if (!before) await screenshot(page, "series-notification-on");
  // Leave the demo member as found, so the other viewport's run starts from the same state.
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", String(before));
});
