import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createTestApp } from "../../http/test-client";
import { genres, publishers } from "../catalog/schema";
import { hotWords } from "../home/schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.db.insert(genres).values([
    { genreId: 1, name: "総合", sortOrder: 1 },
    { genreId: 2, name: "少女・女性", sortOrder: 2 },
  ]);
  await t.services.db
    .insert(publishers)
    .values({ publisherId: 8, name: "桜風社", nameKana: "オウフウシャ" });
  await t.services.db.insert(hotWords).values([
    { genre: 1, position: 1, word: "魔王" },
    { genre: 2, position: 1, word: "溺愛" },
  ]);
});
afterAll(async () => {
  await t?.database.close();
});

async function signedUpBrowser(name: string) {
  const browser = new Browser(t.app);
  await browser.postJson("/api/account/signup", {
    email: `${name}-${Date.now()}@example.jp`,
    password: "password-123",
    nickname: name,
    agree: true,
  });
  return browser;
}

describe("the menu call", () => {
  it("answers the spec's menu lists, personal and shared alike", async () => {
    const browser = new Browser(t.app);
    const personal = await browser.postJson("/api/personal/menu", { genre: 2 });
    expect(personal.body).toMatchObject({
      result: true,
      hotword: [{ word: "溺愛" }],
      publisher: [{ publisher_id: 8 }],
    });
    for (const field of [
      "genre",
      "category",
      "tag",
      "publisher",
      "publisher_group",
      "label",
      "generation",
      "hotword",
      "free_and_sale_count",
      "browse_menu",
    ]) {
      expect(personal.body).toHaveProperty(field);
    }
    const shared = await browser.getJson("/api/shared/menu?k=v1&genre=2");
    const { result: _a, ...sharedFields } = shared.body;
    const { result: _b, ...personalFields } = personal.body;
    expect(sharedFields).toEqual(personalFields);
  });

  it("gives two different members byte-identical shared answers, public and cacheable", async () => {
    const a = await signedUpBrowser("あかね");
    const b = await signedUpBrowser("ぼたん");
    const ra = await a.fetch("/api/shared/menu?k=v2");
    const rb = await b.fetch("/api/shared/menu?k=v2");
    expect(await ra.text()).toBe(await rb.text());
    expect(ra.headers.get("cache-control")).toMatch(/^public, max-age=\d{4,}/);
    expect(ra.headers.get("etag")).toBe(rb.headers.get("etag"));
  });

  it("answers 304 when the ETag matches", async () => {
    const browser = new Browser(t.app);
    const first = await browser.fetch("/api/shared/menu?k=v3");
    const again = await browser.fetch("/api/shared/menu?k=v3", {
      headers: { "if-none-match": first.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });

  it("keeps answers for different query values apart", async () => {
    const browser = new Browser(t.app);
    const one = await browser.getJson<{ hotword: unknown[] }>("/api/shared/menu?k=v4&genre=1");
    const two = await browser.getJson<{ hotword: unknown[] }>("/api/shared/menu?k=v4&genre=2");
    expect(one.body.hotword).toEqual([{ word: "魔王" }]);
    expect(two.body.hotword).toEqual([{ word: "溺愛" }]);
  });

  it("answers a missing cache key or an unknown genre with 400", async () => {
    const browser = new Browser(t.app);
    expect((await browser.getJson("/api/shared/menu")).status).toBe(400);
    const bad = await browser.getJson("/api/shared/menu?k=x&genre=7");
    expect(bad.status).toBe(400);
    expect((bad.body as { error_message?: string }).error_message).toContain("genre");
  });
});
