import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthorPickupRow, HomeAnswer, HomeContentAnswer } from "../../../contract/home";
import type { SeriesItem } from "../../../contract/items";
import { LAYOUT_TYPES } from "../../db/seed/marketing";
import { DEFAULT_NOW } from "../../db/seed/seed";
import { SEEDED_60 } from "../../db/seed/test-fixture";
import { Browser, createTestApp } from "../../http/test-client";
import { seriesAuthors } from "../catalog/schema";
import { cartItems } from "../commerce/schema";
import { seriesFavorites, seriesViews, userItems } from "../library/schema";
import { refreshRankings } from "../ranking/service";
import { homeLayoutItems } from "./schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
let home: HomeAnswer;
let alice: Browser;
let bob: Browser;
let aliceId: number;
let seriesSection: number;
let history: number;
let firstSeries: SeriesItem;

async function member(email: string): Promise<[Browser, number]> {
  const browser = new Browser(t.app);
  const signup = await browser.postJson("/api/account/signup", {
    email,
    password: "password-123",
    nickname: "読書家",
    agree: true,
  });
  expect(signup.status).toBe(200);
  const status = await browser.getJson<{ uid: string }>("/api/status");
  return [browser, Number(status.body.uid)];
}

beforeAll(async () => {
  t = await createTestApp({ fixture: SEEDED_60 });
  await refreshRankings(t.database.db, { now: DEFAULT_NOW });
  const answer = await new Browser(t.app).postJson<HomeAnswer>("/api/home", {
    genre: 1,
    pagetype: 1,
  });
  home = answer.body;
  [alice, aliceId] = await member("alice@example.jp");
  let bobId: number;
  [bob, bobId] = await member("bob@example.jp");
  seriesSection = home.home_layout.find(
    (l) => l.layout_type === 2 && l.content_type === null,
  )!.layout_id;
  history = home.home_layout.find((l) => l.content_type === 5)!.layout_id;
  const first = await alice.postJson<HomeContentAnswer>(`/api/personal/home/${seriesSection}/6/1`);
  firstSeries = (first.body.content.items as SeriesItem[])[0]!;
  const { db } = t.database;
  // Alice and Bob differ in every list a card shows.
  await db.insert(seriesFavorites).values({ userId: aliceId, seriesId: firstSeries.series_id });
  await db.insert(cartItems).values({ userId: aliceId, itemId: firstSeries.item_id!, itemType: 0 });
  await db.insert(userItems).values({
    userId: bobId,
    itemId: firstSeries.item_id!,
    itemType: 0,
    seriesId: firstSeries.series_id,
    bookId: firstSeries.book_id,
    source: "purchase",
  });
  await db.insert(seriesViews).values([
    { userId: aliceId, seriesId: firstSeries.series_id },
    { userId: bobId, seriesId: firstSeries.series_id + 1 },
  ]);
}, 120_000);

afterAll(async () => {
  await t?.database.close();
});

describe("POST /api/home", () => {
  it("lists the genre's sections, covering every layout type, with cache mode fields", () => {
    const types = new Set(home.home_layout.map((l) => l.layout_type));
    for (const type of LAYOUT_TYPES) expect(types, `layout type ${type}`).toContain(type);
    expect(home.flick_banner.length).toBeGreaterThan(0);
    expect(home.use_cache).toBe(true);
    expect(home.cache_key).toMatch(/^\d+$/);
    expect(Array.isArray(home.pickup_campaign_ids)).toBe(true);
    expect(home.home_layout[0]).toHaveProperty("display_number");
  });

  it("refuses an unknown genre with a 400 naming the field", async () => {
    const answer = await new Browser(t.app).postJson("/api/home", { genre: 7 });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toContain("genre");
  });
});

