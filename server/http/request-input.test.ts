import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertFixtureCatalog } from "../modules/search/test-fixture";
import { JSON_BODY_LIMIT } from "./app";
import { Browser, createTestApp } from "./test-client";

// Issue 7: holes found when the store was attacked from outside. Each answered 500 (or 200 to
// nonsense) before the one input reader; each must now be a 4xx in the API's failure shape.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await insertFixtureCatalog(t.database.db);
});
afterAll(async () => {
  await t?.database.close();
});

let n = 0;
async function member() {
  const browser = new Browser(t.app, `198.51.100.${++n}`);
  const answer = await browser.postJson("/api/account/signup", {
    email: `input${n}-${Date.now()}@example.jp`,
    password: "password-123",
    nickname: "読書家",
    agree: true,
  });
  expect(answer.status).toBe(200);
  return browser;
}

async function visitor() {
  const browser = new Browser(t.app, `192.0.2.${++n}`);
  await browser.open();
  return browser;
}

const NUL = "\u0000";

describe("control characters", () => {
  it("refuses NUL in suggest and search, from a body or a query, naming the field", async () => {
    const browser = await visitor();
    const suggest = await browser.postJson("/api/suggest", { wd: `a${NUL}b` });
    expect(suggest.status).toBe(400);
    expect(suggest.body).toMatchObject({ result: false, error: { field: "wd" } });
    for (const path of ["/api/search?wd=%00", "/api/suggest?wd=a%00b", "/api/search?gn=2&gn=%00"]) {
      const answer = await browser.getJson(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.result).toBe(false);
    }
    const search = await browser.postJson("/api/search", { wd: `x${NUL}` });
    expect(search.status).toBe(400);
  });

  it("refuses NUL in a key or a field the route does not even read", async () => {
    const browser = await visitor();
    expect((await browser.postJson("/api/suggest", { wd: "a", [`x${NUL}`]: 1 })).status).toBe(400);
    expect((await browser.postJson("/api/status", { note: NUL })).status).toBe(400);
    expect((await browser.getJson("/api/genre?x=%00")).status).toBe(400);
  });

  it("refuses NUL in sign-up and profile, and keeps the stored profile", async () => {
    const fresh = new Browser(t.app, "198.51.100.200");
    const signup = await fresh.postJson("/api/account/signup", {
      email: "nul-signup@example.jp",
      password: "password-123",
      nickname: `a${NUL}`,
      agree: true,
    });
    expect(signup.status).toBe(400);
    expect(signup.body).toMatchObject({ error: { field: "nickname" } });

    const browser = await member();
    for (const body of [
      { nickname: `名${NUL}前` },
      { nickname: "名前", introduction: `よろしく${NUL}` },
      { nickname: "名前", introduction: "ベル\u0007" },
      { nickname: "二行の\n名前" },
    ]) {
      const answer = await browser.postJson("/api/profile", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    // A multi-line introduction keeps its line breaks and tabs.
    const ok = await browser.postJson("/api/profile", {
      nickname: "名前",
      introduction: "一行目\n\t二行目",
    });
    expect(ok.status).toBe(200);
    expect(ok.body.introduction).toBe("一行目\n\t二行目");
  });

  it("refuses NUL in the inquiry, opinion and request forms and in the leave opinion", async () => {
    const browser = await visitor();
    const forms: [string, Record<string, unknown>][] = [
      ["/api/inquiry", { category: 1, email: "a@example.jp", subject: "件名", body: `本文${NUL}` }],
      ["/api/inquiry", { category: 1, email: "a@example.jp", subject: `件${NUL}`, body: "本文" }],
      ["/api/opinion", { body: `感想${NUL}` }],
      ["/api/request", { title: "作品", comment: `コメント${NUL}` }],
      ["/api/request", { title: `作${NUL}品` }],
    ];
    for (const [path, body] of forms) {
      const answer = await browser.postJson(path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.result).toBe(false);
    }
    // Line breaks stay allowed in a message body.
    const inquiry = await browser.postJson("/api/inquiry", {
      category: 1,
      email: "a@example.jp",
      subject: "件名",
      body: "一行目\r\n二行目",
    });
    expect(inquiry.status).toBe(200);

    const leaving = await member();
    const leave = await leaving.postJson("/api/account/leave", { reason: 1, opinion: NUL });
    expect(leave.status).toBe(400);
    expect((await leaving.getJson<{ is_login: boolean }>("/api/status")).body.is_login).toBe(true);
  });

  it("keeps no NUL search in a member's history", async () => {
    const browser = await member();
    expect((await browser.getJson("/api/search?wd=%E9%AD%94%00")).status).toBe(400);
    const history = await browser.getJson<{ history: string[] }>("/api/search_history");
    expect(history.status).toBe(200);
    expect(history.body.history).toEqual([]);
  });
});

describe("numbers out of PostgreSQL's integer range", () => {
  it("answers 400 or 404 for media numbers, before the ownership check", async () => {
    const browser = await visitor();
    for (const path of [
      "/media/cds/1/trials/2147483648.mp3",
      "/media/cds/1/tracks/2147483648.mp3",
      "/media/cds/2147483648/jacket.png",
      "/media/books/1/pages/99999999999.png",
      "/media/books/2147483648/cover.png",
    ]) {
      const response = await browser.fetch(path);
      expect([400, 404], path).toContain(response.status);
    }
  });

  it("answers 400 for ids and page numbers past 2³¹−1 or written as 1e10", async () => {
    const browser = await visitor();
    for (const path of [
      "/api/series/books?series=2147483648",
      "/api/series/books?series=1e10",
      "/api/series/books?series=1&book=2147483648",
      "/api/free?page=1e10",
      "/api/search?pn=1e3",
      "/api/search?pb=2147483648",
      "/api/shared/series/2147483648/main?k=1",
      "/api/shared/home/2147483648/1/1?k=1",
    ]) {
      const answer = await browser.getJson(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.result, path).toBe(false);
    }
    const posted = await browser.postJson("/api/personal/campaign/2147483648/1");
    expect(posted.status).toBe(400);
  });
});

describe("numbers are numbers or numeric text, nothing else", () => {
  it("does not read true or [[3]] as series 1 or 3, and leaves the favourite alone", async () => {
    const browser = await member();
    for (const series of [true, [[3]], [1], { 0: 1 }, "1e0", " 1", "0x1"]) {
      const answer = await browser.postJson("/api/series_favorite", { series });
      expect(answer.status, JSON.stringify(series)).toBe(400);
      expect(answer.body).toMatchObject({ result: false, error: { field: "series" } });
    }
    const each = await browser.postJson<{ favorite: boolean }>("/api/personal/series/1/each");
    expect(each.body.favorite).toBe(false);
    // A number, or the text of one, still works.
    expect((await browser.postJson("/api/series_favorite", { series: 1 })).body.favorite).toBe(
      true,
    );
    expect((await browser.postJson("/api/series_favorite", { series: "1" })).body.favorite).toBe(
      false,
    );
  });

  it("refuses booleans and nested lists in numeric fields across the API", async () => {
    const browser = await member();
    const cases: [string, Record<string, unknown>][] = [
      ["/api/home", { genre: true }],
      ["/api/home_carousel", { genre: [[2]] }],
      ["/api/personal/menu", { genre: true }],
      ["/api/series/books", { series: true }],
      ["/api/book_period", { series: 1, book: [[1]] }],
      ["/api/series_feature", { series: false }],
      ["/api/series_notification", { series: true }],
      ["/api/search", { pn: true }],
      ["/api/search", { sort: [[1]] }],
      ["/api/search", { gn: [[2]] }],
      ["/api/free", { page: true }],
      ["/api/many_free", { limit_volume: true }],
      ["/api/recommend/more", { tp: true }],
      ["/api/home_content", { id: true, num: 1 }],
      ["/api/inquiry", { category: true, email: "a@example.jp", subject: "s", body: "b" }],
      ["/api/opinion", { body: "よい", rating: true }],
      ["/api/event/click", { position: true }],
      ["/api/account/leave", { reason: true }],
    ];
    for (const [path, body] of cases) {
      const answer = await browser.postJson(path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.result).toBe(false);
    }
  });
});

describe("request body size", () => {
  it("refuses a body whose Content-Length is over the limit, before reading it", async () => {
    const browser = await visitor();
    const response = await browser.fetch("/api/suggest", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(600 * 1024 ** 2) },
      body: '{"wd":"a"}',
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      result: false,
      error_message: expect.any(String),
    });
  });

  it("stops reading a streamed body without Content-Length once it passes the limit", async () => {
    const browser = await visitor();
    let sent = 0;
    const chunk = new TextEncoder().encode(`"${"a".repeat(64 * 1024)}`);
    // An endless body: only a server that stops reading can answer at all.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await browser.fetch("/api/suggest", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).result).toBe(false);
    expect(sent).toBeLessThan(JSON_BODY_LIMIT * 2);
  });

  it("still takes a JSON call under the limit", async () => {
    const browser = await visitor();
    const answer = await browser.postJson("/api/suggest", { wd: "魔王", pad: "x".repeat(500_000) });
    expect(answer.status).toBe(200);
  });
});

describe("malformed bodies", () => {
  it("refuses a body that is not a JSON object, or not sent as JSON, even where unread", async () => {
    const browser = await visitor();
    for (const [path, type, body] of [
      ["/api/suggest", "application/json", "{"],
      ["/api/suggest", "application/json", "[1]"],
      ["/api/suggest", "application/json", '"wd"'],
      ["/api/suggest", "text/plain", '{"wd":"a"}'],
      ["/api/cart_count", "application/json", "{not json"],
      ["/api/status", "application/x-www-form-urlencoded", "wd=a"],
    ] as const) {
      const response = await browser.fetch(path, {
        method: "POST",
        headers: { "content-type": type },
        body,
      });
      expect([400, 415], `${path} ${type} ${body}`).toContain(response.status);
      expect((await response.json()).result).toBe(false);
    }
  });
});
