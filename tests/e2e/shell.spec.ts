import type { Page, TestInfo } from "@playwright/test";
import { DEMO_MEMBER, expect, login, screenshot, seriousViolations, test, visit } from "./fixtures";

const isPhone = (info: TestInfo) => info.project.name === "phone";

function menuButton(page: Page) {
  return page.getByRole("button", { name: "メニュー", exact: true });
}

async function openSearch(page: Page, info: TestInfo) {
  const opener = isPhone(info)
    ? page.getByRole("banner").getByRole("button", { name: "検索", exact: true })
    : page.getByRole("button", { name: "詳細検索" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "作品を探す" });
  await expect(dialog).toBeVisible();
  return { dialog, opener };
}

test("a visitor sees login, sign-up, the guide and the visitor's tabs; the page passes axe", async ({
  page,
}, info) => {
  await visit(page, "/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "ログイン" })).toBeVisible();
  await expect(header.getByRole("link", { name: "会員登録" })).toBeVisible();
  await expect(header.getByRole("link", { name: "はじめての方へ" })).toBeVisible();
  await expect(page.getByTestId("header-member")).toHaveCount(0);

  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText(/ABJマークは、この電子書店/)).toBeVisible();
  await expect(footer.getByRole("link", { name: "利用規約" })).toBeVisible();
  await expect(footer.getByRole("link", { name: /App Store/ })).toBeVisible();
  await expect(footer.getByRole("link", { name: /Google Play/ })).toBeVisible();
  await expect(footer.getByRole("link", { name: /公式アカウント/ })).toBeVisible();
  await expect(footer.getByRole("link", { name: "運営会社" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "メインメニュー" });
  if (isPhone(info)) {
    for (const name of ["ホーム", "キャンペーン", "無料", "はじめて", "クーポン"]) {
      await expect(tabs.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(tabs.getByRole("link", { name: "本棚" })).toHaveCount(0);
  } else {
    await expect(tabs).toBeHidden();
    await expect(page.getByRole("complementary", { name: "サイドメニュー" })).toBeVisible();
  }

  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, "shell-visitor-home");
});

test("the drawer opens from the menu button, traps focus, closes with Esc and passes axe", async ({
  page,
}) => {
  await visit(page, "/");
  await menuButton(page).click();
  const drawer = page.getByRole("dialog", { name: "メニュー" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText("ようこそ、ゲストさん")).toBeVisible();
  await expect(drawer.getByRole("heading", { name: "ジャンルから探す" })).toBeVisible();
  await expect(drawer.getByRole("heading", { name: "開催中のキャンペーン" })).toBeVisible();
  await expect(drawer.getByRole("heading", { name: "出版社から探す" })).toBeVisible();

  // Focus starts inside and Tab never leaves the drawer.
  await expect(drawer.getByRole("button", { name: "メニューを閉じる" })).toBeFocused();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  expect(await seriousViolations(page, "[data-testid=member-drawer]")).toEqual([]);
  await screenshot(page, "shell-drawer-visitor");

  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(menuButton(page)).toBeFocused();
});

test("a member sees their name, badges, the member drawer and logs out from it", async ({
  page,
}, info) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await visit(page, "/");
  const member = page.getByTestId("header-member");
  await expect(member).toBeVisible();
  await expect(member).toContainText("pt");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: /本棚/ })).toBeVisible();
  await expect(header.getByRole("link", { name: /カート/ })).toBeVisible();
  await expect(header.getByRole("button", { name: "履歴" })).toBeVisible();
  await expect(header.getByRole("link", { name: "会員登録" })).toHaveCount(0);
  if (isPhone(info)) {
    const tabs = page.getByRole("navigation", { name: "メインメニュー" });
    await expect(tabs.getByRole("link", { name: "本棚", exact: true })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "はじめて" })).toHaveCount(0);
  }
  await screenshot(page, "shell-member-home");

  await menuButton(page).click();
  const drawer = page.getByRole("dialog", { name: "メニュー" });
  await expect(drawer.getByTestId("drawer-nickname")).toBeVisible();
  const nickname = (await member.locator(".strip-member__name").textContent())?.trim() ?? "";
  await expect(drawer.getByTestId("drawer-nickname")).toContainText(nickname);
  const facts = drawer.getByRole("region", { name: "会員情報" });
  await expect(facts.getByText("保有ポイント")).toBeVisible();
  await expect(facts.getByText("クーポン", { exact: true })).toBeVisible();
  await expect(facts.getByRole("link", { name: /pt$/ })).toBeVisible();
  await expect(facts.getByRole("link", { name: /枚$/ })).toBeVisible();
  await expect(drawer.getByRole("link", { name: "マイページ" })).toBeVisible();
  await expect(drawer.getByRole("heading", { name: "注目のキーワード" })).toBeVisible();
  expect(await seriousViolations(page, "[data-testid=member-drawer]")).toEqual([]);
  await screenshot(page, "shell-drawer-member");

  await drawer.getByRole("button", { name: "ログアウト" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "ログイン" })).toBeVisible();
  await expect(page.getByTestId("header-member")).toHaveCount(0);
});

