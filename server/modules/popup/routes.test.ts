import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  PopupBookInfoAnswer,
  PopupCreativeInfoAnswer,
  PopupGenreCampaignAnswer,
  PopupPickupFreeAnswer,
  PopupSignupCouponAnswer,
  PopupsAnswer,
  PopupView,
} from "../../../contract/popup";
import { startOfTokyoDay } from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import { defaultSeedOptions, seedDatabase } from "../../db/seed/seed";
import { Browser, createTestApp } from "../../http/test-client";
import { users } from "../account/schema";
import { books, seriesGenres } from "../catalog/schema";
import { cartItems } from "../commerce/schema";
import { readingProgress, seriesFavorites } from "../library/schema";
import { topicPages } from "../topic/schema";
import { popups } from "./schema";
import { type MemberState, matchesTarget, popupsForPage, type ViewerFacts } from "./service";

let t: Awaited<ReturnType<typeof createTestApp>>;
let db: Db;
/** Seeded popup id by tracking name. */
const idOf = new Map<string, number>();
const seeded = new Map<string, typeof popups.$inferSelect>();

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  // Dated from today, as the server seeds: the app answers on the real clock, and a campaign of
  // a fixed seed date would have ended by the time the test runs.
  await seedDatabase(db, { ...defaultSeedOptions(60), now: startOfTokyoDay(new Date()) });
  for (const row of await db.select().from(popups)) {
    idOf.set(row.trackingName, row.popupId);
    seeded.set(row.trackingName, row);
  }
}, 120_000);

afterAll(async () => {
  await t?.database.close();
});

let nextMember = 0;
async function member(): Promise<[Browser, number]> {
  const browser = new Browser(t.app);
  nextMember += 1;
  const signup = await browser.postJson("/api/account/signup", {
    email: `popup-${nextMember}-${Date.now()}@example.jp`,
    password: "password-123",
    nickname: "読書家",
    agree: true,
  });
  expect(signup.status).toBe(200);
  const status = await browser.getJson<{ uid: string }>("/api/status");
  return [browser, Number(status.body.uid)];
}

/** Makes the member one who registered long ago (the seed's long-standing members). */
async function age(userId: number) {
  await db
    .update(users)
    .set({ signupAt: new Date("2025-01-01T00:00:00Z") })
    .where(eq(users.userId, userId));
  // Written behind the app's back: what it keeps about the member is stale now.
  await t.services.memberKept.changed(userId);
}

async function list(browser: Browser, body: Record<string, unknown>) {
  const answer = await browser.postJson<PopupsAnswer>("/api/popups", body);
  expect(answer.status).toBe(200);
  return answer.body;
}
const names = (answer: PopupsAnswer) => answer.popups.map((p) => p.tracking_name);
const find = (answer: PopupsAnswer, name: string): PopupView | undefined =>
  answer.popups.find((p) => p.tracking_name === name);

/** A series whose cheapest paid volume costs `min`–`max` yen. */
async function seriesPriced(min: number, max: number): Promise<number> {
  const rows = await db.select().from(books);
  const hit = rows.find(
    (b) => b.volume === 1 && b.onsaleFlag && b.priceInc >= min && b.priceInc <= max,
  );
  if (!hit) throw new Error(`no series priced ${min}-${max}`);
  return hit.seriesId;
}

async function readSomething(userId: number, seriesId: number, daysAgo = 0) {
  const [book] = await db.select().from(books).where(eq(books.seriesId, seriesId)).limit(1);
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await db
    .insert(readingProgress)
    .values({ userId, bookId: book!.bookId, seriesId, page: 3, startedAt: at, updatedAt: at })
    .onConflictDoNothing();
  return book!;
}

