import {
  DASHBOARD_METRICS,
  type DashboardAnswer,
  type DashboardTable,
  formatCell,
} from "../../../contract/ops-dashboard-rules";
import { DashboardChart } from "./DashboardChart";
import { DashboardTableView } from "./DashboardTableView";
import "uplot/dist/uPlot.min.css";
import "./ops-dashboard.css";

const DAY_MS = 86_400_000;

/** The Tokyo day `days` before an ISO day (plain date arithmetic: dates carry no zone). */
function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

const sumColumn = (t: DashboardTable | undefined, index: number) =>
  (t?.rows ?? []).reduce(
    (n, r) => n + (typeof r[index] === "number" ? (r[index] as number) : 0),
    0,
  );

/** The range's totals an operator reads first. */
function Totals({ answer }: { answer: DashboardAnswer }) {
  const table = (key: string) => answer.tables.find((t) => t.key === key);
  const sales = sumColumn(table("sales"), 1);
  const orders = sumColumn(table("sales"), 2);
  const refunds = sumColumn(table("sales"), 3);
  const figures: Array<[string, string]> = [
    ["売上（税込）", formatCell(sales, "yen")],
    ["返金額", formatCell(refunds, "yen")],
    ["純売上", formatCell(sales - refunds, "yen")],
    ["注文数", formatCell(orders, "count")],
    ["平均客単価", formatCell(orders > 0 ? Math.round(sales / orders) : null, "yen")],
    ["新規会員", formatCell(sumColumn(table("members"), 1), "count")],
    ["ページビュー", formatCell(sumColumn(table("pageviews"), 1), "count")],
    ["作品ページ閲覧", formatCell(sumColumn(table("pageviews"), 2), "count")],
  ];
  return (
    <dl className="dashboard-totals" aria-label="期間の合計">
      {figures.map(([label, value]) => (
        <div key={label} className="dashboard-totals__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /ops/dashboard (issue 24): the range form, the range's totals, then each figure as a chart,
 * its table and its CSV. The form is a plain GET, so a range is a link an operator can keep.
 */
export function Dashboard({ answer, today }: { answer: DashboardAnswer; today: string }) {
  const query = `from=${answer.from}&to=${answer.to}`;
  const quick: Array<[string, number]> = [
    ["直近7日", 7],
    ["直近30日", 30],
    ["直近90日", 90],
    ["直近1年", 365],
  ];
  return (
    <>
      <form className="ops-panel dashboard-range" method="get" action="/ops/dashboard">
        <h2 id="dashboard-range">集計期間（東京時間）</h2>
        <div className="dashboard-range__fields">
          <label>
            開始日
            <input type="date" name="from" defaultValue={answer.from} max={today} required />
          </label>
          <span aria-hidden="true">〜</span>
          <label>
            終了日
            <input type="date" name="to" defaultValue={answer.to} required />
          </label>
          <button type="submit" className="ops-button">
            表示する
          </button>
        </div>
        <p className="dashboard-range__quick">
          {quick.map(([label, days]) => {
            const from = daysBefore(today, days - 1);
            const current = answer.from === from && answer.to === today;
            return (
              <a
                key={label}
                href={`/ops/dashboard?from=${from}&to=${today}`}
                aria-current={current ? "true" : undefined}
              >
                {label}
              </a>
            );
          })}
        </p>
      </form>
      <Totals answer={answer} />
      {answer.tables.map((t) => {
        const chart = DASHBOARD_METRICS[t.key].chart;
        return (
          <section
            key={t.key}
            className="ops-panel dashboard-metric"
            aria-labelledby={`metric-${t.key}`}
          >
            <div className="dashboard-metric__head">
              <h2 id={`metric-${t.key}`}>{t.title}</h2>
              <a
                className="dashboard-csv"
                href={`/api/ops/dashboard/${t.key}.csv?${query}`}
                download
                data-testid={`csv-${t.key}`}
              >
                CSVをダウンロード
              </a>
            </div>
            {chart ? <DashboardChart table={t} bars={chart === "bars"} /> : null}
            <DashboardTableView table={t} />
            <p className="ops-note">{t.note}</p>
          </section>
        );
      })}
    </>
  );
}
