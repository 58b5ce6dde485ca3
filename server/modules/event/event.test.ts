import { getTableColumns } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_BATCH_MAX } from "../../../contract/event-names";
import { VISITOR_COOKIE } from "../../http/middleware/cookies-and-session";
import { Browser, createTestApp } from "../../http/test-client";
import { users } from "../account/schema";
import { runEventSummary } from "./jobs";
import { EVENT_SENDS } from "./routes";
import { analyticsEvents } from "./schema";
import { dailyCounts, recordEvents, summariseDay } from "./service";

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.database.close();
});

async function storedEvents() {
  return t.services.db.select().from(analyticsEvents).orderBy(analyticsEvents.eventId);
}

describe("POST /api/events and /api/event/{name}", () => {
  it("appends a batch with the session's utm values and the click source", async () => {
    const browser = new Browser(t.app);
    const before = (await storedEvents()).length;
    const answer = await browser.postJson("/api/events", {
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "autumn",
      events: [
        { name: "page_view", page: "/home" },
        { name: "click_book", series: 12, frame: "top_1101", position: 3, source: "top_1101_3" },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ result: true, recorded: 2 });
    const rows = (await storedEvents()).slice(before);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      name: "page_view",
      page: "/home",
      memberId: null,
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "autumn",
    });
    expect(rows[1]).toMatchObject({
      name: "click_book",
      seriesId: 12,
      frame: "top_1101",
      position: 3,
      clickSource: "top_1101_3",
    });
  });

  it("keeps what was stored: a second send adds rows and changes none", async () => {
    const browser = new Browser(t.app);
    const before = await storedEvents();
    await browser.postJson("/api/event/open", { category: "drawer", label: "menu" });
    const after = await storedEvents();
    expect(after).toHaveLength(before.length + 1);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.at(-1)).toMatchObject({ name: "open", category: "drawer", label: "menu" });
  });

  it("keeps no personal data beyond the member id", () => {
    const columns = Object.values(getTableColumns(analyticsEvents)).map((c) => c.name);
    for (const personal of ["session", "visitor", "address", "ip", "email", "nickname", "agent"]) {
      expect(columns.some((c) => c.includes(personal))).toBe(false);
    }
  });

  it("stores a member's id with their events", async () => {
    const [user] = await t.services.db
      .insert(users)
      .values({ email: "event@example.jp", profileId: "evtest", ctrlGroup: 1 })
      .returning();
    const stored = await recordEvents(
      t.services.db,
      { events: [{ name: "favorite", series: 5 }] },
      user!.userId,
    );
    expect(stored).toBe(1);
    expect((await storedEvents()).at(-1)).toMatchObject({
      name: "favorite",
      memberId: user!.userId,
    });
  });

  it("refuses unknown names, bad fields and oversized batches with a 400", async () => {
    const browser = new Browser(t.app);
    const before = (await storedEvents()).length;
    const unknown = await browser.postJson("/api/event/purchase", {});
    expect(unknown.status).toBe(400);
    const badSeries = await browser.postJson("/api/event/click_book", { series: "abc" });
    expect(badSeries.status).toBe(400);
    expect(badSeries.body.error_message).toMatch(/series/);
    const badName = await browser.postJson("/api/events", { events: [{ name: "buy" }] });
    expect(badName.status).toBe(400);
    const empty = await browser.postJson("/api/events", { events: [] });
    expect(empty.status).toBe(400);
    const tooMany = await browser.postJson("/api/events", {
      events: Array.from({ length: EVENT_BATCH_MAX + 1 }, () => ({ name: "click" })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error_message).toContain(`${EVENT_BATCH_MAX}件`);
    expect(await storedEvents()).toHaveLength(before);
  });

  it("accepts a beacon's token in the query, and nothing without one", async () => {
    const browser = new Browser(t.app);
    await browser.open();
    const ct = browser.cookies.get("ct")!;
    const body = JSON.stringify({ events: [{ name: "page_view", page: "/beacon" }] });
    const init = { method: "POST", headers: { "content-type": "application/json" }, body };
    const without = await browser.fetch("/api/events", { ...init, csrf: false });
    expect(without.status).toBe(403);
    const withToken = await browser.fetch(`/api/events?ct=${ct}`, { ...init, csrf: false });
    expect(withToken.status).toBe(200);
    const wrong = await browser.fetch("/api/events?ct=not-the-token-at-all", {
      ...init,
      csrf: false,
    });
    expect(wrong.status).toBe(403);
  });

  it("limits sends per address and stores nothing beyond the limit", async () => {
    const browser = new Browser(t.app);
    const other = new Browser(t.app);
    for (let i = 0; i < EVENT_SENDS.points; i++) {
      const ok = await browser.postJson("/api/event/click", { label: String(i) });
      expect(ok.status).toBe(200);
    }
    const before = (await storedEvents()).length;
    const over = await browser.postJson("/api/events", { events: [{ name: "click" }] });
    expect(over.status).toBe(429);
    expect(await storedEvents()).toHaveLength(before);
    // Another address is not held back.
    expect((await other.postJson("/api/event/click", {})).status).toBe(200);
  });

  it("does not let a client escape the limit by sending under a new visitor cookie", async () => {
    const browser = new Browser(t.app);
    const visitors = new Set<string>();
    for (let i = 0; i <= EVENT_SENDS.points; i++) {
      // A fresh client each time: no cookies, so a new visitor id (and CSRF token) is issued.
      browser.cookies.clear();
      const answer = await browser.postJson("/api/event/click", { label: String(i) });
      visitors.add(browser.cookies.get(VISITOR_COOKIE)!);
      expect(answer.status).toBe(i < EVENT_SENDS.points ? 200 : 429);
    }
    expect(visitors.size).toBe(EVENT_SENDS.points + 1);
  });
});

