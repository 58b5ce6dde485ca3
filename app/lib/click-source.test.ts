import { describe, expect, it } from "vitest";
import {
  CLICK_ROUTE_CD_KEY,
  CLICK_ROUTE_KEY,
  clickSourceOf,
  readClickRoutes,
  recordClickSource,
  type SessionStore,
} from "./click-source";

class FakeStore implements SessionStore {
  readonly data = new Map<string, string>();
  failReads = false;
  getItem(key: string) {
    if (this.failReads) throw new Error("SecurityError");
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

const member = (id: number | null, source: string) => ({ id, source, isLogin: true });

describe("click-source store", () => {
  it("records a member's click under v_click_route", () => {
    const store = new FakeStore();
    expect(recordClickSource(store, member(12, "top_1104_3"))).toBe(true);
    expect(JSON.parse(store.data.get(CLICK_ROUTE_KEY)!)).toEqual([[12, "top_1104_3"]]);
    expect(clickSourceOf(store, 12)).toBe("top_1104_3");
  });

  it("keeps the first source of a series", () => {
    const store = new FakeStore();
    recordClickSource(store, member(12, "top_1104_3"));
    expect(recordClickSource(store, member(12, "top_1108_1"))).toBe(false);
    expect(clickSourceOf(store, 12)).toBe("top_1104_3");
  });

  it("stores nothing for visitors or without a series", () => {
    const store = new FakeStore();
    expect(recordClickSource(store, { id: 12, source: "top_1_1", isLogin: false })).toBe(false);
    expect(recordClickSource(store, member(null, "top_1_1"))).toBe(false);
    expect(recordClickSource(null, member(12, "top_1_1"))).toBe(false);
    expect(store.data.size).toBe(0);
  });

  it("keeps at most 100 series, dropping the oldest", () => {
    const store = new FakeStore();
    for (let id = 1; id <= 101; id++) recordClickSource(store, member(id, `f_${id}`));
    const routes = readClickRoutes(store);
    expect(routes).toHaveLength(100);
    expect(routes[0]).toEqual([2, "f_2"]);
    expect(routes[99]).toEqual([101, "f_101"]);
    expect(clickSourceOf(store, 1)).toBeNull();
  });

  it("keeps drama CDs under v_click_route_cd", () => {
    const store = new FakeStore();
    recordClickSource(store, { ...member(7, "top_1125_2"), kind: "cd" });
    expect(store.data.has(CLICK_ROUTE_KEY)).toBe(false);
    expect(JSON.parse(store.data.get(CLICK_ROUTE_CD_KEY)!)).toEqual([[7, "top_1125_2"]]);
    expect(clickSourceOf(store, 7, "cd")).toBe("top_1125_2");
  });

  it("resets an unreadable store to empty", () => {
    for (const junk of ["{not json", '{"12":"a"}', "[[1]]", '[["x","y"]]', "null"]) {
      const store = new FakeStore();
      store.data.set(CLICK_ROUTE_KEY, junk);
      expect(readClickRoutes(store)).toEqual([]);
      expect(store.data.get(CLICK_ROUTE_KEY)).toBe("[]");
      expect(recordClickSource(store, member(3, "top_1_1"))).toBe(true);
      expect(readClickRoutes(store)).toEqual([[3, "top_1_1"]]);
    }
  });

  it("answers empty when the storage itself throws", () => {
    const store = new FakeStore();
    store.failReads = true;
    expect(readClickRoutes(store)).toEqual([]);
    expect(clickSourceOf(store, 1)).toBeNull();
  });
});
