import type { APIRequestContext, Page } from "@playwright/test";
import type { BookshelfAnswer } from "../../contract/bookshelf";
import type { UserStatus } from "../../contract/status";
import {
  DEMO_MEMBER,
  expect,
  hydrated,
  keepPicture,
  picturesWanted,
  test,
  visit,
} from "./fixtures";

/** Screenshots of each step, per width, to look at. */
async function shot(page: Page, step: string) {
  const width = page.viewportSize()?.width ?? 0;
  await keepPicture(page, `tests/e2e/screenshots/member-life-${step}-${width}.png`);
}

/** The calls a page makes, from a context of its own: the ct cookie copied into X-CSRFToken. */
async function call<T>(api: APIRequestContext, url: string, data: unknown = {}): Promise<T> {
  const { cookies } = await api.storageState();
  const ct = cookies.find((c) => c.name === "ct")?.value ?? "";
  const answer = await api.post(url, { data, headers: { "x-csrftoken": ct } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as T;
}

const shelf = async (api: APIRequestContext, category: 2 | 4) =>
  (await api.get(`/api/bookshelf?category=${category}`).then((r) => r.json())) as BookshelfAnswer;

/**
 * A series off the demo member's shelf with a volume out in the last 14 days: its 通知 alone puts
 * it in the new-release list. The catalogue's release dates are seeded while the clock runs on,
 * so the series is found, not named: each is switched on and back off through the API.
 */
async function seriesWithNewVolumeOffShelf(api: APIRequestContext): Promise<number> {
  const onShelf = new Set((await shelf(api, 2)).books.map((b) => b.series_id));
  for (let series = 1; series <= 300; series++) {
    if (onShelf.has(series)) continue;
    const { notification } = await call<{ notification: boolean }>(
      api,
      "/api/series_notification",
      { series },
    );
    const listed = (await shelf(api, 4)).books.some((b) => b.series_id === series);
    if (notification) await call(api, "/api/series_notification", { series });
    if (notification && listed) return series;
  }
  throw new Error("no series with a new volume off the shelf");
}

test("the demo member's day: stamp, lottery, a review and a series' notifications", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Whether today's stamp was already shown (the other width's run, the same Tokyo day): asked
  // from a context of its own, whose login presses the stamp but shows nothing.
  const api = await playwright.request.newContext({ baseURL });
  await api.get("/login");
  const loggedIn = await call<{ user: UserStatus }>(api, "/api/account/login", DEMO_MEMBER);
  const stampNo = loggedIn.user.current_stamp_no;
  const dialogDue = !loggedIn.user.is_today_stamp;
  expect(stampNo).toBeGreaterThan(0);

  // 1. Logs in; the home page shows the stamp dialog with today's stamp pressed.
  await visit(page, "/login");
  await page.getByLabel("メールアドレス").fill(DEMO_MEMBER.email);
  await page.getByLabel("パスワード").fill(DEMO_MEMBER.password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.getByTestId("header-member")).toBeVisible();
  await hydrated(page);
  if (!page.url().match(/\/(home)?$/)) await visit(page, "/");
  const dialog = page.getByRole("dialog", { name: "今日のログインスタンプ" });
  if (dialogDue) {
    await expect(dialog).toBeVisible();
    const today = dialog.locator(`[data-stamp="${stampNo}"]`);
    await expect(today).toHaveAttribute("data-on", "true");
    await expect(today).toHaveClass(/stamp-cell--pressed/);
    await expect(dialog.locator(`[data-stamp="${stampNo + 1}"]`)).toHaveAttribute(
      "data-on",
      "false",
    );
    if (picturesWanted) await page.waitForTimeout(700); // the stamp lands before the picture
    await shot(page, "1-stamp-dialog");
    await dialog.getByRole("button", { name: "閉じる", exact: true }).last().click();
    await expect(dialog).toBeHidden();
  } else {
    // Shown already today: no dialog again, and the card says today's stamp is got.
    await expect(page.getByTestId("stamp-dialog")).toHaveCount(0);
    await visit(page, "/stamp");
    const card = page.getByTestId("stamp-card");
    await expect(card.locator(`[data-stamp="${stampNo}"]`)).toHaveAttribute("data-on", "true");
    await expect(card.getByText("本日のスタンプはGET済みです！")).toBeVisible();
    await shot(page, "1-stamp-card");
  }

  // 2. Plays the lottery and finds the prize in the present box.
  await visit(page, "/lottery/omikuji");
  const play = page.getByRole("button", { name: "抽選する" });
  // Both widths share one store and one Tokyo day: the first run plays, the second finds it used.
  const playsNow = await play.isEnabled();
  if (playsNow) {
    await play.click();
    const result = page.getByTestId("lottery-result");
    await expect(result).toContainText("プレゼントボックスにお届けしました");
    await shot(page, "2-lottery-result");
  } else {
    await expect(page.getByTestId("lottery-refusal")).toContainText("本日はすでに抽選済みです");
  }
  await page.getByRole("button", { name: "メニュー", exact: true }).click();
  let drawer = page.getByRole("dialog", { name: "メニュー" });
  // The prize of an earlier run's play may have been received by a test in between.
  if (playsNow) {
    const box = drawer.getByTestId("present-box");
    await box.getByRole("button", { name: /プレゼントボックス/ }).click();
    await expect(
      box.getByTestId("present-item").filter({ hasText: "毎日引ける！マンガおみくじ" }).first(),
    ).toBeVisible();
    await shot(page, "2-present-box");
  }
  await drawer.getByRole("button", { name: "メニューを閉じる" }).click();

  // 3. Writes a review that appears on the series page.
  const series = await seriesWithNewVolumeOffShelf(api);
  const title = `今日の一冊 ${page.viewportSize()!.width}-${Date.now().toString(36)}`;
  await visit(page, `/review/series/${series}#write`);
  const form = page.locator("form.review-form");
  await form.getByRole("radio").nth(4).check();
  await form.getByLabel(/ニックネーム/).fill("よみ太郎");
  await form.getByLabel(/タイトル/).fill(title);
  await form.getByLabel(/レビュー本文/).fill("新刊が出たので通知をオンにしました。");
  await form.getByRole("button", { name: /投稿する|更新する/ }).click();
  await expect(form.getByRole("status")).toHaveText(/レビューを(投稿|更新)しました/);
  await visit(page, `/series/${series}`);
  const reviews = page.getByRole("region", { name: "レビュー" });
  await expect(reviews.locator("li.review").filter({ hasText: title })).toHaveCount(1);
  await reviews.scrollIntoViewIfNeeded();
  await shot(page, "3-series-review");

  // 4. Turns the series' notifications on: its new volume reaches the badge, the drawer and the
  // bookshelf's new-release lists.
  const before = (await call<UserStatus>(api, "/api/user")).bookshelf_new_count;
  await page.evaluate(() => window.scrollTo(0, 0));
  const toggle = page.locator(".series-summary__actions").getByRole("button", { name: /通知/ });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  const after = (await call<UserStatus>(api, "/api/user")).bookshelf_new_count;
  expect(after).toBeGreaterThan(before);
  const badge = after > 99 ? "99+" : String(after);
  await expect(page.getByRole("link", { name: `本棚（新着${badge}件）` })).toBeVisible();
  await shot(page, "4-notification-on");

  await page.getByRole("button", { name: "メニュー", exact: true }).click();
  drawer = page.getByRole("dialog", { name: "メニュー" });
  const entry = drawer.getByTestId("drawer-new-books");
  await expect(entry).toContainText("新刊のお知らせ");
  await expect(entry).toContainText(badge);
  await shot(page, "4-drawer-new-books");
  await entry.click();
  await expect(page).toHaveURL(/\/bookshelf\?category=2$/);
  const card = page.locator(`li.shelf-card[data-series-id="${series}"]`);
  await expect(card).toBeVisible();
  await shot(page, "4-bookshelf-new");
  await visit(page, "/bookshelf?category=4");
  await expect(card).toBeVisible();

  // 通知 on the bookshelf card turns it off again: the badge follows, and the list lets it go.
  const cardToggle = card.getByRole("button", { name: /通知/ });
  await expect(cardToggle).toHaveAttribute("aria-pressed", "true");
  await card.scrollIntoViewIfNeeded();
  await shot(page, "4-bookshelf-notices");
  await cardToggle.click();
  await expect(cardToggle).toHaveAttribute("aria-pressed", "false");
  const reset = before > 99 ? "99+" : String(before);
  await expect(
    page.getByRole("link", { name: before > 0 ? `本棚（新着${reset}件）` : "本棚" }),
  ).toBeVisible();
  await visit(page, "/bookshelf?category=4");
  await expect(card).toHaveCount(0);
  await api.dispose();
});
