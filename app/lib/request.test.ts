import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createErrorDialogStore, type ErrorDialogRequest } from "./error-dialog";
import {
  configureRequest,
  followableUrl,
  get,
  post,
  REQUEST_TIMEOUT_MS,
  resetRequestConfiguration,
} from "./request";

type Responder = (url: string, init: RequestInit) => Response | Promise<Response>;

interface Harness {
  calls: { url: string; init: RequestInit }[];
  shown: ErrorDialogRequest[];
  visited: string[];
}

function install(responder: Responder, cookies: Record<string, string> = { ct: "token-1" }) {
  const harness: Harness = { calls: [], shown: [], visited: [] };
  configureRequest({
    fetch: async (url, init) => {
      harness.calls.push({ url, init });
      return responder(url, init);
    },
    showError: (request) => harness.shown.push(request),
    navigate: (url) => harness.visited.push(url),
    getCookie: (name) => cookies[name],
  });
  return harness;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** A fetch that never answers, failing only when its signal aborts, as the platform's does. */
const hangs: Responder = (_url, init) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener("abort", () =>
      reject(new DOMException("The operation was aborted.", "AbortError")),
    );
  });

function headersOf(init: RequestInit): Headers {
  return new Headers(init.headers);
}

afterEach(() => {
  resetRequestConfiguration();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("post: what it sends", () => {
  it("uses POST with the body as JSON and Content-Type application/json", async () => {
    const h = install(() => json({ result: true }));
    await post("/api/cart_add", { items: [3, 5] });
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0].url).toBe("/api/cart_add");
    expect(h.calls[0].init.method).toBe("POST");
    expect(JSON.parse(String(h.calls[0].init.body))).toEqual({ items: [3, 5] });
    expect(headersOf(h.calls[0].init).get("Content-Type")).toBe("application/json");
  });

  it("sends an empty JSON object when there is no payload", async () => {
    const h = install(() => json({ result: true }));
    await post("/api/cart_clear");
    expect(h.calls[0].init.body).toBe("{}");
  });

  it("copies the ct cookie into the X-CSRFToken header", async () => {
    const h = install(() => json({ result: true }), { ct: "abc-123" });
    await post("/api/user");
    expect(headersOf(h.calls[0].init).get("X-CSRFToken")).toBe("abc-123");
  });

  it("reads the ct cookie afresh on every call, so the one renewed at login works at once", async () => {
    const cookies = { ct: "before-login" };
    const h = install(() => json({ result: true }), cookies);
    await post("/api/account/login", { email: "a@example.jp", password: "x" });
    cookies.ct = "after-login";
    await post("/api/user");
    expect(headersOf(h.calls[0].init).get("X-CSRFToken")).toBe("before-login");
    expect(headersOf(h.calls[1].init).get("X-CSRFToken")).toBe("after-login");
  });

  it("reads the ct cookie from document.cookie by default", async () => {
    vi.stubGlobal("document", { cookie: "nr=1%2C2; ct=from%2Bcookie; other=x" });
    const sent: RequestInit[] = [];
    configureRequest({
      fetch: async (_url, init) => {
        sent.push(init);
        return json({ result: true });
      },
    });
    await post("/api/user");
    expect(headersOf(sent[0]).get("X-CSRFToken")).toBe("from+cookie");
  });

  it("sends no X-CSRFToken header when there is no ct cookie", async () => {
    const h = install(() => json({ result: true }), {});
    await post("/api/user");
    expect(headersOf(h.calls[0].init).has("X-CSRFToken")).toBe(false);
  });

  it("sends cookies only to the same origin", async () => {
    const h = install(() => json({ result: true }));
    await post("/api/user");
    expect(h.calls[0].init.credentials).toBe("same-origin");
  });
});

describe("get: what it sends", () => {
  it("uses GET with no body, same-origin credentials and no CSRF header", async () => {
    const h = install(() => json({ result: true }));
    await get("/api/shared/menu?k=abc");
    expect(h.calls[0].url).toBe("/api/shared/menu?k=abc");
    expect(h.calls[0].init.method).toBe("GET");
    expect(h.calls[0].init.body).toBeUndefined();
    expect(h.calls[0].init.credentials).toBe("same-origin");
    expect(headersOf(h.calls[0].init).has("X-CSRFToken")).toBe(false);
  });
});

