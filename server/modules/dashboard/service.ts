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
import { signupsByDay } from "../account/signup-figures";
import {
  couponUses,
  paymentTypeNames,
  salesByDay,
  salesByPaymentType,
} from "../commerce/sales-figures";
import { dailyEventFigures, popupFiguresOfDays } from "../event/service";
import { popupLabels } from "../popup/editing";

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
const EVENTS_NOTE = "閲覧データは10分ごとに集計されます。今日の数字はその時点までのものです。";

/**
 * Every table of the dashboard for the range: sales and orders, the average basket, new members,
 * orders per payment type, page views, the funnel from series page to cart to order, popups
 * (per day and per popup), and campaign and coupon use (per day and per coupon). Orders and
 * members come from their tables through index-only scans; events from the daily summary.
 */
export async function dashboardTables(db: Db, range: DashboardRange): Promise<DashboardAnswer> {
  const [sales, byType, typeNames, signups, events, popupRows, couponRows] = await Promise.all([
    salesByDay(db, range.start, range.end),
    salesByPaymentType(db, range.start, range.end),
    paymentTypeNames(db),
    signupsByDay(db, range.start, range.end),
    dailyEventFigures(db, range.from, range.to),
    popupFiguresOfDays(db, range.from, range.to),
    couponUses(db, range.start, range.end),
  ]);
  const salesDays = perDay(range, sales, {
    orders: 0,
    sales: 0,
    saleOrders: 0,
    saleDiscount: 0,
    couponOrders: 0,
    couponDiscount: 0,
    usedPoints: 0,
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
      [DAY, col("売上（税込）", "yen", "left"), col("注文数", "count", "right")],
      salesDays.map((s) => [s.day, s.sales, s.orders]),
      ORDERS_NOTE,
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
