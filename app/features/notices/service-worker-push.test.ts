import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * public/sw.js's Web Push handlers (decision 0114) against a fake worker scope: a push shows the
 * store's notification; a click opens the volume's page, never another site's.
 */
type Listener = (event: unknown) => void;

function loadWorker(openWindows: Array<{ url: string }> = []) {
  const listeners = new Map<string, Listener>();
  const shown: Array<{ title: string; options: { body: string; data: { url: string } } }> = [];
  const opened: string[] = [];
  const scope = {
    location: { origin: "https://komaya.example" },
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    skipWaiting: () => {},
    registration: {
      showNotification: async (title: string, options: never) => {
        shown.push({ title, options });
      },
    },
    clients: {
      claim: async () => {},
      matchAll: async () =>
        openWindows.map((w) => ({
          url: w.url,
          focus: async () => {},
          navigate: async (url: string) => {
            opened.push(`navigate ${url}`);
          },
        })),
      openWindow: async (url: string) => {
        opened.push(`open ${url}`);
      },
    },
  };
  const source = readFileSync(new URL("../../../public/sw.js", import.meta.url), "utf8");
  new Function("self", "caches", "fetch", source)(scope, {}, async () => new Response(""));
  const fire = async (type: string, event: Record<string, unknown>) => {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  };
  return { fire, shown, opened };
}

const pushOf = (message: unknown) => ({
  data: { json: () => (typeof message === "string" ? JSON.parse(message) : message) },
});

describe("the service worker's push", () => {
  it("shows the notice it was sent", async () => {
    const sw = loadWorker();
    await sw.fire(
      "push",
      pushOf({
        title: "新刊のお知らせ",
        body: "「星の庭 3巻」が配信されました",
        url: "/series/4/book/9",
      }),
    );
    expect(sw.shown).toEqual([
      expect.objectContaining({
        title: "新刊のお知らせ",
        options: expect.objectContaining({
          body: "「星の庭 3巻」が配信されました",
          data: { url: "https://komaya.example/series/4/book/9" },
        }),
      }),
    ]);
  });

  it("opens the volume on a click, in an open store window if there is one", async () => {
    const fresh = loadWorker();
    const notification = (url: string) => ({
      notification: { close: () => {}, data: { url } },
    });
    await fresh.fire("notificationclick", notification("https://komaya.example/series/4/book/9"));
    expect(fresh.opened).toEqual(["open https://komaya.example/series/4/book/9"]);
    const open = loadWorker([{ url: "https://komaya.example/home" }]);
    await open.fire("notificationclick", notification("https://komaya.example/series/4/book/9"));
    expect(open.opened).toEqual(["navigate https://komaya.example/series/4/book/9"]);
  });

  it("never leaves the store: another origin or a broken message opens the notices", async () => {
    const sw = loadWorker();
    await sw.fire("push", pushOf({ title: 3, url: "https://evil.example/x" }));
    expect(sw.shown[0]!.title).toBe("新刊のお知らせ");
    expect(sw.shown[0]!.options.data.url).toBe("https://komaya.example/notices");
    await sw.fire("push", {
      data: {
        json: () => {
          throw new Error("not json");
        },
      },
    });
    expect(sw.shown[1]!.options.data.url).toBe("https://komaya.example/notices");
  });
});
