import type { Locator, Page, TestInfo } from "@playwright/test";
import { tokyoSlashDateTime } from "../../contract/tokyo-time";
import {
  closeStampDialog,
  DEMO_MEMBER,
  DEMO_STAFF,
  expect,
  hydrated,
  loadLazySections,
  login,
  screenshot,
  seriousViolations,
  test,
  uniqueEmail,
  visit,
} from "./fixtures";

/** What a reader sees on a phone (375 px) and on PC (1280 px), as a visitor and as a member. */

const isPhone = (info: TestInfo) => info.project.name === "phone";

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not rendered");
  return b;
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** How many lines the element's text takes. */
function lines(locator: Locator) {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
}

/** A series page from the weekly ranking, the first whose page satisfies `ok`. */
async function seriesFromRanking(page: Page, ok: (page: Page) => Promise<boolean>) {
  await visit(page, "/ranking");
  const hrefs = await page
    .locator(".ranking-row a[href^='/series/']")
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!.split("?")[0]!))]);
  for (const href of hrefs.slice(0, 15)) {
    await visit(page, href);
    if (await ok(page)) return href;
  }
  throw new Error("no series page fits");
}

test("the home ranking shows all ten ranks; on PC in two columns whose rows line up", async ({
  page,
}, info) => {
  await visit(page, "/home");
  const width = page.viewportSize()!.width;
  const blocks = page.locator("section.home-section--t4");
  expect(await blocks.count()).toBeGreaterThan(0);
  for (const block of await blocks.all()) {
    await block.scrollIntoViewIfNeeded();
    await expect(block).toHaveAttribute("data-state", "done");
    const ranks = block.locator(".ranking-row__rank");
    await expect(ranks).toHaveText(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    // Every row is on the screen's width: none is pushed into a column off the right edge.
    for (const row of await block.locator(".ranking-row").all()) {
      const b = await box(row);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(width);
    }
    const [one, six] = [await box(ranks.nth(0)), await box(ranks.nth(5))];
    if (isPhone(info)) {
      expect(six.y).toBeGreaterThan(one.y);
    } else {
      expect(six.x).toBeGreaterThan(one.x);
      // Rows of both columns share their heights, so rank n and rank n+5 line up.
      for (let i = 0; i < 5; i++) {
        const [left, right] = [await box(ranks.nth(i)), await box(ranks.nth(i + 5))];
        expect(Math.abs(left.y - right.y)).toBeLessThan(1);
      }
    }
  }
  await blocks.first().scrollIntoViewIfNeeded();
  await screenshot(page, "browse-home-ranking");
});

test("新着マンガ's もっと見る lands on a list of works, newest first", async ({ page }) => {
  await visit(page, "/");
  const section = page.locator("section[aria-label='新着マンガ']");
  await section.scrollIntoViewIfNeeded();
  await section.getByRole("link", { name: /もっと見る/ }).click();
  await expect(page.locator(".result-grid article").first()).toBeVisible();
  await expect(page.getByText("検索条件が正しくありません")).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "並び順" }).getByRole("link", { name: "新着順" }),
  ).toHaveAttribute("aria-current", "true");
});

test("the header cart badge counts each カートに入れる at once", async ({ page }) => {
  await visit(page, "/signup");
  await page.getByLabel("メールアドレス").fill(uniqueEmail("cart"));
  await page.getByLabel(/パスワード/).fill("cart-badge-123");
  await page.getByLabel(/ニックネーム/).fill("かーと");
  await page.getByLabel(/利用規約/).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page.getByTestId("header-member")).toBeVisible();
  await closeStampDialog(page);
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);

  await seriesFromRanking(
    page,
    async (p) => (await p.getByRole("button", { name: "カートに入れる", exact: true }).count()) > 1,
  );
  const add = page.getByRole("button", { name: "カートに入れる", exact: true });
  await add.first().click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await add.first().click();
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
  await screenshot(page, "browse-cart-badge");
});

test("a visitor's 気になる offers login, and login comes back to the same page", async ({
  page,
}) => {
  await visit(page, "/home");
  const ranking = page.locator("section.home-section--t4").first();
  await ranking.scrollIntoViewIfNeeded();
  await expect(ranking).toHaveAttribute("data-state", "done");
  await ranking.getByRole("button", { name: "気になる" }).first().click();

  const offer = page.getByRole("dialog", { name: "ログインしてご利用ください" });
  await expect(offer).toBeVisible();
  await expect(page.getByRole("dialog", { name: "エラー" })).toHaveCount(0);
  await expect(offer.getByRole("link", { name: "会員登録" })).toHaveAttribute(
    "href",
    "/signup?return_to=%2Fhome",
  );
  await screenshot(page, "browse-login-offer");
  await page.keyboard.press("Escape");
  await expect(offer).toBeHidden();

  await ranking.getByRole("button", { name: "気になる" }).first().click();
  await offer.getByRole("link", { name: "ログイン" }).click();
  await expect(page).toHaveURL(/\/login\?return_to=%2Fhome$/);
  await hydrated(page);
  await page.getByLabel("メールアドレス").fill(DEMO_MEMBER.email);
  await page.getByLabel("パスワード").fill(DEMO_MEMBER.password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId("header-member")).toBeVisible();
});

