import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventBatch } from "../../../contract/event";
import { EVENT_BATCH_MAX } from "../../../contract/event-names";
import { CLICK_ROUTE_KEY } from "../../lib/click-source";
import { viewedBook } from "./PageViews";
import { flush, queuedEvents, setTransport, track } from "./track";

function memoryStore(values: Record<string, string> = {}) {
  const map = new Map(Object.entries(values));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

let beacons: Array<{ url: string; batch: EventBatch }>;
let fetches: Array<{ url: string; init: RequestInit }>;
let beaconWorks: boolean;

beforeEach(() => {
  vi.stubGlobal("window", { addEventListener: () => {} });
  vi.stubGlobal("document", { addEventListener: () => {}, visibilityState: "visible" });
  beacons = [];
  fetches = [];
  beaconWorks = true;
  const store = memoryStore({
    v_qp_src: "newsletter",
    v_qp_cpn: "autumn",
    [CLICK_ROUTE_KEY]: JSON.stringify([[7, "top_1101_2"]]),
  });
  setTransport({
    beacon: (url, body) => {
      if (!beaconWorks) return false;
      // Blob.text() is async; the test reads the JSON through a sync copy kept on the side.
      beacons.push({ url, batch: (body as Blob & { json?: EventBatch }).json! });
      return true;
    },
    fetch: async (url, init) => {
      fetches.push({ url, init });
      return {};
    },
    csrf: () => "token123",
    store: () => store,
  });
  const OriginalBlob = globalThis.Blob;
  vi.stubGlobal(
    "Blob",
    class extends OriginalBlob {
      json: EventBatch;
      constructor(parts: BlobPart[], options?: BlobPropertyBag) {
        super(parts, options);
        this.json = JSON.parse(String(parts[0]));
      }
    },
  );
});
afterEach(() => {
  setTransport(null);
  vi.unstubAllGlobals();
});

describe("track", () => {
  it("queues events until the page is hidden, then sends one beacon with the token and utm values", () => {
    track("page_view", { page: "/home" });
    track("click_book", { series: 7, frame: "top_1101", position: 2 });
    expect(beacons).toHaveLength(0);
    expect(queuedEvents()).toHaveLength(2);
    flush();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe("/api/events?ct=token123");
    expect(beacons[0]!.batch).toEqual({
      utm_source: "newsletter",
      utm_campaign: "autumn",
      events: [
        { name: "page_view", page: "/home" },
        // The click source recorded for series 7 goes with its event.
        { name: "click_book", series: 7, frame: "top_1101", position: 2, source: "top_1101_2" },
      ],
    });
    expect(queuedEvents()).toHaveLength(0);
    flush();
    expect(beacons).toHaveLength(1);
  });

  it("sends a full batch at once", () => {
    for (let i = 0; i < EVENT_BATCH_MAX; i++) track("click", { position: i });
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.batch.events).toHaveLength(EVENT_BATCH_MAX);
  });

  it("falls back to a keepalive fetch with the CSRF header when the beacon is refused", () => {
    beaconWorks = false;
    track("open", { category: "drawer" });
    flush();
    expect(fetches).toHaveLength(1);
    expect(fetches[0]!.url).toBe("/api/events");
    expect(fetches[0]!.init.keepalive).toBe(true);
    expect((fetches[0]!.init.headers as Record<string, string>)["X-CSRFToken"]).toBe("token123");
  });
});

describe("viewedBook", () => {
  it("names the series of series, volume and period pages, and nothing elsewhere", () => {
    expect(viewedBook("/series/12", "")).toEqual({ series: 12 });
    expect(viewedBook("/series/12.html", "")).toEqual({ series: 12 });
    expect(viewedBook("/series/12/book/340", "")).toEqual({ series: 12, target_id: 340 });
    expect(viewedBook("/period", "?series=5&book=9")).toEqual({ series: 5, target_id: 9 });
    expect(viewedBook("/period", "")).toBeNull();
    expect(viewedBook("/home", "?series=5")).toBeNull();
  });
});
