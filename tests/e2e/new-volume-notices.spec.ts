import type { APIRequestContext, Page } from "@playwright/test";
import { tokyoDateTimeInput } from "../../contract/tokyo-time";
import { closeStampDialog, expect, screenshot, test, uniqueEmail, visit } from "./fixtures";
import { signInToOps } from "./ops-fixtures";

const ADMIN = { email: "staff@komaya.example", password: "komaya-staff-2026" };

/** A call from a signed-in context: the ct cookie copied into X-CSRFToken, as the pages do. */
async function call<T>(api: APIRequestContext, url: string, data: unknown): Promise<T> {
  const { cookies } = await api.storageState();
  const ct = cookies.find((c) => c.name === "ct")?.value ?? "";
  const answer = await api.post(url, { data, headers: { "x-csrftoken": ct } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

/** The first series the ranking lists, as a member would find one to follow. */
async function aSeries(page: Page): Promise<string> {
  await visit(page, "/ranking");
  const href = await page.locator(".ranking-row a[href^='/series/']").first().getAttribute("href");
  return href!.split("?")[0]!;
}

/**
 * 新刊のお知らせ (issue 25 item 10, decision 0114): a member turns 通知 on for a series; the
 * back office publishes a new volume of it; the job hears the change, and the member's header
 * shows one unread notice without anything else, the list names the volume, and opening it
 * clears the count at once.
 */
test("a followed series' new volume is announced in the header and the notices list", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // A new member, signed up through the page (a cold store may take a while to answer).
  await visit(page, "/signup");
  await page.getByLabel("メールアドレス").fill(uniqueEmail("notice"));
  await page.getByLabel(/パスワード/).fill("notice-pass-2026");
  await page.getByLabel(/利用規約/).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page.getByTestId("header-member")).toBeVisible({ timeout: 30_000 });
  const seriesPath = await aSeries(page);
  const seriesId = Number(seriesPath.split("/").pop());
  await visit(page, seriesPath);
  const toggle = page.locator(".series-summary__actions").getByRole("button", { name: /通知/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("notice-badge")).toHaveCount(0);

  // The back office adds a volume released a minute ago and publishes it.
  const staff = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const ops = await staff.newPage();
  await signInToOps(ops, ADMIN);
  const volume = 5000 + Math.floor(Math.random() * 4000);
  const title = `新刊通知テスト ${volume}巻 ${testInfo.project.name}`;
  const created = await call<{ volume: { book_id: number } }>(
    ops.request,
    "/api/ops/catalog/volumes",
    {
      series_id: seriesId,
      volume,
      title,
      page_count: 12,
      trial_page_count: 2,
      onsale_flag: true,
      price_inc: 550,
      item_start_date: tokyoDateTimeInput(Date.now() - 60_000),
    },
  );
  const bookId = created.volume.book_id;
  await call(ops.request, `/api/ops/catalog/volumes/${bookId}/publish`, {});
  await staff.close();

  // The job runs on the change: the badge shows 1 on the member's next page.
  await expect
    .poll(
      async () => {
        await visit(page, "/ranking");
        return page
          .getByTestId("notice-badge")
          .textContent({ timeout: 1000 })
          .catch(() => null);
      },
      { timeout: 60_000, intervals: [1000, 2000, 3000] },
    )
    .toBe("1");
  await closeStampDialog(page);
  await screenshot(page, "notices-badge");

  await page.getByRole("link", { name: "お知らせ（未読1件）" }).click();
  await expect(page.getByRole("heading", { name: "新刊のお知らせ" })).toBeVisible();
  const item = page.getByTestId("notice-list").getByRole("link", { name: new RegExp(title) });
  await expect(item).toBeVisible();
  await expect(item.getByTestId("notice-unread")).toBeVisible();
  await screenshot(page, "notices-list");

  // Opening it reads it: the volume's page, and the badge gone without a reload.
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/series/${seriesId}/book/${bookId}`));
  await expect(page.getByTestId("notice-badge")).toHaveCount(0);
  await visit(page, "/notices");
  await expect(page.getByTestId("notice-list").getByTestId("notice-unread")).toHaveCount(0);
  await expect(page.getByTestId("notice-badge")).toHaveCount(0);

  // The settings: mail opt-in is off until turned on, and stays on.
  await visit(page, "/account");
  const mail = page.getByRole("checkbox", { name: "メールでも受け取る" });
  await expect(mail).not.toBeChecked();
  await mail.check();
  await expect(page.getByRole("status")).toContainText("メールでお送りします");
  await screenshot(page, "notices-settings");
  await visit(page, "/account");
  await expect(page.getByRole("checkbox", { name: "メールでも受け取る" })).toBeChecked();
});
