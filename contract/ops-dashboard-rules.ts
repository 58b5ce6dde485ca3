/**
 * The ops dashboard (issue 24, decision 0103): which figures it shows, their tables' columns and
 * the range it covers. Zod-free: the page draws charts and tables from these, and the server
 * answers and writes each table's CSV with the same columns.
 */

/** The longest range one view or CSV covers, in Tokyo days. */
export const DASHBOARD_MAX_DAYS = 366;
/** The range the dashboard opens with: the last 30 Tokyo days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;

export const DASHBOARD_METRICS = {
  sales: { title: "売上・注文数", chart: "bars" },
  basket: { title: "平均客単価", chart: "line" },
  members: { title: "新規会員数", chart: "bars" },
  payments: { title: "決済方法別の注文数", chart: "line" },
  pageviews: { title: "ページビュー", chart: "line" },
  funnel: { title: "作品ページ → カート → 注文", chart: "line" },
  popups: { title: "ポップアップの表示・閉じる・クリック", chart: "line" },
  "popup-list": { title: "ポップアップ別の集計", chart: null },
  redemptions: { title: "キャンペーン・クーポンの利用", chart: "line" },
  coupons: { title: "クーポン別の利用", chart: null },
} as const satisfies Record<string, { title: string; chart: "bars" | "line" | null }>;
export type DashboardMetricKey = keyof typeof DASHBOARD_METRICS;
export const DASHBOARD_METRIC_KEYS = Object.keys(DASHBOARD_METRICS) as DashboardMetricKey[];

export function isDashboardMetric(value: string): value is DashboardMetricKey {
  return Object.hasOwn(DASHBOARD_METRICS, value);
}

/**
 * How a column reads: a Tokyo day, a name, a count, yen, or a percentage (one decimal; null when
 * there was nothing to divide by). `chart` marks the columns the chart draws, and on which axis.
 */
export interface DashboardColumn {
  label: string;
  kind: "day" | "text" | "count" | "yen" | "percent";
  chart?: "left" | "right";
}

export type DashboardCell = string | number | null;

export interface DashboardTable {
  key: DashboardMetricKey;
  title: string;
  columns: DashboardColumn[];
  rows: DashboardCell[][];
  /** A line under the table: where the figures come from, or how fresh they are. */
  note: string;
}

export interface DashboardAnswer {
  from: string;
  to: string;
  tables: DashboardTable[];
}

/** A percentage to one decimal; null when the base is 0. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

/** A cell as the table shows it. */
export function formatCell(value: DashboardCell, kind: DashboardColumn["kind"]): string {
  if (value === null) return "—";
  if (typeof value === "string") return value;
  if (kind === "yen") return `${value.toLocaleString("ja-JP")}円`;
  if (kind === "percent") return `${value.toFixed(1)}%`;
  return value.toLocaleString("ja-JP");
}