describe("/api/popups targeting", () => {
  it("gives a visitor on home the big sale then the sign-up coupon, in priority order", async () => {
    const answer = await list(new Browser(t.app), { page: "home" });
    const got = names(answer);
    expect(got.indexOf("pop_big_sale")).toBeGreaterThanOrEqual(0);
    expect(got.indexOf("pop_big_sale")).toBeLessThan(got.indexOf("pop_signup_coupon"));
    // Member-only popups stay out; '*' popups come on every page.
    expect(got).not.toContain("pop_login_stamp");
    expect(got).not.toContain("pop_pickup_campaign");
    expect(got).toContain("pop_bottom_banner");
    expect(answer.last_read_genre).toBeNull();
  });

  it("caps the answer at num", async () => {
    const answer = await list(new Browser(t.app), { page: "home", num: 1 });
    expect(answer.popups).toHaveLength(1);
  });

  it("type 10 sign-up coupon is for visitors only and needs a discount rate", async () => {
    const [alice] = await member();
    expect(names(await list(alice, { page: "home" }))).not.toContain("pop_signup_coupon");
    const coupon = find(await list(new Browser(t.app), { page: "home" }), "pop_signup_coupon");
    expect(coupon?.display.discount_rate).toBe(70);
    const v = viewer({ isLogin: false });
    const rate0 = { ...seeded.get("pop_signup_coupon")!, display: {} };
    await db.update(popups).set({ display: {} }).where(eq(popups.popupId, rate0.popupId));
    const without = await popupsForPage(db, v, null, { page: "home" }, new Date());
    await db
      .update(popups)
      .set({ display: seeded.get("pop_signup_coupon")!.display })
      .where(eq(popups.popupId, rate0.popupId));
    expect(without.popups.map((p) => p.popup_type)).not.toContain(10);
  });

  it("type 8 login stamp only while today's stamp is not pressed", async () => {
    const [alice] = await member();
    expect(names(await list(alice, { page: "home" }))).toContain("pop_login_stamp");
    await alice.postJson("/api/login_stamps");
    expect(names(await list(alice, { page: "home" }))).not.toContain("pop_login_stamp");
  });

  it("type 1 pickup campaign: a running campaign with up to 6 series and its more link", async () => {
    const [alice] = await member();
    const pickup = find(await list(alice, { page: "home" }), "pop_pickup_campaign");
    expect(pickup?.title).toBe("今イチオシの特集はこちら！");
    expect(pickup?.pickup?.campaign.campaign_id).toBeGreaterThan(0);
    expect(pickup?.pickup?.series.length).toBeGreaterThan(0);
    expect(pickup?.pickup?.series.length).toBeLessThanOrEqual(6);
    expect(pickup?.pickup?.more_url).toMatch(/^\/|^https?:/);
  });

  it("type 1 appeal, 7 point books and 3 lead-link come on their own pages", async () => {
    const [alice] = await member();
    expect(names(await list(alice, { page: "free" }))).toContain("pop_appeal_newrelease");
    expect(names(await list(alice, { page: "otoku" }))).toContain("pop_point_books");
    const lead = find(await list(alice, { page: "ranking" }), "pop_big_leadlink_app");
    expect(lead?.display.pr).toBe(true);
    expect(names(await list(alice, { page: "ranking" }))).toContain("pop_koma_multi");
  });

  it("type 4 continue reading (a week idle) and types 37/38 wait for something read", async () => {
    const [alice, aliceId] = await member();
    const before = await list(alice, { page: "home" });
    expect(names(before)).not.toContain("pop_continue");
    expect(names(before)).not.toContain("pop_genre_campaign");
    const seriesId = await seriesPriced(1, 100_000);
    const book = await readSomething(aliceId, seriesId, 8);
    const after = await list(alice, { page: "home" });
    expect(find(after, "pop_continue")?.book_data?.book_id).toBe(book.bookId);
    expect(names(after)).toContain("pop_genre_campaign");
    const genres = await db.select().from(seriesGenres).where(eq(seriesGenres.seriesId, seriesId));
    expect(genres.map((g) => g.genreId)).toContain(after.last_read_genre);
    const other = (await db.select().from(books)).find((b) => b.seriesId !== seriesId)!;
    expect(names(await list(alice, { page: "series", series: other.seriesId }))).toContain(
      "pop_pickup_free",
    );
    // Reading again today: no longer idle, so no continue-reading appeal.
    await readSomething(aliceId, other.seriesId);
    expect(names(await list(alice, { page: "home" }))).not.toContain("pop_continue");
  });

  it("type 11 remind only with something in the cart", async () => {
    const [alice, aliceId] = await member();
    await age(aliceId);
    expect(names(await list(alice, { page: "home" }))).not.toContain("pop_remind_cart");
    const [book] = await db.select().from(books).where(eq(books.onsaleFlag, true)).limit(1);
    await db.insert(cartItems).values({ userId: aliceId, itemId: book!.itemId, itemType: 0 });
    expect(names(await list(alice, { page: "home" }))).toContain("pop_remind_cart");
  });

  it("type 9 bookshelf new only with new volumes on the shelf", async () => {
    const facts = viewer({ isLogin: true });
    const base: MemberState = {
      userId: 999_999,
      nickname: "",
      cartCount: 0,
      bookshelfNewCount: 0,
      isTodayStamp: true,
      stampCardRunning: true,
    };
    const none = await popupsForPage(db, facts, base, { page: "bookshelf" }, new Date());
    expect(none.popups.map((p) => p.popup_type)).not.toContain(9);
    const some = await popupsForPage(
      db,
      facts,
      { ...base, bookshelfNewCount: 2 },
      { page: "bookshelf" },
      new Date(),
    );
    expect(some.popups.map((p) => p.popup_type)).toContain(9);
  });

  it("type 40 mail magazine asks long-standing members without the newsletter", async () => {
    const [alice, aliceId] = await member();
    expect(names(await list(alice, { page: "bookshelf" }))).not.toContain("pop_mail_magazine");
    await age(aliceId);
    expect(names(await list(alice, { page: "bookshelf" }))).toContain("pop_mail_magazine");
    await alice.postJson("/api/newsletter", { enable: true });
    expect(names(await list(alice, { page: "bookshelf" }))).not.toContain("pop_mail_magazine");
    expect(names(await list(new Browser(t.app), { page: "bookshelf" }))).not.toContain(
      "pop_mail_magazine",
    );
  });

  it("type 12 launch app is for paying members on phones", async () => {
    const seriesId = await seriesPriced(1, 100_000);
    const phoneMember = viewer({ isLogin: true, isPaid: true, os: "android" });
    const state = memberState(1);
    const types = async (facts: ViewerFacts, m: MemberState | null) =>
      (
        await popupsForPage(db, facts, m, { page: "series", series: seriesId }, new Date())
      ).popups.map((p) => p.popup_type);
    expect(await types(phoneMember, state)).toContain(12);
    expect(await types({ ...phoneMember, os: "pc" }, state)).not.toContain(12);
    expect(await types({ ...phoneMember, isPaid: false }, state)).not.toContain(12);
    // The request's own device decides os: a PC browser never gets it.
    const pc = await list(new Browser(t.app), { page: "series", series: seriesId });
    expect(names(pc)).not.toContain("pop_launch_app");
  });

  it("type 31 coupon carries the seconds left of its campaign", async () => {
    const [alice] = await member();
    const coupon = find(await list(alice, { page: "campaign" }), "pop_coupon");
    expect(coupon).toBeDefined();
    if (coupon?.campaign_id) expect(coupon.expire_seconds).toBeGreaterThan(0);
  });

  it("type 32 practical free only for series priced 1–200 yen, for paying members", async () => {
    const cheap = await seriesPriced(1, 200);
    const dear = await seriesPriced(201, 100_000);
    const payer = viewer({ isLogin: true, isPaid: true });
    const on = async (series: number, facts = payer) =>
      (
        await popupsForPage(db, facts, memberState(1), { page: "series", series }, new Date())
      ).popups.find((p) => p.popup_type === 32);
    const yes = await on(cheap);
    expect(yes?.book_data?.price_inc).toBeGreaterThanOrEqual(1);
    expect(yes?.book_data?.price_inc).toBeLessThanOrEqual(200);
    expect(await on(dear)).toBeUndefined();
    expect(await on(cheap, { ...payer, isPaid: false })).toBeUndefined();
  });

  it("types 33, 34, 35 come from the server; their arrival rules are the page's", async () => {
    const seriesId = await seriesPriced(1, 100_000);
    const series = await list(new Browser(t.app), { page: "series", series: seriesId });
    expect(find(series, "pop_move_ranking")?.display.scroll_ratio).toBe(40);
    const home = await list(new Browser(t.app), { page: "home" });
    expect(find(home, "pop_shortcut")?.display.image_name).toBe("shortcut_home");
    expect(names(home)).toContain("pop_bottom_banner");
  });

  it("type 36 favourite appeal asks readers of the series who have not favourited it", async () => {
    const [alice, aliceId] = await member();
    const seriesId = await seriesPriced(1, 100_000);
    expect(names(await list(alice, { page: "series", series: seriesId }))).not.toContain(
      "pop_favorite_appeal",
    );
    await readSomething(aliceId, seriesId);
    expect(names(await list(alice, { page: "series", series: seriesId }))).toContain(
      "pop_favorite_appeal",
    );
    await db.insert(seriesFavorites).values({ userId: aliceId, seriesId });
    expect(names(await list(alice, { page: "series", series: seriesId }))).not.toContain(
      "pop_favorite_appeal",
    );
    expect(
      names(await list(new Browser(t.app), { page: "series", series: seriesId })),
    ).not.toContain("pop_favorite_appeal");
  });

  it("types 5 and 39 are shown on their own series only", async () => {
    const lead = seeded.get("pop_big_leadlink_abj")!;
    const koma = seeded.get("pop_koma_appeal")!;
    const visitor = new Browser(t.app);
    const own = await list(visitor, { page: "series", series: lead.seriesId! });
    expect(names(own)).toContain("pop_big_leadlink_abj");
    expect(names(own)).toContain("pop_koma_appeal");
    expect(find(own, "pop_koma_appeal")?.book_data?.book_id).toBe(koma.bookId);
    const other = await seriesPriced(1, 100_000);
    if (other !== lead.seriesId) {
      const elsewhere = await list(visitor, { page: "series", series: other });
      expect(names(elsewhere)).not.toContain("pop_big_leadlink_abj");
    }
  });

  it("type 41 staff book needs a genre read and is skipped on its own series", async () => {
    const staff = seeded.get("pop_staff_book")!;
    const [alice, aliceId] = await member();
    const [ownBook] = await db.select().from(books).where(eq(books.bookId, staff.bookId!));
    const otherSeries = (await db.select().from(books)).find(
      (b) => b.seriesId !== ownBook!.seriesId,
    )!.seriesId;
    expect(names(await list(alice, { page: "series", series: otherSeries }))).not.toContain(
      "pop_staff_book",
    );
    await readSomething(aliceId, otherSeries);
    const shown = find(
      await list(alice, { page: "series", series: otherSeries }),
      "pop_staff_book",
    );
    expect(shown?.book_data?.book_id).toBe(staff.bookId);
    expect(names(await list(alice, { page: "series", series: ownBook!.seriesId }))).not.toContain(
      "pop_staff_book",
    );
  });

  it("type 6 terms update goes to members from before the change, once (display limit 1)", async () => {
    const [alice, aliceId] = await member();
    expect(names(await list(alice, { page: "home" }))).not.toContain("pop_terms_update");
    const before = viewer({ isLogin: true, signupAt: new Date("2025-01-01T00:00:00Z") });
    const state: MemberState = {
      userId: aliceId,
      nickname: "",
      cartCount: 0,
      bookshelfNewCount: 0,
      isTodayStamp: true,
      stampCardRunning: true,
    };
    const first = await popupsForPage(db, before, state, { page: "home" }, new Date());
    const terms = first.popups.find((p) => p.popup_type === 6);
    expect(terms?.display.dismissible).toBe(false);
    const open = await alice.postJson("/api/popup_open", { page: "home", popup: terms!.popup_id });
    expect(open.body).toMatchObject({ result: true, open_count: 1 });
    const again = await popupsForPage(db, before, state, { page: "home" }, new Date());
    expect(again.popups.map((p) => p.popup_type)).not.toContain(6);
  });

  it("type 2 big sale links to its campaign", async () => {
    const big = find(await list(new Browser(t.app), { page: "home" }), "pop_big_sale");
    expect(big?.link_url).toMatch(/^\/(campaign\/\d+|otoku)$/);
  });
});

