import { and, eq, gte, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import type { DailyEventCount, EventBatch } from "../../../contract/event";
import { startOfTokyoDay, tokyoIsoDate } from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import { analyticsDaily, analyticsEvents } from "./schema";

const DAY_MS = 86_400_000;

/** Appends one batch of events; nothing already stored is touched. Answers how many were stored. */
export async function recordEvents(
  db: Db,
  batch: EventBatch,
  memberId: number | null,
  now = new Date(),
): Promise<number> {
  const rows = batch.events.map((e) => ({
    name: e.name,
    receivedAt: now,
    memberId,
    page: e.page ?? null,
    seriesId: e.series ?? null,
    frame: e.frame ?? null,
    position: e.position ?? null,
    scroll: e.scroll ?? null,
    popupId: e.popup ?? null,
    category: e.category ?? null,
    label: e.label ?? null,
    value: e.value === undefined ? null : String(e.value),
    targetId: e.target_id === undefined ? null : String(e.target_id),
    clickSource: e.source ?? batch.source ?? null,
    utmSource: batch.utm_source || null,
    utmMedium: batch.utm_medium || null,
    utmCampaign: batch.utm_campaign || null,
  }));
  await db.insert(analyticsEvents).values(rows);
  return rows.length;
}

/** Which events a daily metric counts. */
const METRIC_EVENTS: Record<DailyEventCount["metric"], string[]> = {
  page_view: ["page_view"],
  click: ["click", "click_book", "click_leadlink"],
  popup_open: ["popup_open"],
  popup_close: ["popup_close"],
  view_book: ["view_book"],
};

/** Metrics counted per section too; a series page view's section would be every series. */
const SECTIONED: ReadonlySet<DailyEventCount["metric"]> = new Set(["page_view", "click"]);

/**
 * Rebuilds the daily counts of the Tokyo day holding `day` from the stored events: each metric
 * for the whole day, per popup (popup metrics) and per section (the frame clicked, or the page
 * viewed). Replacing the day in one transaction makes a repeated run harmless.
 */
export async function summariseDay(db: Db, day: Date, now = new Date()): Promise<number> {
  const from = startOfTokyoDay(day);
  const to = new Date(from.getTime() + DAY_MS);
  const dayKey = tokyoIsoDate(from);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        name: analyticsEvents.name,
        popupId: analyticsEvents.popupId,
        section: sql<string>`coalesce(${analyticsEvents.frame}, ${analyticsEvents.page}, '')`,
        n: sql<number>`count(*)::int`,
      })
      .from(analyticsEvents)
      .where(and(gte(analyticsEvents.receivedAt, from), lt(analyticsEvents.receivedAt, to)))
      .groupBy(
        analyticsEvents.name,
        analyticsEvents.popupId,
        sql`coalesce(${analyticsEvents.frame}, ${analyticsEvents.page}, '')`,
      );
    const counts = new Map<string, DailyEventCount>();
    const add = (metric: DailyEventCount["metric"], popup: number, section: string, n: number) => {
      const key = `${metric}\u0000${popup}\u0000${section}`;
      const entry = counts.get(key) ?? { day: dayKey, metric, popup_id: popup, section, count: 0 };
      entry.count += n;
      counts.set(key, entry);
    };
    for (const [metric, names] of Object.entries(METRIC_EVENTS) as Array<
      [DailyEventCount["metric"], string[]]
    >) {
      for (const r of rows.filter((row) => names.includes(row.name))) {
        add(metric, 0, "", r.n);
        if (r.popupId !== null) add(metric, r.popupId, "", r.n);
        if (r.section !== "" && SECTIONED.has(metric)) add(metric, 0, r.section, r.n);
      }
    }
    await tx.delete(analyticsDaily).where(sql`${analyticsDaily.day} = ${dayKey}`);
    const values = [...counts.values()].map((c) => ({
      day: c.day,
      metric: c.metric,
      popupId: c.popup_id,
      section: c.section,
      count: c.count,
      summarisedAt: now,
    }));
    if (values.length > 0) await tx.insert(analyticsDaily).values(values);
    return values.length;
  });
}

/** The daily counts of a Tokyo day, for the operator console. */
export async function dailyCounts(db: Db, day: Date): Promise<DailyEventCount[]> {
  const dayKey = tokyoIsoDate(startOfTokyoDay(day));
  const rows = await db
    .select()
    .from(analyticsDaily)
    .where(sql`${analyticsDaily.day} = ${dayKey}`)
    .orderBy(analyticsDaily.metric, analyticsDaily.popupId, analyticsDaily.section);
  return rows.map((r) => ({
    day: r.day,
    metric: r.metric as DailyEventCount["metric"],
    popup_id: r.popupId,
    section: r.section,
    count: r.count,
  }));
}

/** Per popup: impressions (popup_open), closes (popup_close) and clicks (click, click_leadlink). */
export interface PopupEventCount {
  popupId: number;
  impressions: number;
  closes: number;
  clicks: number;
}

