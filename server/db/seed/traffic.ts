import { and, gte, inArray, lt } from "drizzle-orm";
import { startOfTokyoDay, tokyoIsoDate } from "../../../contract/tokyo-time";
import type { Rng } from "../../lib/seeded-random";
import { orders } from "../../modules/commerce/schema";
import { analyticsEvents } from "../../modules/event/schema";
import { summariseDay } from "../../modules/event/service";
import { insertRows } from "./bulk";
import type { CatalogSummary, SeedContext } from "./types";

/** How many Tokyo days before the seed's day have traffic; the seed's own day has none. */
export const TRAFFIC_DAYS = 60;

const DAY_MS = 86_400_000;

/** Pages other than series pages and the cart, and how often each is opened (weights). */
const PAGES: ReadonlyArray<readonly [string, number]> = [
  ["/", 10],
  ["/ranking", 3],
  ["/search", 3],
  ["/free", 2],
  ["/news", 1],
  ["/bookshelf", 2],
];

/**
 * Past browsing for the ops dashboard's page views and funnel (decision 0103): each of the
 * TRAFFIC_DAYS Tokyo days before the seed's day gets page views, series page views (view_book
 * with its page view) and cart page views, scaled from that day's paid orders so the funnel reads
 * like a shop's (series pages → cart → order). Then each day's summary is built, as the summary
 * job would have; the job itself only rebuilds today and yesterday.
 *
 * Nothing on the seed's day and no popup event: tests count today's events and each popup's.
 */
export async function seedTraffic(ctx: SeedContext, catalog: CatalogSummary): Promise<number> {
  const { db } = ctx;
  const rng = ctx.rng.fork("traffic");
  const today = startOfTokyoDay(ctx.options.now);
  const first = new Date(today.getTime() - TRAFFIC_DAYS * DAY_MS);
  const series = catalog.series.map((s) => s.seriesId);
  if (series.length === 0) return 0;

  const sold = await db
    .select({ at: orders.createdAt })
    .from(orders)
    .where(
      and(
        gte(orders.createdAt, first),
        lt(orders.createdAt, today),
        inArray(orders.status, ["paid", "refunded"]),
      ),
    );
  const ordersOn = new Map<string, number>();
  for (const o of sold) {
    const day = tokyoIsoDate(o.at);
    ordersOn.set(day, (ordersOn.get(day) ?? 0) + 1);
  }

  // A few series draw most of the views, as on the shelves the home page shows.
  const popular = rng.sample(series, Math.min(40, series.length));
  const pageWeights = PAGES.reduce((n, [, w]) => n + w, 0);
  const pickPage = (r: Rng) => {
    let x = r.int(1, pageWeights);
    for (const [page, w] of PAGES) {
      x -= w;
      if (x <= 0) return page;
    }
    return "/";
  };

  const rows: Array<typeof analyticsEvents.$inferInsert> = [];
  for (let n = TRAFFIC_DAYS; n >= 1; n--) {
    const start = today.getTime() - n * DAY_MS;
    const orderCount = ordersOn.get(tokyoIsoDate(start)) ?? 0;
    const carts = Math.round(orderCount * 1.5) + rng.int(2, 6);
    const seriesViews = carts * rng.int(2, 3) + rng.int(5, 20);
    const otherViews = Math.round(seriesViews / 2) + rng.int(10, 40);
    // Daytime and evening browsing: a later hour more likely than the small hours.
    const at = () => new Date(start + Math.floor(Math.sqrt(rng.next()) * (DAY_MS - 1)));
    const category = () => (rng.chance(0.3) ? "member" : "visitor");
    for (let i = 0; i < seriesViews; i++) {
      const id = rng.chance(0.7) ? rng.pick(popular) : rng.pick(series);
      const page = `/series/${id}`;
      const when = at();
      rows.push({ name: "page_view", receivedAt: when, page, category: category() });
      rows.push({ name: "view_book", receivedAt: when, page, seriesId: id });
    }
    for (let i = 0; i < carts; i++)
      rows.push({ name: "page_view", receivedAt: at(), page: "/cart", category: category() });
    for (let i = 0; i < otherViews; i++)
      rows.push({ name: "page_view", receivedAt: at(), page: pickPage(rng), category: category() });
  }
  await insertRows(db, analyticsEvents, rows);
  for (let n = TRAFFIC_DAYS; n >= 1; n--)
    await summariseDay(db, new Date(today.getTime() - n * DAY_MS), ctx.options.now);
  return rows.length;
}