describe("user status target_popup", () => {
  const targets = async (browser: Browser) =>
    (await browser.postJson<{ target_popup: number[] }>("/api/user", {})).body.target_popup;

  it("follows the popups' target rules: a member who signed up today is not targeted by popups for earlier sign-ups", async () => {
    const [fresh] = await member();
    const got = await targets(fresh);
    for (const name of ["pop_terms_update", "pop_remind_cart", "pop_mail_magazine"]) {
      expect(got, name).not.toContain(idOf.get(name));
    }
    // Nor by visitor-only popups, or those for paying members or lapsed readers.
    for (const name of ["pop_signup_coupon", "pop_practical_free", "pop_continue"]) {
      expect(got, name).not.toContain(idOf.get(name));
    }
    expect(got).toContain(idOf.get("pop_coupon"));
    expect(got).toContain(idOf.get("pop_bottom_banner"));
  });

  it("names the popups a long-standing member is targeted by, as /api/popups decides", async () => {
    const [old, oldId] = await member();
    await age(oldId);
    const got = await targets(old);
    for (const name of ["pop_terms_update", "pop_remind_cart", "pop_mail_magazine"]) {
      expect(got, name).toContain(idOf.get(name));
    }
    // A device rule (the app popup is for phones) does not exclude: the status is the member's
    // on any device; its paid rule does.
    expect(got).not.toContain(idOf.get("pop_launch_app"));
  });

  it("a topic page's havePopup marker follows the same targeting", async () => {
    const terms = idOf.get("pop_terms_update")!;
    const content = JSON.stringify([
      {
        columns: [
          {
            blocks: [
              { type: "text", class: `havePopup${terms}`, html: "改定後の規約をご確認ください" },
            ],
          },
        ],
      },
    ]);
    await db.insert(topicPages).values({
      pageName: "popup-marker",
      pageType: "topic",
      title: "規約",
      content,
      updatedAt: new Date(),
    });
    const shown = async (browser: Browser) =>
      JSON.stringify((await browser.getJson("/api/topic/popup-marker")).body);
    const [fresh] = await member();
    const [old, oldId] = await member();
    await age(oldId);
    expect(await shown(fresh)).not.toContain("改定後の規約");
    expect(await shown(old)).toContain("改定後の規約");
  });
});

