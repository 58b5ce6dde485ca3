import type { Page } from "@playwright/test";
import { beacons, hidePage, recordBeacons } from "./beacon-fixtures";
import { DEMO_MEMBER, expect, hydrated, login, test, visit } from "./fixtures";

// A popup's links carry its tracking name, its opening, closing and clicks are analytics events
// with its id, the return popup waits in the queue's line, and the point-books popup leads to
// the points page (issue 21 items 25–28; docs/decisions/0062-popup-links-events-and-one-line.md).

const popup = (page: Page) => page.getByTestId("popup");
const queue = (page: Page) => page.getByTestId("popup-queue");

/** The popup events the page's beacons carried. */
async function popupEvents(page: Page) {
  const stored = page.waitForResponse((r) => r.url().includes("/api/events"));
  await hidePage(page);
  expect((await stored).status()).toBe(200);
  return (await beacons(page)).flatMap((b) => b.batch.events).filter((e) => e.category === "popup");
}

/**
 * Records the impressions the page reports (popup_open calls), from now on; `seen(id)` waits
 * until that popup's impression was counted (after 800 ms for a big one, 500 ms after a list).
 */
function impressions(page: Page) {
  const opened: number[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/popup_open")) opened.push(JSON.parse(r.postData() ?? "{}").popup);
  });
  return (popupId: number) =>
    expect.poll(() => opened.includes(popupId), { timeout: 10_000 }).toBe(true);
}

test("a popup's links carry _tr={tracking name}; open, close and click are events with its id", async ({
  page,
}) => {
  await recordBeacons(page);
  const seen = impressions(page);
  const listed = page.waitForResponse((r) => r.url().endsWith("/api/popups"));
  await page.goto("/home?utm_source=adroute");
  await hydrated(page);
  const answer = (await (await listed).json()) as {
    popups: Array<{ popup_id: number; popup_type: number; tracking_name: string }>;
  };
  const bigSale = answer.popups.find((p) => p.popup_type === 2)!;
  const coupon = answer.popups.find((p) => p.popup_type === 10)!;
  expect(bigSale.tracking_name).toBe("pop_big_sale");

  // The big sale: both its image and its button carry _tr=pop_big_sale.
  await expect(popup(page)).toHaveAttribute("data-popup-type", "2");
  const saleLinks = popup(page).getByRole("link");
  expect(await saleLinks.count()).toBeGreaterThan(0);
  for (const href of await saleLinks.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
    expect(href).toMatch(/[?&]_tr=pop_big_sale(&|#|$)/);
  }
  await seen(bigSale.popup_id);
  await popup(page).getByRole("button", { name: "閉じる" }).click();

  // The sign-up coupon: its button, and each recommended series as position n of its frame.
  await expect(popup(page)).toHaveAttribute("data-popup-type", "10");
  const signup = popup(page).getByRole("link", { name: "無料会員登録" });
  await expect(signup).toHaveAttribute("href", "/signup?_tr=pop_signup_coupon");
  await expect(popup(page).locator(".popup__cards > li").first()).toBeVisible();
  const cardLinks = await popup(page)
    .locator(".popup__cards a[href^='/series/']")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(cardLinks.length).toBeGreaterThan(0);
  for (const href of cardLinks) expect(href).toMatch(/[?&]_tr=pop_signup_coupon_\d+$/);
  await seen(coupon.popup_id);
  await signup.click();
  await expect(page).toHaveURL(/\/signup\?_tr=pop_signup_coupon$/);

  const events = await popupEvents(page);
  const shape = events.map((e) => [e.name, e.popup, e.frame]);
  expect(shape).toEqual([
    ["popup_open", bigSale.popup_id, "pop_big_sale"],
    ["popup_close", bigSale.popup_id, "pop_big_sale"],
    ["popup_open", coupon.popup_id, "pop_signup_coupon"],
    ["click", coupon.popup_id, "pop_signup_coupon"],
    // Following a link closes the popup.
    ["popup_close", coupon.popup_id, "pop_signup_coupon"],
  ]);
  expect(events.every((e) => e.page === "home")).toBe(true);
});

test("a lead-link popup's click leaving the store is click_leadlink with the popup id", async ({
  page,
  context,
}) => {
  await recordBeacons(page);
  await visit(page, "/ranking?utm_source=adroute");
  await expect(popup(page)).toHaveAttribute("data-popup-type", "3");
  const id = Number(await popup(page).getAttribute("data-popup-id"));
  const button = popup(page).getByRole("link").last();
  await expect(button).toHaveAttribute("href", /[?&]_tr=pop_big_leadlink_\w+/);
  // It opens in a new tab; the store's page stays.
  const opened = context.waitForEvent("page");
  await button.click();
  await (await opened).close();
  const clicks = (await popupEvents(page)).filter((e) => e.name.startsWith("click"));
  expect(clicks).toEqual([
    expect.objectContaining({ name: "click_leadlink", popup: id, page: "ranking" }),
  ]);
});

test("the return popup waits in the queue's line: one modal at a time", async ({ page }) => {
  // A new browser arriving from an ad with rtpop: the page's queue and the return popup.
  const frames = page.waitForResponse((r) => r.url().includes("/api/recommend?id="));
  await visit(page, "/home?rtpop=1&utm_source=adroute");
  await frames;
  await expect(queue(page)).not.toHaveAttribute("data-phase", "loading");
  // Every modal that could open is in: the page's popups are planned and the return popup has its
  // frames. A return popup that skipped the line would be on screen from here on, so each count
  // below sees it, however late its frames came.
  await expect(page.getByTestId("return-popup")).toHaveAttribute("data-state", "ready");
  const seenTypes: string[] = [];
  for (let i = 0; i < 8; i++) {
    if ((await queue(page).getAttribute("data-phase")) !== "open") break;
    await expect(popup(page)).toHaveCount(1);
    await expect(page.getByRole("dialog")).toHaveCount(1);
    const type = (await popup(page).getAttribute("data-popup-type"))!;
    seenTypes.push(type);
    await popup(page).getByRole("button", { name: "閉じる" }).first().click();
    await expect(popup(page).and(page.locator(`[data-popup-type="${type}"]`))).toHaveCount(0);
  }
  expect(seenTypes).toContain("return");
  expect(seenTypes).toContain("2");
  expect(seenTypes).toContain("10");
  await expect(queue(page)).toHaveAttribute("data-phase", "done");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the point-books popup's ポイントを確認する opens the points page", async ({ page }) => {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const seen = impressions(page);
  for (let i = 0; i < 6; i++) {
    await visit(page, "/otoku?utm_source=adroute");
    await expect(queue(page)).not.toHaveAttribute("data-phase", "loading");
    let type = await popup(page).getAttribute("data-popup-type", { timeout: 10_000 });
    // The demo member registered before the terms changed: the terms popup (6) comes first, once.
    while (type !== "7") {
      const id = Number(await popup(page).getAttribute("data-popup-id"));
      if (type === "6") {
        await seen(id);
        break;
      }
      await popup(page).getByRole("button", { name: "閉じる" }).first().click();
      type = await popup(page).getAttribute("data-popup-type", { timeout: 10_000 });
    }
    if (type === "7") break;
  }
  await expect(popup(page)).toHaveAttribute("data-popup-type", "7");
  const check = popup(page).getByRole("link", { name: "ポイントを確認する" });
  await expect(check).toHaveAttribute("href", "/point_detail?_tr=pop_point_books");
  await check.click();
  await expect(page).toHaveURL(/\/point_detail\?_tr=pop_point_books$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("ポイント");
  await expect(page.getByText("This page could not be found")).toHaveCount(0);
});
