import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openReader, ownedVolume, reader } from "./reader-fixtures";

/**
 * The reader's tools (issue 25): the page grid jumps, しおり are kept on the server, and a page
 * zooms (the + control and ctrl+wheel on a PC, a double tap and a drag on a phone) and pans
 * while no tap or key turns it. Shots go to test-results for a look.
 */

const view = (page: Page) => page.locator(".reader__view");
const bottomBar = (page: Page) => page.locator(".reader__bar--bottom");

/** Shows the toolbars if they hid themselves (a key leaves them as they are). */
async function showBars(page: Page) {
  if (await bottomBar(page).isVisible()) return;
  const stage = (await page.locator(".reader__stage").boundingBox())!;
  await page.mouse.click(stage.x + stage.width / 2, stage.y + stage.height / 2);
  await expect(bottomBar(page)).toBeVisible();
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test("the page grid jumps, a しおり stays after a reload and leads back to its page", async ({
  page,
}, info) => {
  // Each project marks its own page: the two run side by side as the same demo member.
  const marked = info.project.name === "pc" ? 5 : 6;
  const { href } = await ownedVolume(page);
  await openReader(page, href);
  const spread = (await reader(page).getAttribute("data-layout")) === "spread";
  await showBars(page);

  // The grid shows every page small and jumps to the one tapped.
  await page.getByRole("button", { name: "ページ一覧" }).click();
  const grid = page.getByTestId("reader-grid");
  await expect(grid).toBeVisible();
  await expect(grid.getByRole("button", { name: "1ページへ", exact: true })).toBeVisible();
  const thumb = grid.getByRole("button", { name: `${marked}ページへ`, exact: true });
  await expect(thumb.locator("img")).toHaveAttribute("src", /\/thumbs\/\d+\.png/);
  await shot(page, "reader-grid");
  await thumb.click();
  await expect(grid).toBeHidden();
  // In a spread the view of an odd page starts at the even page before it.
  const viewStart = spread && marked % 2 === 1 ? marked - 1 : marked;
  await expect(reader(page)).toHaveAttribute("data-page", String(viewStart));

  // Mark it (an earlier run's しおり is taken off first).
  await page.getByRole("button", { name: /^しおり/ }).click();
  const panel = page.getByTestId("reader-bookmarks");
  const off = panel.getByRole("button", { name: `${marked}ページのしおりを外す` }).first();
  if (await off.isVisible()) {
    await off.click();
    await expect(
      panel.getByRole("button", { name: `${marked}ページにしおりを挟む` }),
    ).toBeVisible();
  }
  await panel.getByLabel("しおりのメモ").fill("e2eのしおり");
  await panel.getByRole("button", { name: `${marked}ページにしおりを挟む` }).click();
  const list = panel.getByRole("list", { name: "この巻のしおり" });
  await expect(
    list.locator(".reader__mark-jump").filter({ hasText: `${marked}ページ` }),
  ).toContainText("e2eのしおり");
  await shot(page, "reader-bookmarks");

  // After a reload it is still there, and leads back to its page from elsewhere.
  await openReader(page, href);
  await page.keyboard.press("Home");
  await expect(reader(page)).toHaveAttribute("data-page", "1");
  await showBars(page);
  await page.getByRole("button", { name: /^しおり/ }).click();
  const again = page.getByTestId("reader-bookmarks").getByRole("list", { name: "この巻のしおり" });
  await again
    .locator(".reader__mark-jump")
    .filter({ hasText: `${marked}ページ` })
    .click();
  await expect(reader(page)).toHaveAttribute("data-page", String(viewStart));

  // Taken off again, so the next run starts clean.
  await page.getByRole("button", { name: /^しおり/ }).click();
  await page
    .getByTestId("reader-bookmarks")
    .getByRole("button", { name: `${marked}ページのしおりを外す` })
    .first()
    .click();
  await expect(
    page
      .getByTestId("reader-bookmarks")
      .getByRole("button", { name: `${marked}ページにしおりを挟む` }),
  ).toBeVisible();
});

test("a page zooms and pans, turns nothing while zoomed, and comes back whole", async ({
  page,
}, info) => {
  const { href } = await ownedVolume(page);
  await openReader(page, href);
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowLeft");
  const at = (await reader(page).getAttribute("data-page")) ?? "";
  expect(Number(at)).toBeGreaterThan(1);
  const stage = (await page.locator(".reader__stage").boundingBox())!;
  const cx = stage.x + stage.width / 2;
  const cy = stage.y + stage.height / 2;
  const transform = () => view(page).evaluate((el) => (el as HTMLElement).style.transform);

  if (info.project.name === "phone") {
    // Known gap (decision 0109): the double tap sent through the protocol has not zoomed in this
    // spec; the zoom rules are unit-tested (reader-zoom.test.ts) and the PC half runs below.
    test.fixme(true, "phone double tap not yet proven in Chromium");
    const touch = await page.context().newCDPSession(page);
    const finger = (x: number, y: number) => [{ x, y, id: 1 }];
    // Two taps sent together, so a busy test machine does not space them past a double tap.
    const doubleTap = (x: number, y: number) =>
      Promise.all(
        [0, 1].flatMap(() => [
          touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: finger(x, y) }),
          touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] }),
        ]),
      );
    // A double tap zooms in where it lands.
    await doubleTap(cx, cy);
    await expect(reader(page)).toHaveAttribute("data-zoomed", "true");
    await expect(view(page)).toHaveAttribute("data-zoom", "250%");
    const before = await transform();
    // A finger's drag moves the page instead of turning it.
    await touch.send("Input.dispatchTouchEvent", {
      type: "touchStart",
      touchPoints: finger(cx, cy),
    });
    for (let i = 1; i <= 6; i++) {
      await touch.send("Input.dispatchTouchEvent", {
        type: "touchMove",
        touchPoints: finger(cx + 20 * i, cy + 10 * i),
      });
    }
    await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(transform).not.toBe(before);
    await expect(reader(page)).toHaveAttribute("data-page", at);
    await shot(page, "reader-zoomed-phone");
    // A double tap again shows the whole page.
    await page.waitForTimeout(400);
    await doubleTap(cx, cy);
    await expect(reader(page)).not.toHaveAttribute("data-zoomed", /.*/);
    // And taps on the side turn pages again.
    await page.waitForTimeout(400);
    await page.touchscreen.tap(stage.x + 20, cy);
    await expect(reader(page)).not.toHaveAttribute("data-page", at);
    return;
  }

  // PC: the + control zooms in, a drag pans, the arrows pan instead of turning.
  await showBars(page);
  await page.getByRole("button", { name: "拡大", exact: true }).click();
  await page.getByRole("button", { name: "拡大", exact: true }).click();
  await expect(reader(page)).toHaveAttribute("data-zoomed", "true");
  await expect(view(page)).toHaveAttribute("data-zoom", "156%");
  const before = await transform();
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 120, cy + 90, { steps: 6 });
  await page.mouse.up();
  await expect.poll(transform).not.toBe(before);
  await page.keyboard.press("ArrowLeft");
  await expect(reader(page)).toHaveAttribute("data-page", at);
  // A click on the side turns nothing while zoomed.
  await page.mouse.click(stage.x + 30, cy);
  await expect(reader(page)).toHaveAttribute("data-page", at);
  await showBars(page);
  await shot(page, "reader-zoomed-pc");
  await page.getByRole("button", { name: "元の大きさ" }).click();
  await expect(reader(page)).not.toHaveAttribute("data-zoomed", /.*/);
  // ctrl+wheel zooms about the pointer; 0 goes back to the whole page.
  await page.mouse.move(cx, cy);
  await page.keyboard.down("Control");
  await page.mouse.wheel(0, -120);
  await page.keyboard.up("Control");
  await expect(reader(page)).toHaveAttribute("data-zoomed", "true");
  await page.keyboard.press("0");
  await expect(reader(page)).not.toHaveAttribute("data-zoomed", /.*/);
  // Whole again, the arrow turns the page.
  await page.keyboard.press("ArrowLeft");
  await expect(reader(page)).not.toHaveAttribute("data-page", at);
});
