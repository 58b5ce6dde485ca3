import { describe, expect, it } from "vitest";
import type { HomeContent } from "../../../contract/home";
import type { SeriesItem } from "../../../contract/items";
import {
  isEmptyContent,
  loadSection,
  nextRotationPage,
  ROTATION_KEY,
  type SectionApi,
} from "./section-loader";

const card = (series_id: number, item_id: number) =>
  ({ series_id, item_id, cart_flag: false, get_flag: false, favorite_flag: false }) as SeriesItem;

function fakeApi(answers: Record<string, unknown>) {
  const calls: string[] = [];
  const api: SectionApi = {
    async post<T>(url: string, body?: unknown) {
      calls.push(`POST ${url} ${JSON.stringify(body ?? null)}`);
      return (answers[`POST ${url}`] ?? { result: false }) as T & { result: boolean };
    },
    async get<T>(url: string) {
      calls.push(`GET ${url}`);
      return (answers[`GET ${url}`] ?? { result: false }) as T & { result: boolean };
    },
  };
  return { api, calls };
}

const layout = { layout_id: 1104, display_number: 12, content_type: null };
const content: HomeContent = { kind: "series", items: [card(1, 10), card(2, 20)] };

describe("loadSection", () => {
  it("uses the shared answer with k in cache mode, then the member's lists", async () => {
    const { api, calls } = fakeApi({
      "GET /api/shared/home/1104/12/1?k=1795302000": { result: true, content, more_flag: true },
      "POST /api/personal/user/items": {
        result: true,
        cart_items: [20],
        own_items: [10],
        favorite_series: [2],
      },
    });
    const data = await loadSection(
      layout,
      { useCache: true, cacheKey: "1795302000", isLogin: true, page: 1 },
      api,
    );
    expect(calls).toEqual([
      "GET /api/shared/home/1104/12/1?k=1795302000",
      'POST /api/personal/user/items {"items":[10,20]}',
    ]);
    const items = data!.content.items as SeriesItem[];
    expect(items.map((i) => [i.get_flag, i.cart_flag, i.favorite_flag])).toEqual([
      [true, false, false],
      [false, true, true],
    ]);
    expect(data!.more_flag).toBe(true);
  });

  it("asks visitors for no lists after a shared answer", async () => {
    const { api, calls } = fakeApi({
      "GET /api/shared/home/1104/12/1?k=k1": { result: true, content, more_flag: false },
    });
    await loadSection(layout, { useCache: true, cacheKey: "k1", isLogin: false, page: 1 }, api);
    expect(calls).toEqual(["GET /api/shared/home/1104/12/1?k=k1"]);
  });

  it("uses the personal call without cache mode", async () => {
    const { api, calls } = fakeApi({
      "POST /api/personal/home/1203/8/4": { result: true, content, more_flag: true },
    });
    const data = await loadSection(
      { layout_id: 1203, display_number: 8, content_type: null },
      { useCache: false, cacheKey: "", isLogin: true, page: 4 },
      api,
    );
    expect(calls).toEqual(["POST /api/personal/home/1203/8/4 null"]);
    expect(data?.content).toEqual(content);
  });

  it("loads the viewing history personally, and not at all for visitors", async () => {
    const history = { layout_id: 1131, display_number: 12, content_type: 5 };
    const { api, calls } = fakeApi({
      "POST /api/personal/home/1131/12/1": { result: true, content, more_flag: false },
    });
    const ctx = { useCache: true, cacheKey: "k", isLogin: true, page: 1 };
    expect(await loadSection(history, ctx, api)).not.toBeNull();
    expect(await loadSection(history, { ...ctx, isLogin: false }, api)).toBeNull();
    expect(calls).toEqual(["POST /api/personal/home/1131/12/1 null"]);
  });

  it("answers null when the load fails", async () => {
    const { api } = fakeApi({});
    const ctx = { useCache: true, cacheKey: "k", isLogin: false, page: 1 };
    expect(await loadSection(layout, ctx, api)).toBeNull();
    expect(await loadSection(layout, { ...ctx, useCache: false }, api)).toBeNull();
  });
});

describe("isEmptyContent", () => {
  it("hides sections without items, and campaign lists whose campaigns are all empty", () => {
    expect(isEmptyContent({ kind: "series", items: [] })).toBe(true);
    expect(isEmptyContent(content)).toBe(false);
    const campaign = (items: SeriesItem[]) => ({ campaign_id: 1, items }) as never;
    expect(isEmptyContent({ kind: "campaigns", items: [campaign([]), campaign([])] })).toBe(true);
    expect(
      isEmptyContent({ kind: "campaigns", items: [campaign([]), campaign([card(1, 1)])] }),
    ).toBe(false);
  });
});

describe("nextRotationPage", () => {
  it("rotates 1 → 5 per visit in a session, then starts over", () => {
    const data = new Map<string, string>();
    const store = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    const pages = Array.from({ length: 7 }, () => nextRotationPage(store));
    expect(pages).toEqual([1, 2, 3, 4, 5, 1, 2]);
    expect(data.get(ROTATION_KEY)).toBe("2");
  });

  it("starts at 1 from a bad value or without storage", () => {
    const store = { getItem: () => "banana", setItem: () => {} };
    expect(nextRotationPage(store)).toBe(1);
    expect(nextRotationPage(null)).toBe(1);
  });
});