describe("16 second timeout", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it("is 16 000 ms", () => {
    expect(REQUEST_TIMEOUT_MS).toBe(16_000);
  });

  for (const [name, call] of [
    ["post", () => post("/api/cart", {})],
    ["get", () => get("/api/shared/menu")],
  ] as const) {
    it(`${name} gives up at 16 s, not before, with result false and nothing shown`, async () => {
      const h = install(hangs);
      let settled = false;
      const pending = call().then((answer) => {
        settled = true;
        return answer;
      });
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(settled).toBe(false);
      expect(h.calls[0].init.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toEqual({ result: false });
      expect(h.calls[0].init.signal?.aborted).toBe(true);
      expect(h.shown).toEqual([]);
      expect(h.visited).toEqual([]);
    });
  }

  it("also covers a body that stalls after the headers arrive", async () => {
    install((_url, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"result":'));
          init.signal?.addEventListener("abort", () =>
            controller.error(new DOMException("aborted", "AbortError")),
          );
        },
      });
      return new Response(body, { status: 200 });
    });
    const pending = post("/api/bookshelf", { category: 1 });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await pending).toEqual({ result: false });
  });

  it("clears its timer once the answer has arrived", async () => {
    install(() => json({ result: true }));
    await post("/api/cart_count");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("ends the call with result false when the caller's signal aborts", async () => {
    const h = install(hangs);
    const caller = new AbortController();
    const pending = get("/api/suggest", { signal: caller.signal });
    caller.abort();
    expect(await pending).toEqual({ result: false });
    expect(h.shown).toEqual([]);
  });
});

