import type { Locator, Page } from "@playwright/test";
import { DEMO_MEMBER, expect, loadLazySections, login, test, visit } from "./fixtures";

// Issue 21 item 40: card grids, the author pickup, card sizes of spec 000 §9 and units that
// must not break, measured with bounding boxes at 375 and 1280 px.

async function boxes(list: Locator) {
  const all = await list.all();
  const out: Array<{ x: number; y: number; width: number; height: number }> = [];
  for (const item of all) {
    const box = await item.boundingBox();
    if (box) out.push(box);
  }
  return out;
}

function spread(values: number[]): number {
  return Math.max(...values) - Math.min(...values);
}

/** The section of the home page of a layout type, loaded. */
async function homeSection(page: Page, type: number): Promise<Locator> {
  const section = page.locator(`section.home-section--t${type}`).first();
  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveAttribute("data-state", "done");
  return section;
}

test("drama-CD cards of one grid are equally tall, with their buttons on one line (home 27–29, /doramacd)", async ({
  page,
}) => {
  await visit(page, "/home");
  await loadLazySections(page);
  for (const type of [27, 28, 29]) {
    const section = await homeSection(page, type);
    const cards = await boxes(section.locator(".cd-grid > li > article"));
    expect(cards.length, `type ${type}`).toBeGreaterThan(2);
    expect(spread(cards.map((c) => c.height)), `type ${type} card heights`).toBeLessThan(1);
    // Each card's buttons sit the same distance above its bottom edge.
    const buttons = await boxes(section.locator(".cd-grid > li > article .book-card__actions"));
    const gaps = buttons.map((b, i) => cards[i]!.y + cards[i]!.height - (b.y + b.height));
    expect(spread(gaps), `type ${type} button lines`).toBeLessThan(1);
  }

  await visit(page, "/doramacd");
  const cards = await boxes(page.locator(".cd-grid > li > article"));
  expect(cards.length).toBeGreaterThan(10);
  expect(spread(cards.map((c) => c.height)), "/doramacd card heights").toBeLessThan(1);
  if ((page.viewportSize()?.width ?? 0) >= 1184) {
    // Three to a row at 1280.
    expect(new Set(cards.slice(0, 3).map((c) => Math.round(c.y))).size).toBe(1);
  }
});

test("注目の作家 shows each author's card over works credited to that author, each with an introduction of their own (layout 20)", async ({
  page,
}) => {
  await visit(page, "/home");
  await loadLazySections(page);
  const section = await homeSection(page, 20);
  const groups = section.locator(".author-pickup__group:has(.author-card)");
  const count = await groups.count();
  expect(count).toBeGreaterThan(1);
  const intros: string[] = [];
  for (let i = 0; i < count; i++) {
    const group = groups.nth(i);
    const worksLink = await group.locator(".author-card__link").getAttribute("href");
    const authorSearch = /\/search\?at=\d+/.exec(worksLink ?? "")?.[0];
    expect(authorSearch).toBeTruthy();
    intros.push((await group.locator(".author-card__intro").textContent()) ?? "");
    const works = group.locator(".author-pickup__series");
    expect(await works.count()).toBeGreaterThan(0);
    for (const work of await works.all()) {
      // The author is among the work's credits, and the introduction names the work.
      await expect(work.locator(`a[href="${authorSearch}"]`).first()).toBeAttached();
      const title = (await work.locator(".book-card__name").first().textContent())?.trim();
      expect(intros.at(-1)).toContain(`『${title}』`);
    }
    // The card and its works stay together: the works start below or beside the card.
    const card = (await group.locator(".author-card").boundingBox())!;
    const first = (await works.first().boundingBox())!;
    expect(first.y >= card.y + card.height - 1 || first.x >= card.x + card.width - 1).toBe(true);
  }
  expect(new Set(intros).size).toBe(intros.length);
});