describe("popup_open and popup_close", () => {
  it("hide: never shows the popup to that member again; a plain close does not hide", async () => {
    const [alice] = await member();
    const big = idOf.get("pop_big_sale")!;
    const closed = await alice.postJson("/api/popup_close", { popup: big, hide: false });
    expect(closed.body).toMatchObject({ result: true, hidden: false });
    expect(names(await list(alice, { page: "home" }))).toContain("pop_big_sale");
    const hidden = await alice.postJson("/api/popup_close", { popup: big, hide: true });
    expect(hidden.body).toMatchObject({ result: true, hidden: true });
    expect(names(await list(alice, { page: "home" }))).not.toContain("pop_big_sale");
    // A later plain close does not bring it back.
    await alice.postJson("/api/popup_close", { popup: big });
    expect(names(await list(alice, { page: "home" }))).not.toContain("pop_big_sale");
    // Another member still sees it.
    const [bob] = await member();
    expect(names(await list(bob, { page: "home" }))).toContain("pop_big_sale");
  });

  it("counts opens per member and answers visitors without storing", async () => {
    const [alice] = await member();
    const id = idOf.get("pop_big_sale")!;
    await alice.postJson("/api/popup_open", { page: "home", popup: id });
    const second = await alice.postJson("/api/popup_open", { page: "home", popup: id });
    expect(second.body).toMatchObject({ result: true, open_count: 2 });
    const visitor = await new Browser(t.app).postJson("/api/popup_open", {
      page: "home",
      popup: id,
    });
    expect(visitor.body).toMatchObject({ result: true, open_count: 1 });
  });

  it("answers 404 for a popup that does not exist", async () => {
    const answer = await new Browser(t.app).postJson("/api/popup_close", { popup: 999_999 });
    expect(answer.status).toBe(404);
  });
});

