import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchInputSchema } from "../../contract/search";
import { Browser, createTestApp } from "../http/test-client";
import { rebuildSearchIndex } from "../modules/search/indexer";
import { insertFixtureCatalog } from "../modules/search/test-fixture";
import { searchPage } from "./search";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await insertFixtureCatalog(t.services.db);
  await rebuildSearchIndex(t.services.db, { force: true });
});
afterAll(async () => {
  await t?.database.close();
});

const QUERY = { wd: "魔王", gn: ["2", "5"], sort: "4" };

/**
 * The /search loader (app/features/search/search.server.ts) parses the address's short keys and
 * calls searchPage with the viewer's id; /api/search must answer the same search.
 */
describe("one search for /api/search and the search page", () => {
  it("answers a visitor the same", async () => {
    const api = await new Browser(t.app).postJson<Record<string, unknown>>("/api/search", QUERY);
    const page = await searchPage(t.services.db, searchInputSchema.parse(QUERY), null);
    expect(api.status).toBe(200);
    expect(api.body).toEqual({ result: true, ...page });
  });

  it("answers a member the same, their flags on the cards", async () => {
    const browser = new Browser(t.app);
    const email = "same-search@example.jp";
    await browser.postJson("/api/account/signup", {
      email,
      password: "password-123",
      nickname: "samesearch",
      agree: true,
    });
    await browser.postJson("/api/series_favorite", { series: 1 });
    const { rows } = await t.services.db.execute(
      sql`select user_id from users where email = ${email}`,
    );
    const userId = Number((rows[0] as { user_id: number }).user_id);

    const api = await browser.postJson<{ data: Array<{ series_id: number }> }>(
      "/api/search",
      QUERY,
    );
    const page = await searchPage(t.services.db, searchInputSchema.parse(QUERY), userId);
    expect(page.data.length).toBeGreaterThan(0);
    expect(JSON.stringify(page.data)).not.toBe(
      JSON.stringify((await searchPage(t.services.db, searchInputSchema.parse(QUERY), null)).data),
    );
    expect(api.body).toEqual({ result: true, ...page });
  });
});
