import type { Page } from "@playwright/test";
import { closeStampDialog, expect, keepPicture, test, uniqueEmail, visit } from "./fixtures";

async function signup(page: Page) {
  await visit(page, "/signup");
  await page.getByLabel("メールアドレス").fill(uniqueEmail("present"));
  await page.getByLabel(/パスワード/).fill("okurimono-123");
  await page.getByLabel(/利用規約/).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page.getByTestId("header-member")).toBeVisible();
  await closeStampDialog(page);
}

const points = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

test("receiving a present moves the header's and the drawer's points at once, without a reload", async ({
  page,
}) => {
  // A new member of each run: the lottery's prize (points) is the present to receive.
  await signup(page);
  await visit(page, "/lottery/omikuji");
  await page.getByRole("button", { name: "抽選する" }).click();
  await expect(page.getByTestId("lottery-result")).toContainText(
    "プレゼントボックスにお届けしました",
  );

  await page.getByRole("button", { name: "メニュー", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "メニュー" });
  const drawerPoints = drawer.getByRole("link", { name: /\d+pt/ });
  const headerPoints = page.getByTestId("header-member").locator(".strip-member__point");
  const before = points(await drawerPoints.textContent());
  expect(points(await headerPoints.textContent())).toBe(before);

  const box = drawer.getByTestId("present-box");
  await box.getByRole("button", { name: /プレゼントボックス/ }).click();
  const prize = box.getByTestId("present-item").filter({ hasText: "毎日引ける！マンガおみくじ" });
  const prizePoints = points(
    ((await prize.locator("small").textContent()) ?? "").split("ポイント")[0]!,
  );
  expect(prizePoints).toBeGreaterThan(0);
  let reloaded = false;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  await prize.getByRole("button", { name: "受け取る" }).click();
  await expect(box.getByRole("status")).toHaveText("プレゼントを受け取りました");

  const after = `${(before + prizePoints).toLocaleString("ja-JP")}pt`;
  await expect(drawerPoints).toHaveText(after);
  await expect(headerPoints).toHaveText(after);
  expect(reloaded).toBe(false);
  await keepPicture(
    drawer,
    `tests/e2e/screenshots/present-received-${page.viewportSize()!.width}.png`,
  );
});
