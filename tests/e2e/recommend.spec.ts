import { beacons, hidePage, recordBeacons } from "./beacon-fixtures";
import {
  expect,
  hydrated,
  keepPicture,
  picturesWanted,
  pressEscapeIn,
  screenshot,
  seriousViolations,
  test,
  visit,
} from "./fixtures";

const POPUP_TITLE = "おかえりなさい！あなたにおすすめの作品";

test.describe("return recommendations", () => {
  test("rtpop opens the return popup once per session, with a 2-column and a 3-column frame", async ({
    page,
  }) => {
    const frames = page.waitForResponse((r) => r.url().includes("/api/recommend?id="));
    await visit(page, "/home?rtpop=1");
    await frames;
    const popup = page.getByRole("dialog", { name: POPUP_TITLE });
    await expect(popup).toBeVisible();
    const box = await popup.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(450);
    const twoColumns = popup.locator(".return-popup__grid--2 > li");
    const threeColumns = popup.locator(".return-popup__grid--3 > li");
    expect(await twoColumns.count()).toBeGreaterThan(0);
    expect(await twoColumns.count()).toBeLessThanOrEqual(4);
    expect(await threeColumns.count()).toBeGreaterThan(0);
    expect(await threeColumns.count()).toBeLessThanOrEqual(6);
    await screenshot(page, "return-popup");
    expect(await seriousViolations(page, ".return-popup")).toEqual([]);
    await keepPicture(page, `/tmp/recommend-popup-${page.viewportSize()?.width}.png`);

    // Focus stays inside, and Esc closes it.
    for (let i = 0; i < 15; i++) await page.keyboard.press("Tab");
    expect(await popup.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();

    // A second link with rtpop in the same session does not open it again.
    // Waits for the popup's own decision, so a popup that asks again fails here however slowly
    // its frames would arrive.
    await visit(page, "/home?rtpop=1");
    await expect(page.getByTestId("return-popup")).toHaveAttribute("data-state", "shown-before");
    await expect(page.getByRole("dialog", { name: POPUP_TITLE })).toHaveCount(0);
  });

  test("its more-links go to the recommendation list and the campaign list", async ({
    context,
  }) => {
    // A new tab is a new session.
    const page = await context.newPage();
    await visit(page, "/home?rtpop=1");
    const popup = page.getByRole("dialog", { name: POPUP_TITLE });
    await expect(popup).toBeVisible();
    const more = popup.getByRole("link", { name: "もっと見る" });
    await expect(more.first()).toHaveAttribute("href", "/recommend?tp=1&_tr=rtpop1");
    await more.last().click();
    await expect(page).toHaveURL(/\/otoku\?_tr=rtpop1$/);
    await expect(popup).toBeHidden();

    const genrePage = await context.newPage();
    await visit(genrePage, "/home?rtpop=2");
    const genrePopup = genrePage.getByRole("dialog", { name: POPUP_TITLE });
    await expect(genrePopup).toBeVisible();
    // A visitor has no series to start from: the genre campaign list opens on genre 1.
    await expect(genrePopup.getByRole("link", { name: "もっと見る" }).last()).toHaveAttribute(
      "href",
      "/otoku?genre=1&_tr=rtpop2",
    );
  });
});

test.describe("related series on a series page", () => {
  test("the tile shows 3 related works and もっと見る lists them all", async ({
    page,
    request,
  }) => {
    const picks = await request.get("/api/recommend/more?tp=1");
    const { data } = (await picks.json()) as { data: Array<{ series_id: number }> };
    const seriesId = data[0]!.series_id;
    const related = await request.get(`/api/recommend/related?series=${seriesId}`);
    const { related: list } = (await related.json()) as { related: unknown[] };
    expect(list.length).toBeGreaterThan(3);

    await visit(page, `/series/${seriesId}`);
    const tile = page.locator("section.related-tile");
    await expect(tile.getByRole("heading", { name: "関連作品" })).toBeVisible();
    await expect(tile.locator(".card-grid > li")).toHaveCount(3);
    await screenshot(page, "related-tile");
    await tile.scrollIntoViewIfNeeded();
    await keepPicture(page, `/tmp/recommend-related-${page.viewportSize()?.width}.png`);
    await tile.getByRole("button", { name: "もっと見る" }).click();
    const dialog = page.getByRole("dialog", { name: "関連作品" });
    await expect(dialog.locator("li")).toHaveCount(list.length);
    if (picturesWanted) await page.waitForTimeout(300);
    await keepPicture(page, `/tmp/recommend-list-${page.viewportSize()?.width}.png`);
    await pressEscapeIn(dialog);
    await expect(dialog).toBeHidden();
  });
});

test.describe("analytics events", () => {
  test("a page view and a series view arrive by beacon when the page is hidden", async ({
    page,
  }) => {
    await recordBeacons(page);
    await page.goto("/home?utm_source=e2e&utm_medium=test&utm_campaign=beacon");
    await hydrated(page);
    const stored = page.waitForResponse((r) => r.url().includes("/api/events"));
    await hidePage(page);
    const answer = await stored;
    expect(answer.status()).toBe(200);
    const [first] = await beacons(page);
    expect(first!.url).toMatch(/\/api\/events\?ct=/);
    expect(first!.batch.utm_source).toBe("e2e");
    expect(first!.batch.events).toContainEqual(
      expect.objectContaining({ name: "page_view", page: "/home" }),
    );
    // Every event of the batch was stored.
    expect((await answer.json()).recorded).toBe(first!.batch.events.length);

    // A card click and the series page it opens: click_book, then page_view and view_book.
    const card = page.locator('main a[href^="/series/"]').first();
    const href = (await card.getAttribute("href"))!;
    const seriesId = Number(/\/series\/(\d+)/.exec(href)![1]);
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/series/${seriesId}`));
    await expect(page.getByRole("navigation", { name: "パンくずリスト" })).toBeVisible();
    // page_view follows the page's render; let that effect run before the page is hidden.
    await page.waitForTimeout(200);
    const next = page.waitForResponse((r) => r.url().includes("/api/events"));
    await hidePage(page);
    expect((await next).status()).toBe(200);
    const events = (await beacons(page)).slice(1).flatMap((b) => b.batch.events);
    const names = events.map((e) => e.name);
    expect(names).toContain("click_book");
    expect(names).toContain("page_view");
    expect(events).toContainEqual(expect.objectContaining({ name: "view_book", series: seriesId }));

    // Opening and closing the drawer: open and close.
    await page.getByRole("button", { name: "メニュー", exact: true }).click();
    const drawer = page.getByRole("dialog", { name: "メニュー" });
    await expect(drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    const third = page.waitForResponse((r) => r.url().includes("/api/events"));
    await hidePage(page);
    expect((await third).status()).toBe(200);
    const drawerEvents = (await beacons(page))
      .flatMap((b) => b.batch.events)
      .filter((e) => e.category === "drawer");
    expect(drawerEvents.map((e) => e.name)).toEqual(["open", "close"]);
  });
});

test("a topic page's advertisement link out of the store sends click_leadlink", async ({
  page,
  context,
}) => {
  await recordBeacons(page);
  await visit(page, "/topic/manga-fair");
  const ad = page.locator('a[rel~="sponsored"]').first();
  await ad.scrollIntoViewIfNeeded();
  const href = (await ad.getAttribute("href"))!;
  // The advertisement opens in a new tab; the store's page stays.
  const opened = context.waitForEvent("page");
  await ad.click();
  await (await opened).close();
  const stored = page.waitForResponse((r) => r.url().includes("/api/events"));
  await hidePage(page);
  expect((await stored).status()).toBe(200);
  const events = (await beacons(page)).flatMap((b) => b.batch.events) as Array<{
    name: string;
    target_id?: string;
  }>;
  expect(events).toContainEqual(
    expect.objectContaining({ name: "click_leadlink", target_id: href }),
  );
});
