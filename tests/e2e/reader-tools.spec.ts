import type { Page } from "@playwright/test";
import { expect, hydrated, keepPicture, test } from "./fixtures";
import { openReader, ownedVolume, reader, readerLinkFrom, tap } from "./reader-fixtures";

/**
 * The reader's tools (issue 25): the volume opens on its cover, the page grid jumps, しおり are
 * kept on the server, and a page zooms (the + control and ctrl+wheel on a PC, a double tap and a
 * pinch on a phone) and pans while no tap or key turns it. Shots go to test-results for a look.
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
  await keepPicture(page, test.info().outputPath(`${name}.png`));
}

test("a volume opens on its cover, standing alone, and every way back to the start lands there", async ({
  page,
  context,
}, info) => {
  const { href, bookId } = await ownedVolume(page);
  await openReader(page, href);
  const spread = (await reader(page).getAttribute("data-layout")) === "spread";
  await page.keyboard.press("Home");
  await expect(reader(page)).toHaveAttribute("data-page", "0");
  // The store's own cover, alone even in a spread.
  const shown = view(page).locator("img");
  await expect(shown).toHaveCount(1);
  await expect(shown).toHaveAttribute("alt", "表紙");
  await expect(shown).toHaveAttribute("src", new RegExp(`/media/books/${bookId}/cover\\.png\\?`));
  await expect
    .poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await showBars(page);
  const total = Number((await page.locator(".reader__count").textContent())?.split("/ ")[1]);
  expect(total).toBeGreaterThan(1);
  await expect(page.locator(".reader__count")).toHaveText(`表紙 / ${total}`);
  await expect(page.getByRole("slider", { name: "ページ" })).toHaveValue("0");
  await shot(page, `reader-cover-${info.project.name}`);
  // The cover is no page: it takes no しおり.
  await page.getByRole("button", { name: /^しおり/ }).click();
  await expect(page.getByTestId("reader-bookmarks")).toContainText("表紙にはしおりを挟めません");
  await page.getByRole("button", { name: "しおりを閉じる" }).click();

  // The next view is page 1 (paired with 2 in a spread); back again is the cover.
  await page.keyboard.press("ArrowLeft");
  await expect(reader(page)).toHaveAttribute("data-page", "1");
  await expect(view(page).locator("img")).toHaveCount(spread ? 2 : 1);
  await expect(page.locator(".reader__count")).toHaveText(
    spread ? `1-2 / ${total}` : `1 / ${total}`,
  );
  await page.keyboard.press("ArrowRight");
  await expect(reader(page)).toHaveAttribute("data-page", "0");
  // A tap on the back side (the right in right-to-left reading) stays on the cover.
  const stage = (await page.locator(".reader__stage").boundingBox())!;
  await tap(page, info, stage.x + stage.width - 20, stage.y + stage.height / 2);
  await page.waitForTimeout(200);
  await expect(reader(page)).toHaveAttribute("data-page", "0");
  // From the end of the volume, 最初のページへ comes back to the cover.
  await page.keyboard.press("End");
  await expect(reader(page)).toHaveAttribute("data-end", "volume");
  await page.waitForTimeout(600); // the end panel's settle
  await page.getByRole("button", { name: "最初のページへ" }).click();
  await expect(reader(page)).toHaveAttribute("data-page", "0");
  await expect(view(page).locator("img")).toHaveAttribute("alt", "表紙");

  // A visitor's trial opens on the cover too.
  await context.clearCookies();
  const trial = await readerLinkFrom(page, "/ranking", /^試し読み$/);
  await trial.click();
  await hydrated(page);
  await expect(reader(page)).toHaveAttribute("data-page", "0");
  await expect(view(page).locator("img")).toHaveAttribute("alt", "表紙");
  await expect(view(page).locator("img")).toHaveAttribute("src", /\/cover\.png\?/);
  await shot(page, `reader-trial-cover-${info.project.name}`);
});

test.describe("the placeholder", () => {
  // Page images pass through the offline reader's service worker, whose fetches a page's route
  // does not see: without it the slow line below reaches every page.
  test.use({ serviceWorkers: "block" });

  test("a page still on its way shows its small image in its place, gone once the page is in", async ({
    page,
  }) => {
    const { href } = await ownedVolume(page);
    // Whole pages (not their thumbnails) come slowly, as on a weak line.
    await page.route(/\/media\/books\/\d+\/pages\/\d+\.png/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.continue();
    });
    await openReader(page, href);
    // The volume may reopen where an earlier test left it, which is then already fetched.
    const opened = Number(await reader(page).getAttribute("data-page"));
    const target = Math.abs(opened - 12) < 8 ? 30 : 12;
    await page.keyboard.press("Home");
    await expect(reader(page)).toHaveAttribute("data-page", "0");
    // A jump past the pages the reader fetches ahead, so this one is asked for only now.
    await showBars(page);
    await page.getByRole("slider", { name: "ページ" }).fill(String(target));
    const first = view(page).locator(`img[data-page="${target}"]`);
    await expect(first).toBeAttached();
    const state = () =>
      first.evaluate((img: HTMLImageElement) => ({
        complete: img.complete && img.naturalWidth > 0,
        background: getComputedStyle(img).backgroundImage,
      }));
    const waiting = await state();
    expect(waiting.complete).toBe(false);
    expect(waiting.background).toContain(`/thumbs/${target}.png`);
    await expect.poll(async () => (await state()).complete, { timeout: 15_000 }).toBe(true);
    expect((await state()).background).toBe("none");
  });
});

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
  // The cover comes first, then page 1.
  const tiles = grid.locator(".reader__thumb");
  await expect(tiles.first()).toHaveAccessibleName("表紙へ");
  await expect(tiles.nth(1)).toHaveAccessibleName("1ページへ");
  const thumb = grid.getByRole("button", { name: `${marked}ページへ`, exact: true });
  await expect(thumb.locator("img")).toHaveAttribute("src", /\/thumbs\/\d+\.png/);
  await shot(page, "reader-grid");
  await thumb.click();
  await expect(grid).toBeHidden();
  // In a spread (pages paired 1–2, 3–4 … after the cover) the view of an even page starts at
  // the odd page before it.
  const viewStart = spread && marked % 2 === 0 ? marked - 1 : marked;
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
  await expect(reader(page)).toHaveAttribute("data-page", "0");
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
  await expect(reader(page)).not.toHaveAttribute("data-page", "0");
  const at = (await reader(page).getAttribute("data-page")) ?? "";
  const stage = (await page.locator(".reader__stage").boundingBox())!;
  const cx = stage.x + stage.width / 2;
  const cy = stage.y + stage.height / 2;
  const transform = () => view(page).evaluate((el) => (el as HTMLElement).style.transform);

  if (info.project.name === "phone") {
    // Touch as a phone sends it, through the protocol: Chromium makes pointer events, clicks and
    // (for the double tap) a dblclick of it, as on a real phone.
    const touch = await page.context().newCDPSession(page);
    type Finger = { x: number; y: number; id: number };
    type TouchType = "touchStart" | "touchMove" | "touchEnd";
    const send = (type: TouchType, touchPoints: Finger[]) =>
      touch.send("Input.dispatchTouchEvent", { type, touchPoints });
    const finger = (x: number, y: number, id = 1) => ({ x, y, id });
    // Two taps sent together, so a busy test machine does not space them past a double tap.
    const doubleTap = (x: number, y: number) =>
      Promise.all([0, 1].flatMap(() => [send("touchStart", [finger(x, y)]), send("touchEnd", [])]));
    const settled = () => page.waitForTimeout(450);

    // A double tap zooms in where it lands, and stays zoomed (the dblclick after it zooms nothing).
    await doubleTap(cx, cy);
    await expect(reader(page)).toHaveAttribute("data-zoomed", "true");
    await expect(view(page)).toHaveAttribute("data-zoom", "250%");
    await settled();
    await expect(reader(page)).toHaveAttribute("data-zoomed", "true");
    const before = await transform();
    // A finger's drag moves the page instead of turning it.
    await send("touchStart", [finger(cx, cy)]);
    for (let i = 1; i <= 6; i++) await send("touchMove", [finger(cx + 20 * i, cy + 10 * i)]);
    await send("touchEnd", []);
    await expect.poll(transform).not.toBe(before);
    await expect(reader(page)).toHaveAttribute("data-page", at);
    // Neither a tap on the side nor a swipe turns the page while zoomed.
    await page.touchscreen.tap(stage.x + 20, cy);
    await send("touchStart", [finger(cx - 80, cy)]);
    for (const f of [0.3, 0.6, 1]) await send("touchMove", [finger(cx - 80 + 160 * f, cy + 3)]);
    await send("touchEnd", []);
    await settled();
    await expect(reader(page)).toHaveAttribute("data-page", at);
    await expect(reader(page)).toHaveAttribute("data-zoomed", "true");
    await shot(page, "reader-zoomed-phone");
    // A double tap again shows the whole page.
    await doubleTap(cx, cy);
    await expect(reader(page)).not.toHaveAttribute("data-zoomed", /.*/);
    await settled();
    await expect(view(page)).toHaveAttribute("data-zoom", "100%");

    // Two fingers spread apart zoom in about their middle; nothing turns.
    await send("touchStart", [finger(cx - 40, cy, 1), finger(cx + 40, cy, 2)]);
    for (let i = 1; i <= 5; i++) {
      await send("touchMove", [finger(cx - 40 - 16 * i, cy, 1), finger(cx + 40 + 16 * i, cy, 2)]);
    }
    await send("touchEnd", []);
    await expect(reader(page)).toHaveAttribute("data-zoomed", "true");
    // From 80 px apart to 240: three times the size.
    await expect(view(page)).toHaveAttribute("data-zoom", "300%");
    await expect(reader(page)).toHaveAttribute("data-page", at);
    await shot(page, "reader-pinched-phone");
    // Pinched back together, the page is whole again.
    await send("touchStart", [finger(cx - 120, cy, 1), finger(cx + 120, cy, 2)]);
    for (let i = 1; i <= 5; i++) {
      await send("touchMove", [finger(cx - 120 + 20 * i, cy, 1), finger(cx + 120 - 20 * i, cy, 2)]);
    }
    await send("touchEnd", []);
    await expect(reader(page)).not.toHaveAttribute("data-zoomed", /.*/);
    await expect(reader(page)).toHaveAttribute("data-page", at);
    // And taps on the side turn pages again.
    await settled();
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