test("card buttons and the rating keep their words on one line", async ({ page }) => {
  await visit(page, "/home");
  await loadLazySections(page);
  const free = page.locator("main .card-button").filter({ hasText: /冊無料で読む$/ });
  expect(await free.count()).toBeGreaterThan(0);
  for (const button of (await free.all()).slice(0, 8)) {
    if (!(await button.isVisible())) continue;
    expect(await lines(button)).toBe(1);
    // The label fits its button rather than running past its edge.
    expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }

  await seriesFromRanking(
    page,
    async (p) => (await p.getByText("レビューはまだありません").count()) > 0,
  );
  expect(await lines(page.getByText("レビューはまだありません"))).toBe(1);
  await screenshot(page, "browse-series-no-review");
});

test("on a phone the coupon balloon never covers まとめてカートに入れる", async ({
  page,
}, info) => {
  test.skip(!isPhone(info), "the balloon is over the phone's tab bar");
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await seriesFromRanking(
    page,
    async (p) => (await p.getByRole("button", { name: "まとめてカートに入れる" }).count()) > 0,
  );
  const balloon = page.locator(".coupon-balloon");
  const bulk = page.getByRole("button", { name: "まとめてカートに入れる" });
  // It is there (stepped aside while the button is under it: see below).
  await expect(balloon).toHaveCount(1);
  // The balloon floats just above the tab bar, so it covers none of the tabs.
  const [b, bar] = [
    await balloon.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
    await box(page.getByRole("navigation", { name: "メインメニュー" })),
  ];
  expect(b.y + b.height).toBeLessThanOrEqual(bar.y);
  expect(b.x).toBeGreaterThanOrEqual(0);
  await screenshot(page, "browse-balloon-top");

  // Scroll the button up past the tab bar: at no point does the balloon lie over the part of
  // the button the reader can see (it steps aside while the button passes under it; what has
  // gone under the tab bar is the bar's, not the balloon's, to cover).
  const end = await bulk.evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
  for (let y = 0; y <= end; y += 90) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await expect
      .poll(async () => {
        if (!(await balloon.isVisible())) return true;
        const [b, k] = [await balloon.boundingBox(), await bulk.boundingBox()];
        if (!b || !k) return true;
        const seen = { ...k, height: Math.min(k.y + k.height, bar.y) - k.y };
        return seen.height <= 0 || !overlaps(b, seen);
      })
      .toBe(true);
  }
});

test("the staff drawer shows the time in Tokyo time", async ({ page }) => {
  await login(page, DEMO_STAFF.email, DEMO_STAFF.password);
  await visit(page, "/");
  await page.getByRole("button", { name: "メニュー", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "メニュー" });
  const time = drawer.locator(".drawer-staff time");
  await expect(time).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  const instant = (await time.getAttribute("datetime"))!;
  expect(await time.textContent()).toBe(tokyoSlashDateTime(Date.parse(instant)));
  await screenshot(page, "browse-staff-drawer");
});

test("on PC the side column stays beside a long home page", async ({ page }, info) => {
  test.skip(isPhone(info), "the side column shows from 960 px");
  await visit(page, "/home");
  const side = page.getByRole("complementary", { name: "サイドメニュー" });
  await expect(side).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await expect(side).toBeInViewport();
  const b = await box(side);
  expect(b.y).toBeGreaterThanOrEqual(0);
  expect(b.y).toBeLessThan(page.viewportSize()!.height / 2);
});

test("the header search box shows the word searched for", async ({ page }, info) => {
  test.skip(isPhone(info), "the header search box is on PC");
  await visit(page, `/search?wd=${encodeURIComponent("魔王")}`);
  const input = page.getByRole("banner").getByRole("searchbox", { name: "作品を検索" });
  await expect(input).toHaveValue("魔王");
  await input.fill("恋");
  await input.press("Enter");
  await expect(page).toHaveURL(/wd=%E6%81%8B/);
  await expect(input).toHaveValue("恋");
  await visit(page, "/ranking");
  await expect(input).toHaveValue("");
});

test("the banner row under the top banner shows other banners", async ({ page }) => {
  await visit(page, "/");
  const top = await page
    .locator(".flick-banner img")
    .evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")));
  expect(top.length).toBeGreaterThan(0);
  const firstRow = page
    .locator("section[data-layout-id]")
    .filter({ has: page.locator(".banner-list") })
    .first();
  await firstRow.scrollIntoViewIfNeeded();
  await expect(firstRow).toHaveAttribute("data-state", "done");
  const row = await firstRow
    .locator(".banner-list img")
    .evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")));
  expect(row.length).toBeGreaterThan(0);
  expect(row.filter((src) => top.includes(src))).toEqual([]);
});

test("no image on /ranking lacks its src", async ({ page }) => {
  await visit(page, "/ranking");
  await expect(page.locator(".ranking-row").first()).toBeVisible();
  await expect(page.locator("img:not([src]), img[src='']")).toHaveCount(0);
});

// "/" is the same route module as /home (app/routes.ts), so the page is checked once, at /home;
// the banner row test above opens "/" itself.
for (const path of ["/home", "series", `/search?wd=${encodeURIComponent("魔王")}`]) {
  test(`${path} passes axe once its lazy sections have loaded`, async ({ page }) => {
    test.setTimeout(120_000);
    const url = path === "series" ? await seriesFromRanking(page, async () => true) : path;
    await visit(page, url);
    await loadLazySections(page);
    expect(await seriousViolations(page), url).toEqual([]);
  });
}
