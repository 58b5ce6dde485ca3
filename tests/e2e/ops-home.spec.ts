import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import type { HomeEditorAnswer, HomeSectionDraft } from "../../contract/ops-home";
import { expect, hydrated, screenshot, seriousViolations, test, visit } from "./fixtures";
import { signInToOps } from "./ops-fixtures";

/**
 * The home-layout editor (issue 24), at 1280 and 375 px: the seeded editor opens 総合, moves
 * its second section to the top with the keyboard (dnd-kit's sensor on the drag handle), adds a
 * monthly ranking section under it, previews the draft in the phone and PC frames of the store's
 * own /home, publishes, and a visitor in another browser context sees the new order and the
 * ranking on /home within seconds. Other specs read the seeded 総合 home, so the original
 * layout is published again at the end, whatever happened.
 */
const EDITOR = { email: "editor@komaya.example", password: "komaya-editor-2026" };

async function api(
  context: BrowserContext,
  request: APIRequestContext,
  path: string,
  body?: unknown,
) {
  const csrf = (await context.cookies()).find((c) => c.name === "ct")?.value ?? "";
  const response = await request.post(path, {
    data: body ?? {},
    headers: { "x-csrftoken": csrf },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** The layout ids the visitor's /home shows, in order. */
const shownIds = (page: Page) =>
  page
    .locator("section[data-layout-id]")
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-layout-id"))));

test("an editor reorders 総合, adds a ranking section, previews, publishes, and a visitor sees it", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = testInfo.project.name;
  const title = `編集部の月間ランキング（${tag}）`;

  await signInToOps(page, EDITOR);
  const original = (
    await page.request
      .get("/api/ops/home/1")
      .then((r) => r.json() as Promise<{ editor: HomeEditorAnswer }>)
  ).editor;
  const live: HomeSectionDraft[] = original.live;
  // A draft left by an earlier run that failed halfway starts this one over from the live home.
  if (original.draft) await api(page.context(), page.request, "/api/ops/home/1/draft/discard");
  const [first, second] = live;
  const name = (s: HomeSectionDraft) => s.title || "（タイトルなし）";

  try {
    await page
      .getByRole("navigation", { name: "運営メニュー" })
      .getByRole("link", { name: "トップページ編集" })
      .click();
    await expect(page.getByRole("heading", { name: "トップページ編集", level: 1 })).toBeVisible();
    await screenshot(page, "ops-home-tabs");
    await page
      .getByRole("navigation", { name: "ジャンル" })
      .getByRole("link", { name: "総合" })
      .click();
    await expect(
      page.getByRole("heading", { name: "トップページ編集：総合", level: 1 }),
    ).toBeVisible();
    await hydrated(page);

    const rows = page.getByTestId("home-section-row");
    await expect(rows).toHaveCount(live.length);
    await expect(rows.nth(0)).toContainText(name(first!));
    await expect(rows.nth(1)).toContainText(name(second!));

    // The keyboard drag: space lifts the second section's handle, ↑ moves it, space drops it.
    const handle = rows.nth(1).getByRole("button", { name: /をドラッグして並べ替え/ });
    await handle.focus();
    // dnd-kit measures the rows once a drag starts: each key waits for the last to be taken.
    await page.keyboard.press("Space");
    await expect(rows.nth(1)).toHaveClass(/home-row--dragging/);
    await page.waitForTimeout(300);
    await page.keyboard.press("ArrowUp");
    await page.waitForTimeout(300);
    await page.keyboard.press("Space");
    await expect(rows.nth(0)).toContainText(name(second!));
    await expect(rows.nth(1)).toContainText(name(first!));
    await expect(page.getByText("保存していない変更があります")).toBeVisible();

    // A ranking section goes under the (now) first one.
    await rows.nth(0).locator(".home-row__main").click();
    await page.getByLabel(/追加するセクションの種類/).selectOption("4");
    await page.getByRole("button", { name: "セクションを追加" }).click();
    const form = page.getByRole("group", { name: "2番目のセクションを編集" });
    await expect(form).toBeVisible();
    await form.getByLabel("タイトル").fill(title);
    await form.getByLabel("ランキングの期間").selectOption({ label: "月間" });
    await expect(rows.nth(1)).toContainText(title);
    await expect(rows.nth(1)).toContainText("月間ランキング");
    await expect(rows).toHaveCount(live.length + 1);
    expect(await seriousViolations(page, ".ops-main")).toEqual([]);
    await screenshot(page, "ops-home-editor");

    // The preview: the store's /home drawn from the draft, in a phone and a PC frame.
    await page.getByRole("button", { name: "プレビュー（非会員）" }).click();
    const phone = page.getByTestId("home-preview-375");
    const pc = page.getByTestId("home-preview-1280");
    await expect(phone).toBeVisible();
    await expect(pc).toBeVisible();
    for (const frame of ["home-preview-375", "home-preview-1280"]) {
      const inside = page.frameLocator(`[data-testid='${frame}']`);
      await expect(inside.locator(`section[aria-label='${title}']`)).toBeVisible({
        timeout: 30_000,
      });
    }
    await page.getByRole("button", { name: "プレビュー（会員）" }).click();
    await expect(page.getByRole("heading", { name: /プレビュー：会員の見え方/ })).toBeVisible();
    await expect(
      page
        .frameLocator("[data-testid='home-preview-1280']")
        .locator(`section[aria-label='${title}']`),
    ).toBeVisible({ timeout: 30_000 });
    await screenshot(page, "ops-home-preview");

    // A visitor's /home still shows the seeded order while the draft waits.
    const visitorContext = await browser.newContext({
      viewport: page.viewportSize() ?? undefined,
      extraHTTPHeaders: { "x-forwarded-for": `10.204.${tag === "pc" ? 1 : 2}.1` },
    });
    const visitor = await visitorContext.newPage();
    await visit(visitor, "/home");
    await expect(visitor.locator(`section[aria-label='${title}']`)).toHaveCount(0);
    // The preview's own address, token and all, is the live home to anyone but its editor.
    const previewUrl = await page.getByTestId("home-preview-1280").getAttribute("src");
    expect(previewUrl).toContain("preview=");
    await visit(visitor, previewUrl!);
    await expect(visitor.locator("section[data-layout-id]").first()).toBeVisible();
    await expect(visitor.locator(`section[aria-label='${title}']`)).toHaveCount(0);

    await page.getByRole("button", { name: "公開する" }).click();
    await expect(page.locator(".ops-notice")).toContainText("公開しました");
    await expect(page.getByText("保存していない変更があります")).toHaveCount(0);

    // Every instance serves it within 5 s (the change bus); a fresh visit shows it.
    const published = (
      await page.request
        .get("/api/ops/home/1")
        .then((r) => r.json() as Promise<{ editor: HomeEditorAnswer }>)
    ).editor.live;
    const rankingId = published[1]!.layout_id!;
    expect(published.slice(0, 3).map((s) => s.layout_id)).toEqual([
      second!.layout_id,
      rankingId,
      first!.layout_id,
    ]);
    await expect
      .poll(
        async () => {
          await visit(visitor, "/home");
          const ids = await shownIds(visitor);
          return [second!.layout_id, rankingId, first!.layout_id].map((id) => ids.indexOf(id!));
        },
        { timeout: 10_000, intervals: [500, 1000] },
      )
      .toEqual([0, 1, 2]);
    const ranking = visitor.locator(`section[aria-label='${title}']`);
    await expect(ranking).toBeVisible();
    await expect(ranking).toHaveClass(/home-section--t4/);
    await expect(ranking.locator("a[href^='/series/']").first()).toBeVisible();
    await screenshot(visitor, "ops-home-visitor-home");
    await visitorContext.close();
  } finally {
    // The seeded 総合 home again, for the specs that read it.
    await api(page.context(), page.request, "/api/ops/home/1/draft", { sections: live });
    await api(page.context(), page.request, "/api/ops/home/1/publish");
  }
});
