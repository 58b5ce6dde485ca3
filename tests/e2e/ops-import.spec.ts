import { randomBytes } from "node:crypto";
import { CSV_COLUMNS, type CsvColumn, csvCell } from "../../contract/catalog-import";
import { tokyoIsoDate } from "../../contract/tokyo-time";
import { expect, screenshot, test, visit } from "./fixtures";
import { signInToOps } from "./ops-fixtures";

/**
 * Issue 23's bulk import (decision 0093): the seeded editor signs in, uploads a CSV of a new
 * series with two volumes, reads the dry run's table, imports it, and a visitor finds the series
 * in the store's search with its price. At 1280 and 375 px.
 */
const EDITOR = { email: "editor@komaya.example", password: "komaya-editor-2026" };

function deliveryCsv(title: string): string {
  const released = tokyoIsoDate(new Date(Date.now() - 2 * 86_400_000));
  const line = (volume: number): Partial<Record<CsvColumn, string>> => ({
    series_title: title,
    series_title_kana: "カゼマチノトウ",
    publisher: "桜風社",
    authors: "著者:風待ちとう/カゼマチトウ",
    genres: "少女・女性",
    tags: "一括登録",
    series_description: "風の届く町の、小さな塔の物語。",
    volume: String(volume),
    volume_title: `${title}（${volume}）`,
    price_inc: "715",
    release_date: released,
    page_count: "120",
    trial_pages: "10",
  });
  const columns = Object.keys(CSV_COLUMNS) as CsvColumn[];
  return [
    columns.join(","),
    ...[1, 2].map((v) => columns.map((c) => csvCell(line(v)[c] ?? "")).join(",")),
  ].join("\n");
}

test("an editor imports a CSV after its dry run, and a visitor finds the series", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `風待ちの塔${randomBytes(3).toString("hex").toUpperCase()}`;
  await signInToOps(page, EDITOR);

  await visit(page, "/ops/catalog");
  await page
    .getByRole("navigation", { name: "作品管理メニュー" })
    .getByRole("link", { name: "一括登録" })
    .click();
  await expect(
    page.getByRole("heading", { name: "一括登録（CSV / ONIX）", level: 1 }),
  ).toBeVisible();
  await expect(page.locator(".catalog-import__header")).toContainText("series_title,");
  const importButton = page.getByRole("button", { name: "取り込む" });
  await expect(importButton).toBeDisabled();

  await page.getByLabel(/^ファイル/).setInputFiles({
    name: "delivery.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(deliveryCsv(title)),
  });
  await page.getByLabel("形式").selectOption("csv");
  await page.getByRole("button", { name: "確認（ドライラン）" }).click();
  const actions = page.locator(".catalog-import__actions");
  await expect(
    page.getByRole("heading", { name: "確認の結果（まだ登録していません）" }),
  ).toBeVisible();
  await expect(actions.locator('tr[data-kind="series_create"]')).toContainText(title);
  await expect(actions.locator('tr[data-kind="volume_create"]')).toHaveCount(2);
  await expect(actions.locator('tr[data-kind="volume_create"]').first()).toContainText("715円");
  await screenshot(page, "ops-import-dry-run");

  await expect(importButton).toBeEnabled();
  await importButton.click();
  await expect(page.getByRole("heading", { name: "取り込みました" })).toBeVisible();
  await expect(importButton).toBeDisabled();
  await screenshot(page, "ops-import-done");

  // A visitor in another browser finds it in search, with its price on its page.
  const visitor = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const guest = await visitor.newPage();
  await expect
    .poll(
      async () => {
        await visit(guest, `/search?wd=${encodeURIComponent(title)}`);
        return guest.locator(".result-grid article").count();
      },
      { timeout: 30_000, intervals: [1000, 2000, 3000] },
    )
    .toBeGreaterThan(0);
  await expect(guest.locator(".result-grid article").first()).toContainText(title);
  await guest.locator(".result-grid article a").first().click();
  await expect(guest.locator(".volume-list")).toContainText("715");
  await screenshot(guest, "ops-import-visitor-series");
  await visitor.close();

  // Each row written is in the audit log.
  await visit(page, "/ops/audit?entity=series");
  await expect(page.locator("tbody tr").first()).toContainText("追加");
});