describe("bad input answers 400 in Japanese", () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["/api/popups", { page: "nowhere" }, "page"],
    ["/api/popups", { page: "home", num: 0 }, "num"],
    ["/api/popups", { page: "series", series: "abc" }, "series"],
    ["/api/popup_open", { page: "home" }, "popup"],
    ["/api/popup_open", { page: "x", popup: 1 }, "page"],
    ["/api/popup_close", { popup: 1, hide: "yes" }, "hide"],
    ["/api/popup_close", { popup: -1 }, "popup"],
    ["/api/popup_signup_coupon", { popup: 1, book: 0 }, "book"],
    ["/api/popup_genre_campaign", { genre: 7 }, "genre"],
    ["/api/popup_pickup_free", { genre: 2, series: "x" }, "series"],
    ["/api/popup_pickup_free", {}, "genre"],
    ["/api/popup_book_info", { popup: "1e3" }, "popup"],
    ["/api/popup_creative_info", { popup: 2.5 }, "popup"],
  ];
  for (const [path, body, field] of cases) {
    it(`${path} ${JSON.stringify(body)}`, async () => {
      const answer = await new Browser(t.app).postJson(path, body);
      expect(answer.status).toBe(400);
      expect(answer.body.result).toBe(false);
      expect(answer.body.error_message).toContain(field);
      expect(answer.body.error_message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    });
  }
});