describe("reading the answer", () => {
  it("returns the parsed fields of a successful answer", async () => {
    install(() => json({ result: true, cart_count: 3, cart_price: 1320 }));
    const answer = await post<{ cart_count: number; cart_price: number }>("/api/cart_count");
    expect(answer).toEqual({ result: true, cart_count: 3, cart_price: 1320 });
    expect(answer.cart_count).toBe(3);
  });

  it("counts a network failure without a response as result false, showing nothing", async () => {
    const h = install(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(await post("/api/cart", {})).toEqual({ result: false });
    expect(await get("/api/shared/menu")).toEqual({ result: false });
    expect(h.shown).toEqual([]);
    expect(h.visited).toEqual([]);
  });

  it("counts a non-JSON body as result false, even with status 200", async () => {
    install(() => new Response("<html>maintenance</html>", { status: 200 }));
    expect(await post("/api/cart", {})).toEqual({ result: false });
    expect(await get("/api/genre")).toEqual({ result: false });
  });

  it("counts a JSON answer that is not an object as result false", async () => {
    install(() => json([{ result: true }]));
    expect((await get("/api/genre")).result).toBe(false);
  });

  it("defaults a missing result to false", async () => {
    install(() => json({ cart_count: 2 }));
    const answer = await post("/api/cart_count");
    expect(answer.result).toBe(false);
    expect(answer).toEqual({ result: false, cart_count: 2 });
  });

  it("counts only result true as success, not other truthy values", async () => {
    install(() => json({ result: "true" }));
    expect((await post("/api/cart_count")).result).toBe(false);
  });

  it("lets result decide, not the HTTP status, for JSON answers that carry it", async () => {
    install(() => json({ result: true, point: 10 }, 418));
    expect((await post("/api/point")).result).toBe(true);
    install(() => json({ result: false, error_message: "在庫がありません" }, 200));
    expect((await post("/api/cart_add", { items: [1] })).result).toBe(false);
  });

  it("shows the message of a result false answered with a 4xx status", async () => {
    const h = install(() =>
      json({ result: false, error_message: "クーポンの受け取り期間が終了しました" }, 409),
    );
    const answer = await post("/api/coupon_receive", { coupon_id: 4 });
    expect(answer.result).toBe(false);
    expect(answer.error_message).toBe("クーポンの受け取り期間が終了しました");
    expect(h.shown).toEqual([{ message: "クーポンの受け取り期間が終了しました" }]);
  });

  it("shows nothing for a successful answer", async () => {
    const h = install(() => json({ result: true, error_message: "ignored", error_url: "/error" }));
    await post("/api/cart_update");
    expect(h.shown).toEqual([]);
    expect(h.visited).toEqual([]);
  });
});

describe('successOn: "status" (calls where HTTP 200 means success)', () => {
  it("counts a 2xx JSON answer without result as success", async () => {
    install(() => json({ nickname: "よみ" }, 200));
    const answer = await post("/api/account/logout", undefined, { successOn: "status" });
    expect(answer).toEqual({ result: true, nickname: "よみ" });
  });

  it("counts a 2xx answer with an empty body as success", async () => {
    install(() => new Response(null, { status: 204 }));
    expect((await post("/api/review/like", { review_id: 1 }, { successOn: "status" })).result).toBe(
      true,
    );
  });

  it("counts a non-2xx status as failure even when the body says result true", async () => {
    install(() => json({ result: true }, 500));
    expect((await post("/api/account/logout", undefined, { successOn: "status" })).result).toBe(
      false,
    );
  });

  it("still honours result false, and shows its message", async () => {
    const h = install(() => json({ result: false, error_message: "通報済みです" }, 200));
    const answer = await post("/api/review/report", { review_id: 2 }, { successOn: "status" });
    expect(answer.result).toBe(false);
    expect(h.shown).toEqual([{ message: "通報済みです" }]);
  });

  it("counts a network failure as failure", async () => {
    install(() => Promise.reject(new TypeError("offline")));
    expect(
      (await post("/api/review/remove", { review_id: 1 }, { successOn: "status" })).result,
    ).toBe(false);
  });

  it("is not the default: a 2xx answer without result is a failure otherwise", async () => {
    install(() => json({}, 200));
    expect((await post("/api/review/remove", { review_id: 1 })).result).toBe(false);
  });
});

describe("failed result: error_message", () => {
  it("opens the dialog with the message and error_url as where closing goes", async () => {
    const h = install(() =>
      json({ result: false, error_message: "ログインしてください", error_url: "/login" }, 401),
    );
    await post("/api/cart_add", { items: [1] });
    expect(h.shown).toEqual([{ message: "ログインしてください", nextUrl: "/login" }]);
    // The redirect waits for the reader to close the dialog.
    expect(h.visited).toEqual([]);
  });

  it("uses return_url as where closing goes when there is no error_url", async () => {
    const h = install(() =>
      json({ result: false, error_message: "期限切れです", return_url: "/cart" }, 400),
    );
    await post("/api/checkout", {});
    expect(h.shown).toEqual([{ message: "期限切れです", nextUrl: "/cart" }]);
  });

  it("prefers error_url over return_url", async () => {
    const h = install(() =>
      json({ result: false, error_message: "x", error_url: "/error", return_url: "/cart" }),
    );
    await post("/api/checkout", {});
    expect(h.shown[0].nextUrl).toBe("/error");
  });

  it("closes without going anywhere when the answer gives no url", async () => {
    const h = install(() => json({ result: false, error_message: "x" }));
    await get("/api/news");
    expect(h.shown).toEqual([{ message: "x", nextUrl: undefined }]);
  });

  it("shows the message for GET too", async () => {
    const h = install(() => json({ result: false, error_message: "見つかりません" }, 404));
    await get("/api/shared/series/9/main");
    expect(h.shown).toEqual([{ message: "見つかりません" }]);
  });

  it("goes to error_url once the reader closes the real dialog, not before", async () => {
    const visited: string[] = [];
    const store = createErrorDialogStore((url) => visited.push(url));
    install(() =>
      json({ result: false, error_message: "再ログインしてください", error_url: "/login" }),
    );
    configureRequest({ showError: store.open });
    await post("/api/user");
    expect(store.getSnapshot()?.message).toBe("再ログインしてください");
    expect(visited).toEqual([]);
    store.close();
    expect(visited).toEqual(["/login"]);
    expect(store.getSnapshot()).toBeNull();
  });

  it("takes precedence over error_url and error.error_message", async () => {
    const h = install(() =>
      json({
        result: false,
        error_message: "first",
        error_url: "/error",
        error: { error_message: "second" },
      }),
    );
    await post("/api/cart", {});
    expect(h.shown).toEqual([{ message: "first", nextUrl: "/error" }]);
    expect(h.visited).toEqual([]);
  });
});

describe("failed result: error_url without a message", () => {
  it("redirects there at once without a dialog", async () => {
    const h = install(() => json({ result: false, error_url: "/maint" }, 503));
    await get("/api/shared/menu");
    expect(h.visited).toEqual(["/maint"]);
    expect(h.shown).toEqual([]);
  });

  it("takes precedence over error.error_message", async () => {
    const h = install(() =>
      json({ result: false, error_url: "/order_error", error: { error_message: "決済エラー" } }),
    );
    await post("/api/checkout", {});
    expect(h.visited).toEqual(["/order_error"]);
    expect(h.shown).toEqual([]);
  });

  it("never follows a javascript: or data: url", async () => {
    const first = install(() => json({ result: false, error_url: "javascript:alert(1)" }));
    await get("/api/news");
    expect(first.visited).toEqual([]);
    const second = install(() =>
      json({ result: false, error_message: "x", error_url: " data:text/html,hi" }),
    );
    await get("/api/news");
    expect(second.shown).toEqual([{ message: "x", nextUrl: undefined }]);
    expect(second.visited).toEqual([]);
  });
});

describe("failed result: error.error_message (POST only)", () => {
  it("shows it for POST", async () => {
    const h = install(() =>
      json({ result: false, error: { error_message: "数量が不正です" } }, 400),
    );
    await post("/api/cart_update", {});
    expect(h.shown).toEqual([{ message: "数量が不正です" }]);
  });

  it("does not show it when it is UNKNOWN", async () => {
    const h = install(() => json({ result: false, error: { error_message: "UNKNOWN" } }, 500));
    await post("/api/cart_update", {});
    expect(h.shown).toEqual([]);
    expect(h.visited).toEqual([]);
  });

  it("does not show it for GET", async () => {
    const h = install(() =>
      json({ result: false, error: { error_message: "数量が不正です" } }, 400),
    );
    await get("/api/shared/campaigns");
    expect(h.shown).toEqual([]);
  });

  it("ignores an error field that is not an object", async () => {
    const h = install(() => json({ result: false, error: "boom" }));
    expect((await post("/api/cart", {})).result).toBe(false);
    expect(h.shown).toEqual([]);
  });
});

describe("followableUrl", () => {
  it("accepts paths and http(s) addresses, rejects other schemes and blanks", () => {
    expect(followableUrl("/login?next=%2Fcart")).toBe("/login?next=%2Fcart");
    expect(followableUrl("https://example.jp/a")).toBe("https://example.jp/a");
    expect(followableUrl("http://example.jp/a")).toBe("http://example.jp/a");
    expect(followableUrl("JavaScript:alert(1)")).toBeUndefined();
    expect(followableUrl("\tjavascript:alert(1)")).toBeUndefined();
    expect(followableUrl("data:text/html,x")).toBeUndefined();
    expect(followableUrl("")).toBeUndefined();
    expect(followableUrl(42)).toBeUndefined();
    // The browser drops the tab and reads `\` as `/`: both are protocol-relative, off-site.
    expect(followableUrl("/\t/evil.example")).toBeUndefined();
    expect(followableUrl("/\\evil.example")).toBeUndefined();
  });
});

describe("a refusal the page shows itself", () => {
  it("opens no dialog when ownsFailure says so, and the usual one otherwise", async () => {
    const step = {
      result: false,
      error_message: "メールのリンクからログインしてください",
      sign_in_link: true,
    };
    const h = install(() => json(step, 401));
    const owns = (fields: Record<string, unknown>) => fields.sign_in_link === true;
    const answer = await post("/api/account/login", {}, { ownsFailure: owns });
    expect(answer).toMatchObject({ result: false, sign_in_link: true });
    expect(h.shown).toEqual([]);

    install(() => json({ result: false, error_message: "パスワードが正しくありません" }, 401));
    const shown: ErrorDialogRequest[] = [];
    configureRequest({ showError: (request) => shown.push(request) });
    await post("/api/account/login", {}, { ownsFailure: owns });
    expect(shown.map((s) => s.message)).toEqual(["パスワードが正しくありません"]);
  });
});