describe("home sections", () => {
  it("answers each section with the content kind its layout type renders", async () => {
    const kindOf = (type: number, content: number | null) => {
      if (content === 5 || content === 18) return "series";
      if ([5, 8, 9, 12, 16, 19].includes(type)) return "banners";
      if ([3, 15, 22].includes(type)) return "features";
      if ([10, 11, 30].includes(type)) return "appeal";
      if ([23, 24, 25, 26].includes(type)) return "carousel";
      if ([27, 28, 29].includes(type)) return "dramacds";
      if (type === 20) return "authors";
      if (type === 17) return "hot_words";
      if (type === 14) return "campaigns";
      if (type === 4) return "ranking";
      return "series";
    };
    const visitor = new Browser(t.app);
    for (const layout of home.home_layout) {
      const answer = await visitor.postJson<HomeContentAnswer>(
        `/api/personal/home/${layout.layout_id}/${layout.display_number}/1`,
      );
      expect(answer.status, `layout ${layout.layout_id}`).toBe(200);
      expect(answer.body.content.kind, `layout ${layout.layout_id}`).toBe(
        kindOf(layout.layout_type, layout.content_type),
      );
      expect(answer.body.content.items.length).toBeLessThanOrEqual(
        Math.max(layout.display_number, answer.body.content.kind === "hot_words" ? 99 : 0),
      );
    }
  });

  it("shows the ranking block from the computed ranking, ranked, with more_flag", async () => {
    const block = home.home_layout.find((l) => l.layout_type === 4)!;
    const answer = await alice.postJson<HomeContentAnswer>(
      `/api/personal/home/${block.layout_id}/${block.display_number}/1`,
    );
    const items = answer.body.content.items as SeriesItem[];
    expect(answer.body.content.kind).toBe("ranking");
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((i) => i.rank)).toEqual(items.map((_, i) => i + 1));
    expect(answer.body.more_flag).toBe(true);
  });

  it("pages through a section and says whether more follow", async () => {
    const rotating = await alice.postJson<HomeContentAnswer>("/api/personal/home/1203/8/1");
    const last = await alice.postJson<HomeContentAnswer>("/api/personal/home/1203/8/5");
    expect(rotating.body.content.items).toHaveLength(8);
    expect(rotating.body.more_flag).toBe(true);
    expect(last.body.more_flag).toBe(false);
  });

  it("sets the member's own flags in personal answers", async () => {
    const mine = await alice.postJson<HomeContentAnswer>(`/api/personal/home/${seriesSection}/6/1`);
    const card = (mine.body.content.items as SeriesItem[])[0]!;
    expect(card).toMatchObject({ favorite_flag: true, cart_flag: true, get_flag: false });
    const his = await bob.postJson<HomeContentAnswer>(`/api/personal/home/${seriesSection}/6/1`);
    expect((his.body.content.items as SeriesItem[])[0]).toMatchObject({
      favorite_flag: false,
      cart_flag: false,
      get_flag: true,
    });
  });

  it("gives two members byte-identical shared answers with no user data", async () => {
    for (const layout of home.home_layout) {
      const path = `/api/shared/home/${layout.layout_id}/${layout.display_number}/1?k=${home.cache_key}`;
      const a = await alice.fetch(path);
      const b = await bob.fetch(path);
      const textA = await a.text();
      expect(a.status).toBe(200);
      expect(await b.text()).toBe(textA);
      expect(a.headers.get("cache-control")).toMatch(/public/);
      expect(textA).not.toMatch(/"(get|cart|favorite)_flag":true/);
    }
    const shared = await alice.getJson<HomeContentAnswer>(
      `/api/shared/home/${history}/12/1?k=${home.cache_key}`,
    );
    expect(shared.body.content.items).toEqual([]);
    expect(shared.body.cache).toBe(true);
  });

  it("shows content type 5 as the member's own viewing history, and clears it", async () => {
    const mine = await alice.postJson<HomeContentAnswer>(`/api/personal/home/${history}/12/1`);
    expect((mine.body.content.items as SeriesItem[]).map((s) => s.series_id)).toEqual([
      firstSeries.series_id,
    ]);
    const cleared = await alice.postJson("/api/series_view/clear");
    expect(cleared.body.result).toBe(true);
    const after = await alice.postJson<HomeContentAnswer>(`/api/personal/home/${history}/12/1`);
    expect(after.body.content.items).toEqual([]);
    const his = await bob.postJson<HomeContentAnswer>(`/api/personal/home/${history}/12/1`);
    expect(his.body.content.items).toHaveLength(1);
  });

  it("puts a volume the member reads at the top of their history, with 続きを読む opening it", async () => {
    const read = await bob.postJson("/api/reader/progress", { book: firstSeries.book_id, page: 2 });
    expect(read.status).toBe(200);
    const his = await bob.postJson<HomeContentAnswer>(`/api/personal/home/${history}/12/1`);
    const items = his.body.content.items as SeriesItem[];
    expect(items.map((s) => [s.series_id, s.continue_cid])).toEqual([
      [firstSeries.series_id, String(firstSeries.book_id)],
      [firstSeries.series_id + 1, ""],
    ]);
  });

  it("answers 404 for an unknown section and 400 for a bad page", async () => {
    expect((await alice.postJson("/api/personal/home/999999/6/1")).status).toBe(404);
    expect((await alice.postJson(`/api/personal/home/${seriesSection}/0/1`)).status).toBe(400);
    expect((await alice.fetch(`/api/shared/home/${seriesSection}/6/1`)).status).toBe(400);
  });

  it("shows 注目の作家 as authors, each with an introduction of their own and only their own works (issue 21 item 40)", async () => {
    const pickup = home.home_layout.find((l) => l.layout_type === 20)!;
    const { db } = t.database;
    const items = await db
      .select()
      .from(homeLayoutItems)
      .where(eq(homeLayoutItems.layoutId, pickup.layout_id));
    const lastAuthor = items.filter((i) => i.seriesId === null).at(-1)!.authorId!;
    // A row naming a series the author is not credited on (an editor's slip) is left out.
    const [stranger] = await db
      .select({ seriesId: seriesAuthors.seriesId })
      .from(seriesAuthors)
      .where(eq(seriesAuthors.authorId, lastAuthor === 1 ? 2 : 1))
      .limit(1);
    const credits = await db
      .select()
      .from(seriesAuthors)
      .where(eq(seriesAuthors.seriesId, stranger!.seriesId));
    expect(credits.some((c) => c.authorId === lastAuthor)).toBe(false);
    await db.insert(homeLayoutItems).values({
      layoutId: pickup.layout_id,
      position: Math.max(...items.map((i) => i.position)) + 1,
      seriesId: stranger!.seriesId,
      authorId: lastAuthor,
    });

    const answer = await new Browser(t.app).postJson<HomeContentAnswer>(
      `/api/personal/home/${pickup.layout_id}/${items.length + 1}/1`,
    );
    const rows = answer.body.content.items as AuthorPickupRow[];
    const authors = rows.filter((r) => r.row === "author");
    expect(authors.length).toBeGreaterThan(1);
    expect(new Set(authors.map((a) => a.introduction)).size).toBe(authors.length);
    let current: number | null = null;
    for (const row of rows) {
      if (row.row === "author") {
        current = row.author_id;
        continue;
      }
      expect(row.author_id).toBe(current);
      expect(row.item.authors.map((a) => a.author_id)).toContain(current);
    }
    expect(rows.some((r) => r.row === "series" && r.item.series_id === stranger!.seriesId)).toBe(
      false,
    );
  });
});