describe("per-type data calls", () => {
  it("/api/popup_signup_coupon: the rate with 6 recommendations, 3 beside a book", async () => {
    const popup = idOf.get("pop_signup_coupon")!;
    const alone = await new Browser(t.app).postJson<PopupSignupCouponAnswer>(
      "/api/popup_signup_coupon",
      { popup },
    );
    expect(alone.body.discount_rate).toBe(70);
    expect(alone.body.book_data).toBeNull();
    expect(alone.body.recommends).toHaveLength(6);
    const [book] = await db.select().from(books).limit(1);
    const beside = await new Browser(t.app).postJson<PopupSignupCouponAnswer>(
      "/api/popup_signup_coupon",
      { popup, book: book!.bookId },
    );
    expect(beside.body.book_data?.book_id).toBe(book!.bookId);
    expect(beside.body.recommends.length).toBeLessThanOrEqual(3);
    expect(beside.body.recommends.map((s) => s.series_id)).not.toContain(book!.seriesId);
    const wrongType = await new Browser(t.app).postJson("/api/popup_signup_coupon", {
      popup: idOf.get("pop_big_sale"),
    });
    expect(wrongType.status).toBe(404);
  });

  it("/api/popup_genre_campaign: running campaigns of the genre", async () => {
    const answer = await new Browser(t.app).postJson<PopupGenreCampaignAnswer>(
      "/api/popup_genre_campaign",
      { genre: 1 },
    );
    expect(answer.body.campaigns.length).toBeGreaterThan(0);
    expect(answer.body.campaigns.length).toBeLessThanOrEqual(3);
    for (const c of answer.body.campaigns) expect(c.url).toMatch(/^\/|^https?:/);
  });

  it("/api/popup_pickup_free: free series of the genre without the current one", async () => {
    const first = await new Browser(t.app).postJson<PopupPickupFreeAnswer>(
      "/api/popup_pickup_free",
      { genre: 1 },
    );
    expect(first.body.data.length).toBeGreaterThan(0);
    expect(first.body.data.length).toBeLessThanOrEqual(6);
    const current = first.body.data[0]!.series_id;
    const without = await new Browser(t.app).postJson<PopupPickupFreeAnswer>(
      "/api/popup_pickup_free",
      { genre: 1, series: current },
    );
    expect(without.body.data.map((s) => s.series_id)).not.toContain(current);
  });

  it("/api/popup_book_info: the staff book's volume", async () => {
    const staff = seeded.get("pop_staff_book")!;
    const answer = await new Browser(t.app).postJson<PopupBookInfoAnswer>("/api/popup_book_info", {
      popup: staff.popupId,
    });
    expect(answer.body.book_data?.book_id).toBe(staff.bookId);
    const wrong = await new Browser(t.app).postJson("/api/popup_book_info", {
      popup: idOf.get("pop_big_sale"),
    });
    expect(wrong.status).toBe(404);
  });

  it("/api/popup_creative_info: koma images and their series (39 one, 42 several)", async () => {
    const koma = seeded.get("pop_koma_appeal")!;
    const one = await new Browser(t.app).postJson<PopupCreativeInfoAnswer>(
      "/api/popup_creative_info",
      { popup: koma.popupId, series: koma.seriesId },
    );
    expect(one.body.koma).toHaveLength(3);
    expect(one.body.series.map((s) => s.series_id)).toEqual([koma.seriesId]);
    const multi = await new Browser(t.app).postJson<PopupCreativeInfoAnswer>(
      "/api/popup_creative_info",
      { popup: idOf.get("pop_koma_multi") },
    );
    expect(multi.body.koma).toHaveLength(4);
    expect(multi.body.series.length).toBeGreaterThan(1);
  });
});

