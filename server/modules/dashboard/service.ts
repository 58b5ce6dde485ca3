import { and, eq, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import { type DashboardQuery, daysInRange } from "../../../contract/ops-dashboard";
import {
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_MAX_DAYS,
  DASHBOARD_METRICS,
  type DashboardAnswer,
  type DashboardCell,
  type DashboardColumn,
  type DashboardMetricKey,
  type DashboardTable,
  percent,
} from "../../../contract/ops-dashboard-rules";
import {
  parseTokyoDateTimeInput,
  startOfTokyoDay,
  tokyoIsoDate,
} from "../../../contract/tokyo-time";
import type { Db } from "../../db/client";
import { BadInput } from "../../lib/errors";
import { every } from "../../lib/every";
import type { Logger } from "../../logger";
import { signupsByDay } from "../account/signup-figures";
import {
  couponNames,
  couponsUsedOnOrders,
  paymentTypeNames,
  refundsByDay,
  salesByDay,
  salesByPaymentType,
} from "../commerce/sales-figures";
import { dailyEventFigures, popupFiguresOfDays } from "../event/service";
import { popupLabels } from "../popup/editing";
import { dashboardDaily } from "./schema";

const DAY_MS = 86_400_000;

export interface DashboardRange {
  from: string;
  to: string;
  /** [start, end): the instants the Tokyo days cover. */
  start: Date;
  end: Date;
  days: string[];
}

/** The asked Tokyo days, or the last 30 ending today; a range the page could not show is a 400. */
export function dashboardRange(query: DashboardQuery, now = new Date()): DashboardRange {
  const to = query.to ?? tokyoIsoDate(now);
  const from =
    query.from ??
    tokyoIsoDate(
      startOfTokyoDay(parseTokyoDateTimeInput(`${to}T00:00`)!, 1 - DASHBOARD_DEFAULT_DAYS),
    );
  if (to < from) throw new BadInput("to", "終了日は開始日以降の日付にしてください");
  const count = daysInRange(from, to);
  if (count > DASHBOARD_MAX_DAYS)
    throw new BadInput("from", `集計期間は${DASHBOARD_MAX_DAYS}日以内で指定してください`);
  const start = parseTokyoDateTimeInput(`${from}T00:00`)!;
  const days = Array.from({ length: count }, (_, i) => tokyoIsoDate(start.getTime() + i * DAY_MS));
  return { from, to, start, end: new Date(start.getTime() + count * DAY_MS), days };
}

const col = (
  label: string,
  kind: DashboardColumn["kind"],
  chart?: DashboardColumn["chart"],
): DashboardColumn => (chart ? { label, kind, chart } : { label, kind });
const DAY = col("日付", "day");

function table(
  key: DashboardMetricKey,
  columns: DashboardColumn[],
  rows: DashboardCell[][],
  note: string,
): DashboardTable {
  return { key, title: DASHBOARD_METRICS[key].title, columns, rows, note };
}

/** One row per day of the range, zeros where nothing happened, so charts read as a calendar. */
function perDay<T extends { day: string }>(range: DashboardRange, rows: T[], zero: Omit<T, "day">) {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return range.days.map((day) => byDay.get(day) ?? ({ day, ...zero } as T));
}

const ORDERS_NOTE =
  "注文日（東京時間）ごとの、支払いが完了した注文（のちに返金されたものを含む）の集計です。売上はセール・クーポン値引き後、ポイント利用分を含む税込金額です。";
const REFUNDS_NOTE =
  "返金額は返金した日（東京時間）に数えます（返した代金とポイント。注文日がそれより前でも同じ）。純売上＝売上－返金額です。";
const EVENTS_NOTE = "閲覧データは10分ごとに集計されます。今日の数字はその時点までのものです。";

/** One Tokyo day's figures as the rollup keeps them. */
interface FigureRow {
  figure: string;
  key: number;
  value: number;
}

/**
 * The order and member figures of [start, end) (one Tokyo day), from the owning modules: what a
 * closed day keeps in dashboard_daily and what today shows live.
 */
async function figuresOfDay(db: Db, start: Date, end: Date): Promise<FigureRow[]> {
  const [sales, refunds, byType, coupons, signups] = await Promise.all([
    salesByDay(db, start, end),
    refundsByDay(db, start, end),
    salesByPaymentType(db, start, end),
    couponsUsedOnOrders(db, start, end),
    signupsByDay(db, start, end),
  ]);
  const rows: FigureRow[] = [];
  const put = (figure: string, value: number, key = 0) => {
    if (value !== 0) rows.push({ figure, key, value });
  };
  for (const d of sales) {
    put("orders", d.orders);
    put("sales", d.sales);
    put("sale_orders", d.saleOrders);
    put("sale_discount", d.saleDiscount);
    put("coupon_orders", d.couponOrders);
    put("coupon_discount", d.couponDiscount);
    put("used_points", d.usedPoints);
  }
  for (const r of refunds) put("refunds", r.refunds);
  for (const t of byType) put("payment_orders", t.orders, t.paymentType);
  for (const c of coupons) {
    put("orders_with_coupon", c.orders, c.couponId);
    put("discount_of_coupon", c.discount, c.couponId);
  }
  for (const m of signups) put("members", m.members);
  return rows;
}

const SUMMARY_LOCK = sql`hashtext('komaya.dashboard_summary')`;

/**
 * Builds (or rebuilds) the kept figures of these closed Tokyo days, each replaced whole in one
 * transaction under a lock, so a read and the job building the same day at once leave one copy.
 */
export async function summariseDays(db: Db, days: readonly string[], now = new Date()) {
  for (const day of days) {
    const start = parseTokyoDateTimeInput(`${day}T00:00`)!;
    const end = new Date(start.getTime() + DAY_MS);
    const rows = await figuresOfDay(db, start, end);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SUMMARY_LOCK})`);
      await tx.delete(dashboardDaily).where(eq(dashboardDaily.day, day));
      await tx.insert(dashboardDaily).values(
        [...rows, { figure: "summarised", key: 0, value: 1 }].map((r) => ({
          day,
          ...r,
          summarisedAt: now,
        })),
      );
    });
  }
}

/** The closed days of the range never built (a fresh install, or a range past the job's reach). */
async function unsummarisedDays(db: Db, days: readonly string[]): Promise<string[]> {
  if (days.length === 0) return [];
  const built = await db
    .select({ day: dashboardDaily.day })
    .from(dashboardDaily)
    .where(
      and(
        gte(dashboardDaily.day, days[0]!),
        lte(dashboardDaily.day, days[days.length - 1]!),
        eq(dashboardDaily.figure, "summarised"),
      ),
    );
  const have = new Set(built.map((b) => b.day));
  return days.filter((d) => !have.has(d));
}

/**
 * The job's pass (every 10 minutes in the process that runs jobs): yesterday and the day before
 * rebuilt, as a payment confirmed after midnight still counts on the day it was ordered, and up
 * to 31 closed days of the last year that were never built, newest first.
 */
export async function runDashboardSummary(db: Db, now = new Date()): Promise<number> {
  const today = startOfTokyoDay(now);
  const recent = [2, 1].map((n) => tokyoIsoDate(today.getTime() - n * DAY_MS));
  const year = Array.from({ length: DASHBOARD_MAX_DAYS }, (_, i) =>
    tokyoIsoDate(today.getTime() - (DASHBOARD_MAX_DAYS - i) * DAY_MS),
  );
  const missing = (await unsummarisedDays(db, year))
    .filter((d) => !recent.includes(d))
    .reverse()
    .slice(0, 31);
  await summariseDays(db, [...recent, ...missing], now);
  return recent.length + missing.length;
}

/** Runs the summary at start and every intervalMs; answers a stop function. */
export function startDashboardSummary(db: Db, logger: Logger, intervalMs = 10 * 60_000) {
  return every("dashboard summary", intervalMs, logger, async () => {
    await runDashboardSummary(db, new Date());
  });
}

interface DayFigures {
  byDay: Map<string, Map<string, number>>;
  perCoupon: Map<number, { orders: number; discount: number }>;
}

/**
 * The order and member figures of the range: closed days from dashboard_daily (built first if
 * missing), today live from the orders and members themselves.
 */
async function rangeFigures(db: Db, range: DashboardRange, now: Date): Promise<DayFigures> {
  const today = tokyoIsoDate(now);
  const closed = range.days.filter((d) => d < today);
  await summariseDays(db, await unsummarisedDays(db, closed), now);
  const byDay = new Map<string, Map<string, number>>();
  const perCoupon = new Map<number, { orders: number; discount: number }>();
  const add = (day: string, r: FigureRow) => {
    if (r.figure === "orders_with_coupon" || r.figure === "discount_of_coupon") {
      const c = perCoupon.get(r.key) ?? { orders: 0, discount: 0 };
      if (r.figure === "orders_with_coupon") c.orders += r.value;
      else c.discount += r.value;
      perCoupon.set(r.key, c);
      return;
    }
    const figures = byDay.get(day) ?? new Map<string, number>();
    const name = r.key === 0 ? r.figure : `${r.figure}:${r.key}`;
    figures.set(name, (figures.get(name) ?? 0) + r.value);
    byDay.set(day, figures);
  };
  const d = dashboardDaily;
  const [kept, coupons, live] = await Promise.all([
    closed.length === 0
      ? []
      : db
          .select({ day: d.day, figure: d.figure, key: d.key, value: d.value })
          .from(d)
          .where(
            and(
              gte(d.day, closed[0]!),
              lte(d.day, closed[closed.length - 1]!),
              notInArray(d.figure, ["orders_with_coupon", "discount_of_coupon", "summarised"]),
            ),
          ),
    closed.length === 0
      ? []
      : db
          .select({
            figure: d.figure,
            key: d.key,
            value: sql<number>`sum(${d.value})::bigint`,
          })
          .from(d)
          .where(
            and(
              gte(d.day, closed[0]!),
              lte(d.day, closed[closed.length - 1]!),
              inArray(d.figure, ["orders_with_coupon", "discount_of_coupon"]),
            ),
          )
          .groupBy(d.figure, d.key),
    range.days.includes(today)
      ? figuresOfDay(db, startOfTokyoDay(now), startOfTokyoDay(now, 1))
      : Promise.resolve([]),
  ]);
  for (const r of kept) add(r.day, { ...r, value: Number(r.value) });
  for (const r of coupons) add("", { ...r, value: Number(r.value) });
  for (const r of live) add(today, r);
  return { byDay, perCoupon };
}

/**
 * Every table of the dashboard for the range: sales and orders, the average basket, new members,
 * orders per payment type, page views, the funnel from series page to cart to order, popups
 * (per day and per popup), and campaign and coupon use (per day and per coupon). Orders and
 * members come from dashboard_daily (today live), events from the event module's daily summary.
 */
export async function dashboardTables(
  db: Db,
  range: DashboardRange,
  now = new Date(),
): Promise<DashboardAnswer> {
  const [figures, typeNames, events, popupRows] = await Promise.all([
    rangeFigures(db, range, now),
    paymentTypeNames(db),
    dailyEventFigures(db, range.from, range.to),
    popupFiguresOfDays(db, range.from, range.to),
  ]);
  const f = (day: string, name: string) => figures.byDay.get(day)?.get(name) ?? 0;
  const sales = range.days.map((day) => ({
    day,
    orders: f(day, "orders"),
    sales: f(day, "sales"),
    saleOrders: f(day, "sale_orders"),
    saleDiscount: f(day, "sale_discount"),
    couponOrders: f(day, "coupon_orders"),
    couponDiscount: f(day, "coupon_discount"),
    usedPoints: f(day, "used_points"),
    refunds: f(day, "refunds"),
  }));
  const signups = range.days.map((day) => ({ day, members: f(day, "members") }));
  const byType: Array<{ day: string; paymentType: number; orders: number }> = [];
  for (const [day, names] of figures.byDay)
    for (const [name, value] of names)
      if (name.startsWith("payment_orders:"))
        byType.push({ day, paymentType: Number(name.slice(15)), orders: value });
  const couponIds = [...figures.perCoupon.keys()];
  const names = await couponNames(db, couponIds);
  const couponRows = couponIds
    .map((couponId) => ({
      couponId,
      name: names.get(couponId)?.name ?? "",
      campaignId: names.get(couponId)?.campaignId ?? null,
      ...figures.perCoupon.get(couponId)!,
    }))
    .sort((a, b) => b.orders - a.orders || a.couponId - b.couponId);
  const salesDays = perDay(range, sales, {
    orders: 0,
    sales: 0,
    saleOrders: 0,
    saleDiscount: 0,
    couponOrders: 0,
    couponDiscount: 0,
    usedPoints: 0,
    refunds: 0,
  });
  const eventDays = perDay(range, events, {
    pageViews: 0,
    cartViews: 0,
    seriesViews: 0,
    popupImpressions: 0,
    popupCloses: 0,
    popupClicks: 0,
  });
  const memberDays = perDay(range, signups, { members: 0 });
  const basket = (s: { sales: number; orders: number }) =>
    s.orders > 0 ? Math.round(s.sales / s.orders) : null;

  // Payment types in the checkout's order; one seen in orders but no longer offered still shows.
  const seenTypes = new Set(byType.map((r) => r.paymentType));
  const types = typeNames.filter((t) => seenTypes.has(t.paymentType) || t.paymentType < 90);
  for (const type of seenTypes)
    if (!types.some((t) => t.paymentType === type))
      types.push({ paymentType: type, name: `決済方法${type}` });
  const typeCount = new Map(byType.map((r) => [`${r.day}:${r.paymentType}`, r.orders]));

  const labels = await popupLabels(
    db,
    popupRows.map((p) => p.popupId),
  );

  const tables: DashboardTable[] = [
    table(
      "sales",
      [
        DAY,
        col("売上（税込）", "yen", "left"),
        col("注文数", "count", "right"),
        col("返金額", "yen"),
        col("純売上", "yen", "left"),
      ],
      salesDays.map((s) => [s.day, s.sales, s.orders, s.refunds, s.sales - s.refunds]),
      `${ORDERS_NOTE}${REFUNDS_NOTE}`,
    ),
    table(
      "basket",
      [
        DAY,
        col("注文数", "count"),
        col("売上（税込）", "yen"),
        col("平均客単価", "yen", "left"),
        col("ポイント利用", "count"),
      ],
      salesDays.map((s) => [s.day, s.orders, s.sales, basket(s), s.usedPoints]),
      "平均客単価＝売上÷注文数（円未満四捨五入）。注文がない日は「—」です。",
    ),
    table(
      "members",
      [DAY, col("新規会員数", "count", "left")],
      memberDays.map((m) => [m.day, m.members]),
      "会員登録した日（東京時間）ごとの人数です。その後退会した会員も含みます。",
    ),
    table(
      "payments",
      [DAY, ...types.map((t) => col(t.name, "count", "left"))],
      range.days.map((day) => [
        day,
        ...types.map((t) => typeCount.get(`${day}:${t.paymentType}`) ?? 0),
      ]),
      "決済方法ごとの注文数です。ポイントだけで支払った注文は「ポイント払い」に数えます。",
    ),
    table(
      "pageviews",
      [DAY, col("ページビュー", "count", "left"), col("作品ページ", "count", "left")],
      eventDays.map((e) => [e.day, e.pageViews, e.seriesViews]),
      EVENTS_NOTE,
    ),
    table(
      "funnel",
      [
        DAY,
        col("作品ページ閲覧", "count", "left"),
        col("カート表示", "count", "left"),
        col("注文", "count", "left"),
        col("作品ページ→カート", "percent"),
        col("カート→注文", "percent"),
      ],
      range.days.map((day, i) => {
        const e = eventDays[i]!;
        const orders = salesDays[i]!.orders;
        return [
          day,
          e.seriesViews,
          e.cartViews,
          orders,
          percent(e.cartViews, e.seriesViews),
          percent(orders, e.cartViews),
        ];
      }),
      `作品ページ閲覧は作品・巻ページの表示回数、カート表示はカートページの表示回数、注文は支払いが完了した注文数です。${EVENTS_NOTE}`,
    ),
    table(
      "popups",
      [
        DAY,
        col("表示", "count", "left"),
        col("閉じる", "count", "left"),
        col("クリック", "count", "left"),
        col("閉じた率", "percent"),
        col("クリック率", "percent"),
      ],
      eventDays.map((e) => [
        e.day,
        e.popupImpressions,
        e.popupCloses,
        e.popupClicks,
        percent(e.popupCloses, e.popupImpressions),
        percent(e.popupClicks, e.popupImpressions),
      ]),
      `率は表示回数に対する割合です。${EVENTS_NOTE}`,
    ),
    table(
      "popup-list",
      [
        col("ポップアップID", "count"),
        col("ポップアップ", "text"),
        col("表示", "count"),
        col("閉じる", "count"),
        col("クリック", "count"),
        col("閉じた率", "percent"),
        col("クリック率", "percent"),
      ],
      popupRows
        .sort((a, b) => b.impressions - a.impressions || a.popupId - b.popupId)
        .map((p) => [
          p.popupId,
          labels.get(p.popupId) ?? `（削除されたポップアップ ${p.popupId}）`,
          p.impressions,
          p.closes,
          p.clicks,
          percent(p.closes, p.impressions),
          percent(p.clicks, p.impressions),
        ]),
      `期間中に表示・閉じる・クリックがあったポップアップです（表示回数の多い順）。${EVENTS_NOTE}`,
    ),
    table(
      "redemptions",
      [
        DAY,
        col("セール適用の注文", "count", "left"),
        col("セール値引額", "yen"),
        col("クーポン利用の注文", "count", "left"),
        col("クーポン値引額", "yen"),
      ],
      salesDays.map((s) => [s.day, s.saleOrders, s.saleDiscount, s.couponOrders, s.couponDiscount]),
      "セール適用の注文は、キャンペーンのセール価格で買われた作品を含む注文です。クーポン利用は支払いが完了した注文で使われたクーポンです。",
    ),
    table(
      "coupons",
      [
        col("クーポンID", "count"),
        col("クーポン名", "text"),
        col("キャンペーンID", "text"),
        col("利用された注文", "count"),
        col("値引額", "yen"),
      ],
      couponRows.map((c) => [
        c.couponId,
        c.name,
        c.campaignId === null ? "" : String(c.campaignId),
        c.orders,
        c.discount,
      ]),
      "期間中の注文で使われたクーポンです（利用の多い順）。",
    ),
  ];
  return { from: range.from, to: range.to, tables };
}

/** A cell of a CSV: numbers as they are, text quoted when it holds a comma, quote or line break. */
function csvCell(value: DashboardCell, kind: DashboardColumn["kind"]): string {
  if (value === null) return "";
  if (typeof value === "number") return kind === "percent" ? value.toFixed(1) : String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet: a quote keeps it text.
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The table as a CSV Excel opens in Japanese: UTF-8 with a byte order mark, CRLF line ends, the
 * table's own headers; percentages as numbers with the unit in the header.
 */
export function tableCsv(t: DashboardTable): string {
  const header = t.columns.map((c) =>
    csvCell(
      c.kind === "percent" ? `${c.label}（%）` : c.kind === "yen" ? `${c.label}（円）` : c.label,
      "text",
    ),
  );
  const lines = [header.join(",")];
  for (const row of t.rows) lines.push(row.map((v, i) => csvCell(v, t.columns[i]!.kind)).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
