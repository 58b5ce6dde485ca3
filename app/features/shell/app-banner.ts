/**
 * The mobile app-promotion banner (spec 001 §2.7, §4, §9): shown on the pages flagged below,
 * only on Android and iOS; closing it stores the time, and it stays away for the page's interval.
 */
export const APP_BANNER_INTERVAL_SECONDS = 432_000;
/** For a page flagged without an interval of its own. */
export const APP_BANNER_DEFAULT_INTERVAL_SECONDS = 1800;

export interface AppBannerPageFlags {
  show: boolean;
  intervalSeconds?: number;
}

export const APP_BANNER_PAGES: Readonly<Record<string, AppBannerPageFlags>> = {
  home: { show: true, intervalSeconds: APP_BANNER_INTERVAL_SECONDS },
  bookshelf: { show: true, intervalSeconds: APP_BANNER_INTERVAL_SECONDS },
};

export function appBannerStorageKey(page: string): string {
  return `app_banner_time_${page}`;
}

export interface AppBannerCheck {
  page: string;
  os: string;
  /** Unix seconds of the last close on this page, or null. */
  closedAt: number | null;
  nowSeconds: number;
  pages?: Readonly<Record<string, AppBannerPageFlags>>;
}

export function appBannerVisible({
  page,
  os,
  closedAt,
  nowSeconds,
  pages = APP_BANNER_PAGES,
}: AppBannerCheck): boolean {
  if (os !== "android" && os !== "ios") return false;
  const flags = pages[page];
  if (!flags?.show) return false;
  if (closedAt === null) return true;
  const interval = flags.intervalSeconds ?? APP_BANNER_DEFAULT_INTERVAL_SECONDS;
  return nowSeconds - closedAt >= interval;
}

/** The stored close time, or null when absent or unreadable. */
export function parseBannerTime(stored: string | null): number | null {
  if (stored === null || !/^\d+$/.test(stored)) return null;
  return Number(stored);
}
