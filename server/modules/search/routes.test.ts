import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeriesItem } from "../../../contract/items";
import { Browser, createTestApp } from "../../http/test-client";
import { rebuildSearchIndex } from "./indexer";
import { insertFixtureCatalog } from "./test-fixture";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await insertFixtureCatalog(t.services.db);
  // Released "now" in fixture time is in the past for the real clock the routes use.
  await rebuildSearchIndex(t.services.db, { force: true });
});
afterAll(async () => {
  await t?.database.close();
});

let signups = 0;
async function member() {
  const browser = new Browser(t.app);
  const signup = await browser.postJson("/api/account/signup", {
    email: `search-${++signups}@example.jp`,
    password: "password-123",
    nickname: `search${signups}`,
    agree: true,
  });
  expect(signup.status).toBe(200);
  return browser;
}

type SearchBody = {
  data: SeriesItem[];
  pattern: Record<string, number>;
  condition: Record<string, unknown>;
};

describe("/api/search", () => {
  it("answers data, pattern and condition for POST with the short keys", async () => {
    const browser = new Browser(t.app);
    const { status, body } = await browser.postJson<SearchBody>("/api/search", {
      wd: "ﾏｵｳ",
      gn: "2",
      ps: "",
    });
    expect(status).toBe(200);
    expect(body.result).toBe(true);
    expect(body.data.map((s) => s.series_id)).toEqual([1]);
    expect(body.pattern).toEqual({ page: 1, total_page: 1, limit: 30, offset: 0, hit: 1 });
    expect(body.condition).toMatchObject({ word: "ﾏｵｳ", genre: [2], pricestart: null, page: 1 });
  });

  it("takes the same keys from a GET query, repeated keys as lists", async () => {
    const browser = new Browser(t.app);
    const { body } = await browser.getJson<SearchBody>(
      `/api/search?wd=${encodeURIComponent("魔王")}&gn=2&gn=5&sort=4`,
    );
    expect(body.data.map((s) => s.series_id)).toEqual([1, 2]);
    expect(body.condition).toMatchObject({ genre: [2, 5], sort: 4 });
  });

  it.each([
    [{ rt: 2 }, "rt"],
    [{ ft: 3 }, "ft"],
    [{ pn: 0 }, "pn"],
    [{ pn: "two" }, "pn"],
    [{ gn: ["x"] }, "gn"],
    [{ at: -1 }, "at"],
    [{ ps: 500, pe: 100 }, "pe"],
    [{ sort: 9 }, "sort"],
    [{ wd: "あ".repeat(101) }, "wd"],
  ])("answers 400 naming the field for %j", async (payload, field) => {
    const browser = new Browser(t.app);
    const { status, body } = await browser.postJson<{ error: { field: string } }>(
      "/api/search",
      payload,
    );
    expect(status).toBe(400);
    expect(body.result).toBe(false);
    expect(body.error.field).toBe(field);
    expect(body.error_message).toMatch(new RegExp(`^${field}: `));
  });

  it("answers 400 for a bad GET value too", async () => {
    const { status, body } = await new Browser(t.app).getJson<{ error: { field: string } }>(
      "/api/search?ft=x",
    );
    expect(status).toBe(400);
    expect(body.error.field).toBe("ft");
  });
});

describe("/api/suggest", () => {
  it("suggests titles, authors and tags for what was typed", async () => {
    const { body } = await new Browser(t.app).postJson<{ suggestions: unknown[] }>("/api/suggest", {
      wd: "たなか",
    });
    expect(body.suggestions).toEqual([
      { type: "author", id: 1, name: "田中 花子", url: "/search?at=1" },
    ]);
  });

  it("answers an empty list for an empty word", async () => {
    const { body } = await new Browser(t.app).postJson<{ suggestions: unknown[] }>(
      "/api/suggest",
      {},
    );
    expect(body.suggestions).toEqual([]);
  });
});

describe("search history", () => {
  const words = async (browser: Browser) =>
    (
      await browser.postJson<{ history: Array<{ word: string }> }>("/api/search_history")
    ).body.history.map((h) => h.word);

  it("keeps a member's words newest first, each once", async () => {
    const browser = await member();
    for (const wd of ["魔王", "ねこ", "魔王", ""])
      await browser.postJson("/api/search", { wd, gn: 2 });
    await browser.getJson(`/api/search?wd=${encodeURIComponent("田中")}`);
    expect(await words(browser)).toEqual(["田中", "魔王", "ねこ"]);
  });

  it("keeps each member's history to themselves", async () => {
    const a = await member();
    const b = await member();
    await a.postJson("/api/search", { wd: "溺愛" });
    expect(await words(b)).toEqual([]);
  });

  it("keeps nothing for visitors", async () => {
    const visitor = new Browser(t.app);
    await visitor.postJson("/api/search", { wd: "魔王" });
    expect(await words(visitor)).toEqual([]);
    const clear = await visitor.postJson("/api/search_history/clear");
    expect(clear.status).toBe(401);
  });

  it("clears a member's history", async () => {
    const browser = await member();
    await browser.postJson("/api/search", { wd: "魔王" });
    const clear = await browser.postJson("/api/search_history/clear");
    expect(clear.body.result).toBe(true);
    expect(await words(browser)).toEqual([]);
  });
});