test("the three-column strip is 116 × 158 and the pickup card 300 × 248, scaled as spec 000 §9 says", async ({
  page,
}) => {
  const wide = (page.viewportSize()?.width ?? 0) >= 1184;
  // --scale2: 1 up to 752 px, 1.4 from 1184 px.
  const scale = wide ? 1.4 : 1;
  await visit(page, "/home");
  await loadLazySections(page);
  for (const type of [7, 21]) {
    const section = await homeSection(page, type);
    const columns = await boxes(section.locator(".series-list > li"));
    const covers = await boxes(section.locator(".series-list .cover"));
    expect(covers.length, `type ${type}`).toBeGreaterThan(2);
    covers.forEach((cover, i) => {
      // A 116 column with an image 158 high; the cover keeps its 300:424 inside it.
      expect(columns[i]!.width, `type ${type} column`).toBeCloseTo(116 * scale, 0);
      expect(cover.height, `type ${type} image height`).toBeCloseTo(158 * scale, 0);
      expect(cover.width, `type ${type} image width`).toBeCloseTo((158 * scale * 300) / 424, 0);
    });
  }
  const pickup = await homeSection(page, 10);
  const cards = await boxes(pickup.locator(".appeal-list > li > article"));
  expect(cards.length).toBeGreaterThan(1);
  for (const card of cards) {
    expect(card.height).toBeCloseTo(248, 0);
    // 300 wide, or 85 % of a phone's strip when that is narrower.
    expect(card.width).toBeLessThanOrEqual(300.5);
    expect(card.width).toBeGreaterThan(wide ? 299.5 : 280);
  }
  // Whatever it holds, nothing spills out of a card.
  const overflow = await pickup
    .locator(".appeal-list > li > article")
    .evaluateAll((list) =>
      list.filter((card) => card.scrollHeight > card.clientHeight + 1).map((c) => c.textContent),
    );
  expect(overflow).toEqual([]);
});

test("a volume count stays in one piece: （連載中・10巻） never breaks between 10 and 巻", async ({
  page,
}) => {
  const broken: string[] = [];
  for (const seriesId of [126, 1, 2, 3, 5, 8, 13, 21, 34, 55]) {
    await visit(page, `/series/${seriesId}`);
    const volume = page.locator('a[href*="/book/"]').first();
    const href = await volume.getAttribute("href");
    await visit(page, href!);
    const split = await page.locator(".volume-page__series").evaluate((p) => {
      // The digits and the 巻 after them, wherever the text nodes fall.
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
      const text = nodes.map((n) => n.data).join("");
      const match = /(\d+)巻/.exec(text);
      if (!match) return null;
      const at = (offset: number) => {
        let rest = offset;
        for (const node of nodes) {
          if (rest <= node.data.length) return [node, rest] as const;
          rest -= node.data.length;
        }
        throw new Error("offset outside the text");
      };
      const range = document.createRange();
      range.setStart(...at(match.index));
      range.setEnd(...at(match.index + match[0].length));
      const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
      return Math.max(...tops) - Math.min(...tops) > 1 ? text : null;
    });
    if (split) broken.push(`${href}: ${split}`);
  }
  expect(broken).toEqual([]);
});

test("/series, /series/126/book, /period and /order_complete without their parameter are 404 pages, not screens with a 404 in them", async ({
  page,
  request,
}) => {
  for (const path of ["/series", "/series/126/book", "/period", "/series.html"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(html, path).toContain("<title>ページが見つかりません | コマヤ</title>");
    expect(html, path).toContain("This page could not be found");
    expect(html, path).toMatch(/<meta name="robots" content="noindex"/);
  }
  // /order_complete belongs to a member: a visitor is sent to log in, a member without an
  // order number gets the 404 page.
  expect((await request.get("/order_complete", { maxRedirects: 0 })).status()).toBe(302);
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const response = await page.request.get("/order_complete");
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).toContain("<title>ページが見つかりません | コマヤ</title>");
  expect(html).not.toContain("ご購入完了");
});
