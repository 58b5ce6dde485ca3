import { afterEach, describe, expect, it, vi } from "vitest";
import {
  DIRECTION_KEY,
  SPREAD_KEY,
  sendProgress,
  storeDirection,
  storedDirection,
  storedSpreadWanted,
  storeSpreadWanted,
} from "./reader-store";

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("what the reader keeps on this device", () => {
  it("reads right to left and in spreads when nothing is stored, or storage is refused", () => {
    expect(storedDirection()).toBeNull();
    expect(storedSpreadWanted()).toBe(true);
  });

  it("keeps a visitor's direction and everyone's spread choice", () => {
    const storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
    storeDirection("ltr");
    expect(storage.getItem(DIRECTION_KEY)).toBe("ltr");
    expect(storedDirection()).toBe("ltr");
    storeSpreadWanted(false);
    expect(storage.getItem(SPREAD_KEY)).toBe("off");
    expect(storedSpreadWanted()).toBe(false);
    storeSpreadWanted(true);
    expect(storedSpreadWanted()).toBe(true);
  });

  it("ignores a stored direction that is not one", () => {
    const storage = memoryStorage();
    storage.setItem(DIRECTION_KEY, "upside-down");
    vi.stubGlobal("localStorage", storage);
    expect(storedDirection()).toBeNull();
  });
});

describe("saving a member's position", () => {
  it("posts the page as JSON, kept alive only when the page is being left", async () => {
    const fetch = vi.fn(async () => new Response("{}"));
    vi.stubGlobal("fetch", fetch);
    sendProgress({ book: 7, page: 12, finished: false });
    sendProgress({ book: 7, page: 13 }, { leaving: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/reader/progress");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ book: 7, page: 12, finished: false });
    expect(init.keepalive).toBe(false);
    expect((fetch.mock.calls[1] as unknown as [string, RequestInit])[1].keepalive).toBe(true);
  });

  it("never throws when the network is gone", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("offline");
      }),
    );
    expect(() => sendProgress({ book: 7, page: 1 })).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