/**
 * The popup editor's counts for these popups over [from, to): one grouped query, served by the
 * partial index on (popup_id, received_at, name) that holds only popup events, so it reads the
 * popups' own events of the range and never the rest of the table.
 */
export async function popupEventCounts(
  db: Db,
  popupIds: readonly number[],
  from: Date,
  to: Date,
): Promise<Map<number, PopupEventCount>> {
  const out = new Map<number, PopupEventCount>();
  if (popupIds.length === 0) return out;
  const e = analyticsEvents;
  const rows = await db
    .select({
      popupId: sql<number>`${e.popupId}`,
      impressions: sql<number>`count(*) filter (where ${e.name} = 'popup_open')::int`,
      closes: sql<number>`count(*) filter (where ${e.name} = 'popup_close')::int`,
      clicks: sql<number>`count(*) filter (where ${e.name} in ('click', 'click_leadlink'))::int`,
    })
    .from(e)
    .where(
      and(
        isNotNull(e.popupId),
        inArray(e.popupId, [...popupIds]),
        gte(e.receivedAt, from),
        lt(e.receivedAt, to),
      ),
    )
    .groupBy(e.popupId);
  for (const r of rows) out.set(Number(r.popupId), { ...r, popupId: Number(r.popupId) });
  return out;
}

/** One Tokyo day of the shop's event figures (the dashboard's page views, funnel and popups). */
export interface DailyEventFigures {
  day: string;
  pageViews: number;
  /** Page views of /cart: the funnel's middle step. */
  cartViews: number;
  /** view_book: series and volume pages seen, the funnel's first step. */
  seriesViews: number;
  popupImpressions: number;
  popupCloses: number;
  popupClicks: number;
}

/**
 * The daily figures of the Tokyo days [fromDay, toDay] from the daily summary, never from the
 * events themselves: at ten million events a year of them is one read of at most a few rows a
 * day. Days without a summary row count 0; the summary job keeps today and yesterday current.
 */
export async function dailyEventFigures(
  db: Db,
  fromDay: string,
  toDay: string,
): Promise<DailyEventFigures[]> {
  const d = analyticsDaily;
  const rows = await db
    .select({
      day: d.day,
      pageViews: sql<number>`coalesce(sum(${d.count}) filter (where ${d.metric} = 'page_view' and ${d.popupId} = 0 and ${d.section} = ''), 0)::int`,
      cartViews: sql<number>`coalesce(sum(${d.count}) filter (where ${d.metric} = 'page_view' and ${d.popupId} = 0 and ${d.section} = '/cart'), 0)::int`,
      seriesViews: sql<number>`coalesce(sum(${d.count}) filter (where ${d.metric} = 'view_book' and ${d.popupId} = 0 and ${d.section} = ''), 0)::int`,
      popupImpressions: sql<number>`coalesce(sum(${d.count}) filter (where ${d.metric} = 'popup_open' and ${d.popupId} <> 0 and ${d.section} = ''), 0)::int`,
      popupCloses: sql<number>`coalesce(sum(${d.count}) filter (where ${d.metric} = 'popup_close' and ${d.popupId} <> 0 and ${d.section} = ''), 0)::int`,
      popupClicks: sql<number>`coalesce(sum(${d.count}) filter (where ${d.metric} = 'click' and ${d.popupId} <> 0 and ${d.section} = ''), 0)::int`,
    })
    .from(d)
    .where(
      and(
        gte(d.day, fromDay),
        lte(d.day, toDay),
        inArray(d.metric, ["page_view", "view_book", "popup_open", "popup_close", "click"]),
        inArray(d.section, ["", "/cart"]),
      ),
    )
    .groupBy(d.day)
    .orderBy(d.day);
  return rows;
}

/** Per popup over the Tokyo days [fromDay, toDay]: impressions, closes and clicks, from the summary. */
export async function popupFiguresOfDays(
  db: Db,
  fromDay: string,
  toDay: string,
): Promise<PopupEventCount[]> {
  const d = analyticsDaily;
  const rows = await db
    .select({
      popupId: d.popupId,
      impressions: sql<number>`coalesce(sum(${d.count}) filter (where ${d.metric} = 'popup_open'), 0)::int`,
      closes: sql<number>`coalesce(sum(${d.count}) filter (where ${d.metric} = 'popup_close'), 0)::int`,
      clicks: sql<number>`coalesce(sum(${d.count}) filter (where ${d.metric} = 'click'), 0)::int`,
    })
    .from(d)
    .where(
      and(
        gte(d.day, fromDay),
        lte(d.day, toDay),
        sql`${d.popupId} <> 0`,
        eq(d.section, ""),
        inArray(d.metric, ["popup_open", "popup_close", "click"]),
      ),
    )
    .groupBy(d.popupId)
    .orderBy(d.popupId);
  return rows;
}
