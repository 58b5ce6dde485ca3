import type { Page } from "@playwright/test";

/**
 * The page's analytics batches (app/features/analytics/track.ts) go out by navigator.sendBeacon
 * when the page is hidden. These helpers hide the page on demand and keep a copy of each
 * beacon's body, which the request Playwright sees does not show.
 */

/** Hides the page as a tab switch would: the queued events go out. */
export async function hidePage(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

/**
 * Keeps a copy of every beacon's body (the browser still sends it): a beacon's body is not
 * readable from the request Playwright sees.
 */
export async function recordBeacons(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { beacons: Array<{ url: string; data: Blob }> };
    w.beacons = [];
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      w.beacons.push({ url: String(url), data: data as Blob });
      return send(url, data);
    };
  });
}

export type Batch = {
  utm_source?: string;
  events: Array<{
    name: string;
    page?: string;
    series?: number;
    category?: string;
    popup?: number;
    frame?: string;
    label?: string;
    target_id?: string;
  }>;
};

export async function beacons(page: Page): Promise<Array<{ url: string; batch: Batch }>> {
  return page.evaluate(async () => {
    const w = window as unknown as { beacons: Array<{ url: string; data: Blob }> };
    return Promise.all(
      w.beacons.map(async (b) => ({ url: b.url, batch: JSON.parse(await b.data.text()) })),
    );
  });
}