describe("the daily summary", () => {
  it("counts page views, clicks, popup impressions and closes per popup and per section", async () => {
    const db = t.services.db;
    const day = new Date("2026-03-10T03:00:00Z"); // 12:00 in Tokyo
    const dayBefore = new Date("2026-03-09T03:00:00Z");
    await recordEvents(
      db,
      {
        events: [
          { name: "page_view", page: "/home" },
          { name: "page_view", page: "/home" },
          { name: "page_view", page: "/series/3" },
          { name: "click_book", frame: "top_1101", series: 3 },
          { name: "click", frame: "top_1101" },
          { name: "click_leadlink", frame: "topic_a" },
          { name: "popup_open", popup: 7 },
          { name: "popup_open", popup: 7 },
          { name: "popup_open", popup: 9 },
          { name: "popup_close", popup: 7 },
          { name: "favorite", series: 3 },
        ],
      },
      null,
      day,
    );
    await recordEvents(db, { events: [{ name: "page_view", page: "/home" }] }, null, dayBefore);

    await summariseDay(db, day);
    const counts = await dailyCounts(db, day);
    const count = (metric: string, popup: number, section: string) =>
      counts.find((c) => c.metric === metric && c.popup_id === popup && c.section === section)
        ?.count;
    expect(counts.every((c) => c.day === "2026-03-10")).toBe(true);
    expect(count("page_view", 0, "")).toBe(3);
    expect(count("page_view", 0, "/home")).toBe(2);
    expect(count("click", 0, "")).toBe(3);
    expect(count("click", 0, "top_1101")).toBe(2);
    expect(count("click", 0, "topic_a")).toBe(1);
    expect(count("popup_open", 0, "")).toBe(3);
    expect(count("popup_open", 7, "")).toBe(2);
    expect(count("popup_open", 9, "")).toBe(1);
    expect(count("popup_close", 7, "")).toBe(1);

    // Rebuilding is harmless, and takes in events that came later.
    await recordEvents(db, { events: [{ name: "popup_close", popup: 9 }] }, null, day);
    await summariseDay(db, day);
    const again = await dailyCounts(db, day);
    expect(again.find((c) => c.metric === "popup_close" && c.popup_id === 9)?.count).toBe(1);
    expect(again.find((c) => c.metric === "page_view" && c.section === "")?.count).toBe(3);
  });

  it("the job summarises yesterday and today", async () => {
    const db = t.services.db;
    const now = new Date("2026-04-02T01:00:00Z");
    await recordEvents(db, { events: [{ name: "page_view", page: "/a" }] }, null, now);
    await recordEvents(
      db,
      { events: [{ name: "page_view", page: "/b" }] },
      null,
      new Date("2026-03-31T23:00:00Z"),
    );
    expect(await runEventSummary(db, now)).toBe(true);
    const today = await dailyCounts(db, now);
    const yesterday = await dailyCounts(db, new Date("2026-04-01T01:00:00Z"));
    expect(today.find((c) => c.section === "/a")?.count).toBe(1);
    expect(yesterday.find((c) => c.section === "/b")?.count).toBe(1);
  });
});