describe("user lists, favourites and notifications", () => {
  it("answers the member's cart, owned and favourite lists among the items asked", async () => {
    const items = [firstSeries.item_id!, 999_999];
    const a = await alice.postJson("/api/personal/user/items", { items });
    expect(a.body).toMatchObject({
      cart_items: [firstSeries.item_id],
      own_items: [],
      favorite_series: [firstSeries.series_id],
    });
    const b = await bob.postJson("/api/personal/user/items", { items });
    expect(b.body).toMatchObject({ cart_items: [], own_items: [firstSeries.item_id] });
    const visitor = await new Browser(t.app).postJson("/api/personal/user/items", { items });
    expect(visitor.body).toMatchObject({ cart_items: [], own_items: [], favorite_series: [] });
  });

  it("sets the same flags on a card in search, home and user/items answers (one member-flags service)", async () => {
    const search = await alice.postJson<{ data: SeriesItem[] }>("/api/search", {
      wd: firstSeries.series_name,
    });
    const found = search.body.data.find((s) => s.series_id === firstSeries.series_id)!;
    expect(found).toMatchObject({ favorite_flag: true, cart_flag: true, get_flag: false });
    const his = await bob.postJson<{ data: SeriesItem[] }>("/api/search", {
      wd: firstSeries.series_name,
    });
    expect(his.body.data.find((s) => s.series_id === firstSeries.series_id)).toMatchObject({
      favorite_flag: false,
      cart_flag: false,
      get_flag: true,
    });
  });

  it("toggles 気になる and answers the new state", async () => {
    const series = firstSeries.series_id + 2;
    const on = await bob.postJson("/api/series_favorite", { series });
    expect(on.body).toMatchObject({ result: true, favorite: true });
    const off = await bob.postJson("/api/series_favorite", { series });
    expect(off.body).toMatchObject({ result: true, favorite: false });
    const bell = await bob.postJson("/api/series_notification", { series });
    expect(bell.body).toMatchObject({ result: true, notification: true });
  });

  it("asks visitors to log in and refuses unknown series", async () => {
    const visitor = await new Browser(t.app).postJson("/api/series_favorite", { series: 1 });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({ result: false, error_url: "/login" });
    expect((await bob.postJson("/api/series_favorite", { series: 999_999 })).status).toBe(404);
    expect((await bob.postJson("/api/series_favorite", { series: "x" })).status).toBe(400);
  });
});

describe("init and events", () => {
  it("answers the ranking init call with the cache fields", async () => {
    const answer = await alice.postJson("/api/personal/ranking/init");
    expect(answer.body).toMatchObject({
      result: true,
      use_cache: true,
      cache_key: home.cache_key,
      member_free_vol: 2,
      login: true,
    });
  });

  it("accepts the five event names and refuses others", async () => {
    for (const name of ["open", "close", "click", "click_book", "click_leadlink"]) {
      const answer = await alice.postJson(`/api/event/${name}`, {
        series: 1,
        frame: "top_1101",
        position: 3,
      });
      expect(answer.status, name).toBe(200);
    }
    expect((await alice.postJson("/api/event/purchase", {})).status).toBe(400);
    expect((await alice.postJson("/api/event/click", { position: "x" })).status).toBe(400);
  });

  it("lists the genres", async () => {
    const answer = await alice.getJson<{ genre: Array<{ genre_id: number }> }>("/api/genre");
    expect(answer.body.genre.map((g) => g.genre_id)).toContain(21);
  });
});
