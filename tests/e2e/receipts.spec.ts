import {
  DEMO_MEMBER,
  expect,
  hydrated,
  login,
  screenshot,
  seriousViolations,
  test,
  visit,
} from "./fixtures";

/**
 * The 領収書 of a paid order (decision 0108) at 1280 px and 375 px: reached from the order
 * history, the 宛名 named once, the receipt's figures adding up with the seller's registration
 * number on it, and a second view marked 再発行. The pc and phone projects share one store, so
 * each takes its own order of the demo member's and copes with one issued by an earlier run.
 */

const yenOf = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

test("a paid order's receipt adds up, shows the registration number and marks later views 再発行", async ({
  page,
}, testInfo) => {
  // Login, issue, a PDF and a reload: long on a busy machine.
  test.setTimeout(240_000);
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await visit(page, "/order_history");
  const links = page.getByRole("link", { name: "領収書（適格請求書）を表示" });
  await expect(links.first()).toBeVisible();
  const pick = testInfo.project.name === "phone" ? 1 : 0;
  const link = links.nth(Math.min(pick, (await links.count()) - 1));
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^\/receipt\?order=\d+$/);
  await link.click();
  await expect(page).toHaveURL(href);
  await hydrated(page);

  const form = page.getByRole("form", { name: "領収書の宛名" });
  const receipt = page.getByRole("article", { name: "領収書" });
  // The page shows one or the other once its answer has come: wait for it before choosing.
  await expect(form.or(receipt)).toBeVisible();
  const wasNew = await form.isVisible();
  if (wasNew) {
    // A bad 宛名 is refused and nothing is issued.
    await form.getByLabel(/宛名/).fill("   ");
    await form.getByRole("button", { name: "この宛名で発行する" }).click();
    await expect(form.getByRole("alert")).toContainText("宛名を入力してください");
    await form.getByLabel(/宛名/).fill("株式会社テスト商事 経理部");
    await form.getByRole("radio", { name: /御中/ }).check();
    await form.getByRole("button", { name: "この宛名で発行する" }).click();
  }

  await expect(receipt).toBeVisible();
  if (wasNew) {
    await expect(receipt.getByText("株式会社テスト商事 経理部 御中")).toBeVisible();
    await expect(receipt.getByTestId("reissued")).toHaveCount(0);
  }
  await expect(receipt.getByTestId("registration-number")).toHaveText(/^T\d{13}$/);
  await expect(receipt.getByText("株式会社コマヤ")).toBeVisible();

  // Every figure adds up: Σ lines − coupon = the 10 % total; its tax is floor(total × 10 / 110);
  // total − points = the amount received.
  const prices = await receipt
    .getByTestId("receipt-line")
    .locator("td[data-price]")
    .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute("data-price"))));
  expect(prices.length).toBeGreaterThan(0);
  const value = async (id: string) => {
    const cell = receipt.getByTestId(id);
    return (await cell.count()) === 0 ? 0 : Number(await cell.getAttribute("data-value"));
  };
  const goods = await value("goods-total");
  const coupon = await value("coupon-discount");
  const total = await value("rate-total");
  const tax = await value("rate-tax");
  const points = await value("used-point");
  const paid = await value("paid");
  expect(goods).toBe(prices.reduce((a, b) => a + b, 0));
  expect(total).toBe(goods - coupon);
  expect(tax).toBe(Math.floor((total * 10) / 110));
  expect(paid).toBe(total - points);
  expect(yenOf(await receipt.getByTestId("receipt-amount").textContent())).toBe(paid);

  await screenshot(page, `receipt-${wasNew ? "first" : "again"}`);
  expect(await seriousViolations(page, ".receipt-doc")).toEqual([]);

  // The PDF link is the copy on screen.
  const pdfHref = await receipt.getByRole("link", { name: "PDFで保存" }).getAttribute("href");
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Printed: the receipt alone, no store header or footer.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".site-header")).toBeHidden();
  await expect(receipt.getByRole("button", { name: "印刷する" })).toBeHidden();
  await page.emulateMedia({ media: "screen" });

  // Viewing it again is a later copy: same 宛名, marked 再発行.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("form", { name: "領収書の宛名" })).toHaveCount(0);
  await expect(page.getByTestId("reissued")).toHaveText("再発行");
  if (wasNew) await expect(page.getByText("株式会社テスト商事 経理部 御中")).toBeVisible();
  await screenshot(page, "receipt-reissued");
});

test("a visitor is sent to log in before seeing a receipt", async ({ page }) => {
  await page.goto("/receipt?order=1");
  await expect(page).toHaveURL(/\/login\?return_to=/);
});
