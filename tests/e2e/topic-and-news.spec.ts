import { expect, screenshot, test, visit } from "./fixtures";

// Topic pages read as a shopper reads them and /home marks notices NEW by the /news rule
// (issue 21 items 31–33).

test("/home stops marking a notice NEW once it was read, as /news does (nr cookie)", async ({
  page,
  context,
}) => {
  await context.clearCookies();
  await visit(page, "/home");
  const headlines = page.locator(".home-news li");
  await expect(headlines.first()).toBeVisible();
  const first = headlines.first();
  await expect(first.locator(".home-news__new")).toBeVisible();
  const id = Number(
    /id=(\d+)/.exec((await first.getByRole("link").getAttribute("href")) ?? "")![1],
  );
  const others = await headlines.locator(".home-news__new").count();

  // Reading it through the call sets nr; the next /home shows it without NEW.
  expect((await page.request.get(`/api/news/${id}`)).status()).toBe(200);
  await visit(page, "/home");
  await expect(
    page.locator(`.home-news a[href="/news_detail?id=${id}"] .home-news__new`),
  ).toHaveCount(0);
  await expect(headlines.locator(".home-news__new")).toHaveCount(others - 1);
  await visit(page, "/news");
  await expect(page.locator(`a[href="/news_detail?id=${id}"]`).getByTestId("news-new")).toHaveCount(
    0,
  );
});

test("search buttons on topic pages name the publisher, label, magazine, genre and category", async ({
  page,
}) => {
  for (const path of ["/topic/label-feature", "/topic/new-release-info"]) {
    await visit(page, path);
    const buttons = page.locator("main a[href^='/search?']").filter({ hasText: "の作品を見る" });
    expect(await buttons.count(), path).toBe(5);
    for (const text of await buttons.allTextContents()) {
      expect(text, path).not.toMatch(/ID\s*\d/);
      expect(text.replace("の作品を見る", "").trim().length, path).toBeGreaterThan(0);
    }
  }
  await screenshot(page, "topic-plain-text");
});

test("the plain-text topic page has its title as a visible heading", async ({ page }) => {
  await visit(page, "/topic/new-release-info");
  const title = page.getByRole("heading", { level: 1, name: "今月の新刊ラインナップ" });
  await expect(title).toBeVisible();
  const box = await title.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(20);
});

test("the manga fair shows 話題の新刊 once", async ({ page }) => {
  await visit(page, "/topic/manga-fair");
  const section = page.locator("section[data-layout-id]").first();
  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveAttribute("data-state", "done");
  await expect(page.getByRole("heading", { name: "話題の新刊" })).toHaveCount(1);
  await expect(page.getByText("話題の新刊", { exact: true })).toHaveCount(1);
});