test("the search dialog's filters lead to the right /search address", async ({ page }, info) => {
  await visit(page, "/");
  const { dialog, opener } = await openSearch(page, info);
  await expect(dialog.getByRole("searchbox", { name: "キーワード" })).toBeFocused();
  await expect(dialog.getByRole("heading", { name: "作品を探す" })).toBeVisible();
  await expect(dialog.getByRole("group", { name: "ジャンル" })).toBeVisible();
  expect(await seriousViolations(page, ".search-dialog")).toEqual([]);
  await screenshot(page, "shell-search-dialog");

  // Esc closes and gives focus back to the button that opened it.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole("searchbox", { name: "キーワード" }).fill("恋");
  await dialog
    .getByRole("group", { name: "完結・連載" })
    .getByText("完結", { exact: true })
    .click();
  await dialog.getByText("★4以上").click();
  await dialog.getByText("〜500円").click();
  const genres = dialog.getByRole("group", { name: "ジャンル" });
  await genres.getByText("少女・女性").click();
  await genres.getByText("BL").click();
  await dialog.getByLabel("出版社").selectOption({ label: "ひだまりコミック" });
  await dialog.getByRole("button", { name: "検索する" }).click();
  await expect(page).toHaveURL(
    `/search?wd=${encodeURIComponent("恋")}&gn=2&gn=4&pb=8&rt=4&ft=1&ps=1&pe=500`,
  );

  // Typed prices replace the preset; クリア empties the form and an empty search is refused.
  await openSearch(page, info);
  await expect(dialog.getByRole("searchbox", { name: "キーワード" })).toHaveValue("恋");
  await dialog.getByRole("button", { name: "クリア" }).click();
  await expect(dialog.getByRole("searchbox", { name: "キーワード" })).toHaveValue("");
  await dialog.getByRole("button", { name: "検索する" }).click();
  await expect(dialog.getByRole("alert")).toContainText("キーワードを入力するか");
  await dialog.getByLabel("価格の下限（円）").fill("300");
  await dialog.getByLabel("価格の上限（円）").fill("800");
  await dialog.getByRole("group", { name: "完結・連載" }).getByText("連載中").click();
  await dialog.getByRole("button", { name: "検索する" }).click();
  await expect(page).toHaveURL("/search?ft=2&ps=300&pe=800");
});

test("the back-to-top button appears after scrolling and takes the reader up", async ({ page }) => {
  await visit(page, "/");
  const top = page.getByTestId("back-to-top");
  await expect(top).toHaveCount(0);
  await page.mouse.wheel(0, 1200);
  await expect(top).toBeVisible();
  await top.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(top).toHaveCount(0);
});

test("utm values are kept in sessionStorage for the session", async ({ page }) => {
  await visit(page, "/?utm_source=facebook&utm_medium=display&utm_campaign=fall");
  // Opened from the address bar: an ad arrival's popup queue includes popups that open on
  // scrolling, which would cover the footer link on the way down.
  await visit(page, "/agreement");
  const kept = await page.evaluate(() => ({
    src: sessionStorage.getItem("v_qp_src"),
    mdm: sessionStorage.getItem("v_qp_mdm"),
    cpn: sessionStorage.getItem("v_qp_cpn"),
  }));
  expect(kept).toEqual({ src: "facebook", mdm: "display", cpn: "fall" });
});

test("on a phone the home page offers the app banner, which stays closed once closed", async ({
  page,
}, info) => {
  test.skip(!isPhone(info), "the app banner is for Android and iOS");
  await visit(page, "/");
  const banner = page.getByTestId("app-banner");
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "アプリのご案内を閉じる" }).click();
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("app_banner_time_home"))).toMatch(/^\d+$/);
  await page.reload({ waitUntil: "networkidle" });
  await expect(page.getByTestId("app-banner")).toHaveCount(0);
});
