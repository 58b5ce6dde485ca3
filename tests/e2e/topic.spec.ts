import type { Page } from "@playwright/test";
import { XSS_CORPUS } from "../../server/modules/topic/xss-corpus";
import {
  closeStampDialog,
  DEMO_MEMBER,
  DEMO_STAFF,
  expect,
  hydrated,
  keepPicture,
  login,
  screenshot,
  test,
  visit,
} from "./fixtures";

const FAIR = "/topic/manga-fair";

async function scrollThrough(page: Page) {
  for (let y = 0; y < 12; y++) {
    await page.mouse.wheel(0, 700);
    await page.waitForTimeout(120);
  }
  await page.waitForLoadState("networkidle");
}

test("a visitor sees the fair page's visitor blocks, one accordion panel at a time, the ranking and a home section", async ({
  page,
}) => {
  await visit(page, FAIR);
  const content = page.locator(".tp");
  await expect(page).toHaveTitle(/マンガ祭り \| コマヤ/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /\/topic\/manga-fair$/,
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /マンガ祭り/);
  // Visitor-only text is there; the member-only entry row never reached the page.
  await expect(content.getByText("エントリーには")).toBeVisible();
  await expect(content.getByRole("link", { name: "ログイン", exact: true })).toHaveAttribute(
    "href",
    "/login",
  );
  await expect(page.getByRole("heading", { name: "エントリーでポイントGET" })).toHaveCount(0);
  expect(await page.content()).not.toContain("loginOnly");

  // The accordion opens one panel at a time.
  const sale = page.getByRole("button", { name: "セールはいつまでですか？" });
  const entry = page.getByRole("button", { name: "エントリーは必要ですか？" });
  await sale.click();
  await expect(sale).toHaveAttribute("aria-expanded", "true");
  await expect(content.getByText(/月\d+日までの開催です/)).toBeVisible();
  await entry.click();
  await expect(entry).toHaveAttribute("aria-expanded", "true");
  await expect(sale).toHaveAttribute("aria-expanded", "false");
  await expect(content.getByText(/までの開催です/)).toHaveCount(0);
  await entry.scrollIntoViewIfNeeded();
  await keepPicture(page, `/tmp/topic-accordion-${page.viewportSize()?.width}.png`);

  // YouTube loads nothing until asked.
  await expect(page.locator('iframe[src*="youtube"]')).toHaveCount(0);
  await page.getByRole("button", { name: /告知ムービー/ }).click();
  await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]')).toHaveCount(
    1,
  );

  await scrollThrough(page);
  const ranking = page.getByRole("region", { name: "毎日更新！人気ランキング" });
  await expect(ranking.locator(".ranking-row").first()).toBeVisible();
  await expect(ranking.getByRole("link", { name: "もっと見る" })).toHaveAttribute(
    "href",
    /^\/ranking\?tp=1&genre=1/,
  );
  await expect(
    page.getByRole("region", { name: "無料ランキング" }).getByRole("link", { name: "もっと見る" }),
  ).toHaveAttribute("href", /^\/free_ranking\?/);
  // The home section of the fair page draws its cards.
  await expect(
    content.locator("[data-type=homeContent] a[href*='/series/']").first(),
  ).toBeVisible();
  await expect(page.locator(".tp-pr")).toHaveText("PR");
  await expect(page.getByText("外部サイトへ移動します")).toBeVisible();
  await ranking.scrollIntoViewIfNeeded();
  await keepPicture(page, `/tmp/topic-ranking-${page.viewportSize()?.width}.png`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepPicture(page, `/tmp/topic-top-${page.viewportSize()?.width}.png`);
  await screenshot(page, "topic-fair-visitor");
});

