import type { APIRequestContext, Page } from "@playwright/test";
import { tokyoDateTimeInput } from "../../contract/tokyo-time";
import { CARD_SUCCEEDS, DEMO_MEMBER, expect, keepPicture, login, test, visit } from "./fixtures";
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

async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await keepPicture(page, `/tmp/shots/preorders/${name}-${width}.png`, true);
}

/** The n-th series the ranking lists: each width takes its own, so the two never share one. */
async function aSeries(page: Page, n: number): Promise<number> {
  await visit(page, "/ranking");
  const href = await page.locator(".ranking-row a[href^='/series/']").nth(n).getAttribute("href");
  return Number(href!.split("?")[0]!.split("/").pop());
}

function volumeFields(volume: number, title: string, releaseAt: number) {
  return {
    volume,
    title,
    page_count: 12,
    trial_page_count: 2,
    onsale_flag: true,
    price_inc: 660,
    item_start_date: tokyoDateTimeInput(releaseAt),
  };
}

/**
 * 予約購入 and 新刊自動購入 (decision 0116) at both widths: the demo member saves a card on the
 * account page, reserves a volume the back office announced (配信予定), turns 新刊自動購入 on for
 * its series; the back office moves the 配信日 to now and adds a new volume; the job, woken by
 * the catalog change, pays the reservation and buys the new volume, and both are on the shelf.
 */
test("a reserved volume is paid on its release and a new volume is bought automatically", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = testInfo.project.name === "phone";
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const seriesId = await aSeries(page, phone ? 3 : 2);

  // The card, saved through the account page's form.
  await visit(page, "/account");
  await page.getByRole("button", { name: "カードを登録する" }).click();
  const form = page.getByRole("form", { name: "カード情報" });
  await form.getByLabel(/カード番号/).fill(CARD_SUCCEEDS);
  await form.getByLabel(/有効期限/).fill("1234");
  await form.getByLabel("セキュリティコード").fill("123");
  await form.getByLabel(/名義/).fill("HANAKO KOMAYA");
  await form.getByRole("button", { name: "カードを登録する" }).click();
  await expect(page.getByText("Visa •••• 4242 を登録しました")).toBeVisible({ timeout: 30_000 });
  const cards = await page.request.get("/api/payment_cards");
  const cardId = ((await cards.json()) as { cards: Array<{ card_id: number }> }).cards.at(
    -1,
  )!.card_id;

  // The back office announces a volume three days ahead.
  const staff = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const ops = await staff.newPage();
  await signInToOps(ops, ADMIN);
  const number = 6000 + Math.floor(Math.random() * 3000);
  const reservedTitle = `予約テスト ${number}巻 ${testInfo.project.name}`;
  const reservedFields = volumeFields(number, reservedTitle, Date.now() + 3 * 86_400_000);
  const created = await call<{ volume: { book_id: number } }>(
    ops.request,
    "/api/ops/catalog/volumes",
    { series_id: seriesId, ...reservedFields },
  );
  const reservedId = created.volume.book_id;
  await call(ops.request, `/api/ops/catalog/volumes/${reservedId}/publish`, {});

  // 予約する on the volume's page.
  await visit(page, `/series/${seriesId}/book/${reservedId}`);
  const box = page.getByTestId("preorder-box");
  await expect(box).toContainText("配信日");
  await expect(box).toContainText("660円");
  await shot(page, "volume-reserve");
  await box.getByRole("button", { name: "予約する" }).click();
  await expect(box.getByText("予約中")).toBeVisible();
  await expect(box.getByRole("button", { name: "予約をキャンセル" })).toBeVisible();
  await shot(page, "volume-reserved");

  // 新刊自動購入 on the series page.
  await visit(page, `/series/${seriesId}`);
  const seriesName = ((await page.locator("#series-title").textContent()) ?? "").trim();
  const auto = page.getByRole("button", { name: "新刊自動購入" });
  await expect(auto).toBeEnabled();
  if ((await auto.getAttribute("aria-pressed")) !== "true") await auto.click();
  await expect(auto).toHaveAttribute("aria-pressed", "true");
  await shot(page, "series-auto-purchase");

  // The account page lists both.
  await visit(page, "/account");
  const reserved = page.getByRole("list", { name: "予約した作品" });
  await expect(reserved.getByText(reservedTitle)).toBeVisible();
  await expect(page.getByRole("list", { name: "新刊自動購入の作品" })).toBeVisible();
  await page.getByRole("heading", { name: "予約購入" }).scrollIntoViewIfNeeded();
  await shot(page, "account-standing-orders");

  // Release day comes: the 配信日 moves to now; a new volume of the series comes out too.
  await call(
    ops.request,
    `/api/ops/catalog/volumes/${reservedId}`,
    volumeFields(number, reservedTitle, Date.now() - 60_000),
  );
  const newTitle = `自動購入テスト ${number + 1}巻 ${testInfo.project.name}`;
  const fresh = await call<{ volume: { book_id: number } }>(
    ops.request,
    "/api/ops/catalog/volumes",
    { series_id: seriesId, ...volumeFields(number + 1, newTitle, Date.now() - 60_000) },
  );
  const freshId = fresh.volume.book_id;
  await call(ops.request, `/api/ops/catalog/volumes/${freshId}/publish`, {});
  await staff.close();

  // The job hears the changes: the reservation is paid and the new volume bought.
  await expect
    .poll(
      async () => {
        const answer = await page.request.get("/api/preorders");
        const { preorders } = (await answer.json()) as {
          preorders: Array<{ book_id: number; status: string }>;
        };
        return preorders.find((p) => p.book_id === reservedId)?.status;
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toBe("paid");
  await expect
    .poll(
      async () => {
        const answer = await page.request.get("/api/auto_purchase");
        const { recent } = (await answer.json()) as {
          recent: Array<{ book_id: number; status: string }>;
        };
        return recent.find((r) => r.book_id === freshId)?.status;
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toBe("paid");

  // Both volumes are the member's: their pages say 購入済み and read in full.
  for (const bookId of [reservedId, freshId]) {
    await visit(page, `/series/${seriesId}/book/${bookId}`);
    await expect(page.locator(".volume-page").getByText("購入済み").first()).toBeVisible();
  }
  // The bookshelf, newest purchase first, starts with their series.
  await visit(page, "/bookshelf");
  const first = page.getByTestId("shelf-series").getByRole("listitem").first();
  await expect(first).toContainText(seriesName);
  await shot(page, "bookshelf");
  await visit(page, "/account");
  await expect(reserved.getByText("購入済み").first()).toBeVisible();
  await expect(
    page.getByRole("list", { name: "最近の自動購入" }).getByText(newTitle),
  ).toBeVisible();
  await page.getByRole("heading", { name: "予約購入" }).scrollIntoViewIfNeeded();
  await shot(page, "account-after-release");

  // The member's settings are put back: automatic purchase off, the card removed.
  await call(page.request, "/api/auto_purchase/series", { series_id: seriesId, enabled: false });
  await call(page.request, "/api/payment_cards/remove", { card_id: cardId });
});
