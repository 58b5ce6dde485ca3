import { afterEach, describe, expect, it, vi } from "vitest";
import {
  DIRECTION_KEY,
  PositionSaver,
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
  it("posts the page as JSON, kept alive and ahead of the page images", async () => {
    const fetch = vi.fn(async () => new Response("{}"));
    vi.stubGlobal("fetch", fetch);
    expect(await sendProgress({ book: 7, page: 12, finished: false })).toBe(true);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/reader/progress");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ book: 7, page: 12, finished: false });
    expect(init.keepalive).toBe(true);
    expect(init.priority).toBe("high");
  });

  it("never throws when the network is gone", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("offline");
      }),
    );
    expect(await sendProgress({ book: 7, page: 1 })).toBe(false);
  });
});

describe("PositionSaver", () => {
  /** A server whose answers the test releases one by one. */
  function server() {
    const calls: { page: number; answer: (ok: boolean) => void }[] = [];
    const send = (input: { page: number }) =>
      new Promise<boolean>((answer) => calls.push({ page: input.page, answer }));
    return { calls, send };
  }
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("keeps a position until the server has it, so leaving sends it again if it failed", async () => {
    const { calls, send } = server();
    const saver = new PositionSaver(7, send);
    saver.moved({ page: 131, finished: false });
    saver.flush();
    // Leaving while that save is on its way sends nothing twice.
    saver.flush();
    expect(calls.map((c) => c.page)).toEqual([131]);
    // It never arrived: leaving sends it again.
    calls[0]!.answer(false);
    await tick();
    saver.flush();
    expect(calls.map((c) => c.page)).toEqual([131, 131]);
    calls[1]!.answer(true);
    await tick();
    saver.flush();
    expect(calls).toHaveLength(2);
  });

  it("sends the newer position when the member moved while a save was on its way", async () => {
    const { calls, send } = server();
    const saver = new PositionSaver(7, send);
    saver.moved({ page: 10, finished: false });
    saver.flush();
    saver.moved({ page: 11, finished: false });
    calls[0]!.answer(true);
    await tick();
    saver.flush();
    expect(calls.map((c) => c.page)).toEqual([10, 11]);
  });

  it("has nothing to send before the member moves", () => {
    const { calls, send } = server();
    new PositionSaver(7, send).flush();
    expect(calls).toEqual([]);
  });
});