test("the demo member sees member blocks instead and enters the fair's entry once", async ({
  page,
}) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await visit(page, FAIR);
  await closeStampDialog(page);
  await expect(page.getByRole("heading", { name: "エントリーでポイントGET" })).toBeVisible();
  await expect(page.locator(".tp").getByText("エントリーには")).toHaveCount(0);
  const button = page.locator(".tp-entry__button");
  await expect(button).toHaveCount(1);
  // The other screen size may already have entered on this database.
  if ((await button.textContent()) === "エントリーする") {
    await expect(button).toBeEnabled();
    await button.click();
    const dialog = page.locator("dialog.confirm-dialog[open]");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "はい" }).click();
  }
  await expect(button).toHaveText("エントリー済み");
  await expect(button).toBeDisabled();
  await page.reload();
  await hydrated(page);
  await expect(page.locator(".tp-entry__button")).toHaveText("エントリー済み");
  await screenshot(page, "topic-fair-member");

  // /entry lists the campaigns with the same button; the newsletter one starts ticked.
  await visit(page, "/entry");
  await expect(page.getByRole("heading", { name: "エントリー", level: 1 })).toBeVisible();
  const newsletterItem = page.locator(".entry-list__item", { hasText: "メルマガ登録者限定" });
  const box = newsletterItem.getByRole("checkbox");
  if ((await box.count()) > 0) {
    await expect(box).toBeChecked();
    await box.uncheck();
    await expect(newsletterItem.locator(".tp-entry__button")).toBeDisabled();
    await box.check();
    await expect(newsletterItem.locator(".tp-entry__button")).toBeEnabled();
  }
  await screenshot(page, "topic-entry-list");
});

test("no markup in any block runs script", async ({ page }, testInfo) => {
  // One browser run is enough, and the two screen sizes would edit the same page at once.
  test.skip(testInfo.project.name !== "pc", "runs once");
  const bad = "javascript:window.__xss=1";
  const html = XSS_CORPUS.join("");
  const content = JSON.stringify([
    {
      columns: [
        {
          blocks: [
            { type: "header", text: html, level: 1 },
            { type: "text", html },
            { type: "toggleTitle", text: "XSS" },
            { type: "toggle", html },
            { type: "image", src: bad, alt: "i", href: bad },
            { type: "imgList", items: [{ src: bad, alt: "l", href: bad }] },
            { type: "leadlinkImg", src: bad, alt: "p", href: bad },
            { type: "button", text: "b", href: bad },
            { type: "shortBtn", text: "s", href: bad },
            { type: "box", blocks: [{ type: "text", html }] },
          ],
        },
      ],
    },
  ]);
  await login(page, DEMO_STAFF.email, DEMO_STAFF.password);
  const ct = async () => (await page.context().cookies()).find((c) => c.name === "ct")?.value ?? "";
  const original = (await (await page.request.get("/api/topic_page/label-feature")).json()).page
    .content as string;
  try {
    const saved = await page.request.post("/api/topic_page/label-feature", {
      data: { content },
      headers: { "X-CSRFToken": await ct() },
    });
    expect(saved.status()).toBe(200);
    await visit(page, "/topic/label-feature");
    await page.getByRole("button", { name: "XSS" }).click();
    await page.waitForTimeout(300);
    const found = await page.evaluate(() => ({
      ran: (window as unknown as { __xss?: number }).__xss ?? 0,
      dangerous: document.querySelectorAll(
        ".tp script, .tp svg, .tp iframe, .tp style, .tp form, .tp math, .tp img[onerror], .tp-text [style], .tp-toggle__body [style]",
      ).length,
      handlers: [...document.querySelectorAll(".tp *")].filter((e) =>
        [...e.attributes].some((a) => a.name.startsWith("on")),
      ).length,
      badLinks: [...document.querySelectorAll(".tp a[href], .tp img[src]")].filter((e) =>
        /^\s*(javascript|data):/i.test(e.getAttribute("href") ?? e.getAttribute("src") ?? ""),
      ).length,
    }));
    expect(found).toEqual({ ran: 0, dangerous: 0, handlers: 0, badLinks: 0 });
    // The header's text is shown as text, not markup.
    await expect(page.locator(".tp h2").first()).toContainText("<script>");
  } finally {
    const restored = await page.request.post("/api/topic_page/label-feature", {
      data: { content: original },
      headers: { "X-CSRFToken": await ct() },
    });
    expect(restored.status()).toBe(200);
  }
});

test("an unknown topic page and /page without a slug", async ({ page }) => {
  const missing = await page.goto("/topic/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("This page could not be found")).toBeVisible();
  await visit(page, "/page");
  await expect(page.getByRole("heading", { name: "コマヤについて", level: 2 })).toBeVisible();
});