function memberState(userId: number): MemberState {
  return {
    userId,
    nickname: "",
    cartCount: 0,
    bookshelfNewCount: 0,
    isTodayStamp: true,
    stampCardRunning: true,
  };
}

function viewer(over: Partial<ViewerFacts>): ViewerFacts {
  return {
    isLogin: false,
    isPaid: false,
    signupAt: null,
    newsletter: false,
    os: "pc",
    lastReadGenre: null,
    lastReadAt: null,
    ...over,
  };
}

describe("target rules are data", () => {
  const now = new Date("2026-11-24T00:00:00Z");
  it("login, paid, signup age, newsletter, os and genres each restrict", () => {
    const m = viewer({ isLogin: true, signupAt: new Date("2026-11-20T00:00:00Z") });
    expect(matchesTarget({}, viewer({}), now)).toBe(true);
    expect(matchesTarget({ login: "member" }, viewer({}), now)).toBe(false);
    expect(matchesTarget({ login: "visitor" }, m, now)).toBe(false);
    expect(matchesTarget({ paid: "paid" }, m, now)).toBe(false);
    expect(matchesTarget({ paid: "unpaid" }, { ...m, isPaid: true }, now)).toBe(false);
    expect(matchesTarget({ signup_within_days: 7 }, m, now)).toBe(true);
    expect(matchesTarget({ signup_within_days: 3 }, m, now)).toBe(false);
    expect(matchesTarget({ signup_before: "2026-11-21T00:00:00Z" }, m, now)).toBe(true);
    expect(matchesTarget({ signup_before: "2026-11-01T00:00:00Z" }, m, now)).toBe(false);
    expect(matchesTarget({ newsletter: false }, viewer({}), now)).toBe(false);
    expect(matchesTarget({ os: ["ios"] }, m, now)).toBe(false);
    expect(matchesTarget({ genres: [2] }, { ...m, lastReadGenre: 2 }, now)).toBe(true);
    expect(matchesTarget({ genres: [2] }, m, now)).toBe(false);
    expect(matchesTarget({ idle_days: 7 }, m, now)).toBe(false);
    const read = (d: string) => ({ ...m, lastReadAt: new Date(d) });
    expect(matchesTarget({ idle_days: 7 }, read("2026-11-10T00:00:00Z"), now)).toBe(true);
    expect(matchesTarget({ idle_days: 7 }, read("2026-11-20T00:00:00Z"), now)).toBe(false);
  });
});
