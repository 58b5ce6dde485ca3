import { expect, type Page } from "@playwright/test";

/**
 * Closes whatever the page's popup queue opens (docs/decisions/0028-popup-queue.md), as a reader
 * would, for tests about other things: waits until the queue has its answer, then closes each
 * popup in turn until it is done. Call it after the stamp dialog is closed.
 */
export async function closePopups(page: Page) {
  const queue = page.getByTestId("popup-queue");
  if ((await queue.count()) === 0) return;
  await expect(queue).not.toHaveAttribute("data-phase", "loading");
  for (let i = 0; i < 10; i++) {
    if ((await queue.getAttribute("data-phase")) !== "open") return;
    const popup = page.getByTestId("popup");
    await popup.waitFor();
    const close = popup.getByRole("button", { name: "閉じる" });
    if ((await close.count()) > 0) await close.first().click();
    else await popup.getByRole("link").last().click();
  }
}
