import { readFileSync } from "node:fs";
import { expect, screenshot, seriousViolations, test, visit } from "./fixtures";
import { signInToOps } from "./ops-fixtures";

/**
 * The shop's numbers (issue 24), at 1280 and 375 px: the seeded admin opens the dashboard from
 * the ops home, sees the charts and tables of the seeded orders, widens the range to 90 days,
 * and downloads the sales CSV, whose rows are the table's rows.
 */
const ADMIN = { email: "staff@komaya.example", password: "komaya-staff-2026" };

const CHARTS = [
  "sales",
  "basket",
  "members",
  "payments",
  "pageviews",
  "funnel",
  "popups",
  "redemptions",
];

/** A cell as the table shows it ("12,345円", "1,234", "—") made into the CSV's text. */
const asCsv = (text: string) => (text === "—" ? "" : text.replace(/[,円%]/g, ""));

test("an admin reads the dashboard, changes its range and downloads a CSV that matches the table", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInToOps(page, ADMIN);
  await visit(page, "/ops");
  await page
    .getByRole("region", { name: "作業メニュー" })
    .getByRole("link", { name: "ダッシュボード" })
    .click();
  await expect(page).toHaveURL(/\/ops\/dashboard$/);
  await expect(page.getByRole("heading", { name: "ダッシュボード", level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole("navigation", { name: "運営メニュー" })
      .getByRole("link", { name: "ダッシュボード" }),
  ).toHaveClass(/active/);

  // The last 30 days: a chart drawn for every figure that has one, each beside its table.
  const salesTable = page.getByTestId("table-sales");
  await expect(salesTable.locator("tbody tr")).toHaveCount(30);
  for (const key of CHARTS)
    await expect(page.getByTestId(`chart-${key}`).locator("canvas")).toBeVisible();
  // The seeded crowd bought in these days: the totals and the table say so.
  const total = page.getByRole("definition").first();
  await expect(total).not.toHaveText("0円");
  // … and browsed (the seed's past traffic, summarised): page views and the funnel are not zeros.
  const totals = page.getByRole("definition");
  await expect(totals.nth(6)).not.toHaveText("0");
  await expect(totals.nth(7)).not.toHaveText("0");
  await expect(
    page.getByTestId("table-funnel").locator("tbody tr td:nth-child(2)", { hasNotText: /^0$/ }),
  ).not.toHaveCount(0);
  await expect(page.getByText("ポイント払い").first()).toBeAttached();
  expect(await seriousViolations(page, "main")).toEqual([]);
  await screenshot(page, "ops-dashboard");

  // 90 days through the form (a plain GET, so the range is in the address).
  const to = await page.getByLabel("終了日").inputValue();
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("開始日").fill(from);
  await page.getByRole("button", { name: "表示する" }).click();
  await expect(page).toHaveURL(`/ops/dashboard?from=${from}&to=${to}`);
  await expect(salesTable.locator("tbody tr")).toHaveCount(90);
  await expect(salesTable.locator("tbody tr").first().locator("th")).toHaveText(from);
  await expect(page.getByTestId("chart-sales").locator("canvas")).toBeVisible();

  // The CSV of the table on screen: a BOM, the table's headers, and the same rows.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("csv-sales").click(),
  ]);
  expect(download.suggestedFilename()).toBe(`komaya-sales-${from}_${to}.csv`);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
  expect(lines[0]).toBe("日付,売上（税込）（円）,注文数,返金額（円）,純売上（円）");
  const shown = await salesTable
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent ?? "")),
    );
  expect(lines.slice(1)).toEqual(shown.map((cells) => cells.map(asCsv).join(",")));
  expect(lines.slice(1).some((line) => !line.endsWith(",0"))).toBe(true);
  await screenshot(page, "ops-dashboard-90-days");
});
