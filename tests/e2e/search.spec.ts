import { DEMO_MEMBER, expect, login, screenshot, test } from "./fixtures";

test("a search lists cards, sorts, pages and drops a condition", async ({ page }) => {
  await page.goto(`/search?wd=${encodeURIComponent("ﾏｵｳ")}`);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("「ﾏｵｳ」の検索結果");
  const cards = page.locator(".result-grid article");
  await expect(cards.first()).toBeVisible();
  await screenshot(page, "search-maou");

  await page
    .getByRole("navigation", { name: "並び順" })
    .getByRole("link", { name: "新着順" })
    .click();
  await expect(page).toHaveURL(/sort=1/);
  await expect(
    page.getByRole("navigation", { name: "並び順" }).getByRole("link", { name: "新着順" }),
  ).toHaveAttribute("aria-current", "true");

  await page.goto("/search?gn=2");
  await expect(page.getByRole("link", { name: /の条件を外す/ })).toHaveCount(1);
  // The covers a phone shows before any scrolling (two rows of three) load at once, the rest
  // only as they come near: a lazy cover on the first screen would hold back its largest paint.
  const covers = page.locator(".result-grid .cover img");
  await expect(covers.nth(5)).toHaveAttribute("loading", "eager");
  await expect(covers.nth(6)).toHaveAttribute("loading", "lazy");
  const pager = page.getByRole("navigation", { name: "ページ" });
  await pager.getByRole("link", { name: "次へ" }).click();
  await expect(page).toHaveURL(/pn=2/);
  await expect(pager.locator("[aria-current=page]")).toHaveText("2");
  await page.getByRole("link", { name: /の条件を外す/ }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByText("条件を指定して検索してください", { exact: false })).toBeVisible();
});

test("a search that finds nothing says so", async ({ page }) => {
  await page.goto("/search?wd=zzzzzzzz");
  await expect(page.getByText("対象の作品はありません")).toBeVisible();
});

test("a member's search words come back as history", async ({ page }) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await page.goto(`/search?wd=${encodeURIComponent("魔王")}`);
  const history = await page.evaluate(async () => {
    const ct = document.cookie.match(/(?:^|; )ct=([^;]*)/)?.[1] ?? "";
    const response = await fetch("/api/search_history", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": decodeURIComponent(ct) },
      body: "{}",
    });
    return (await response.json()) as { history: Array<{ word: string }> };
  });
  expect(history.history[0]?.word).toBe("魔王");
});

test("rankings switch period and genre and show rank numbers", async ({ page }) => {
  await page.goto("/ranking");
  const periods = page.getByRole("navigation", { name: "集計期間" });
  await expect(periods.getByRole("link", { name: "週間" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator(".ranking-row__rank").first()).toContainText("1");
  await periods.getByRole("link", { name: "デイリー" }).click();
  await expect(page).toHaveURL(/tp=1/);
  await page
    .getByRole("navigation", { name: "ジャンル" })
    .getByRole("link", { name: "BL" })
    .click();
  await expect(page).toHaveURL(/genre=4/);
  await screenshot(page, "ranking-daily-bl");

  await page.goto("/free_ranking?tp=3");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("無料ランキング");
  await expect(page.locator(".ranking-row").first()).toBeVisible();
});
