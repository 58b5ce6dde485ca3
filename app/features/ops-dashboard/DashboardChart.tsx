import { useEffect, useRef } from "react";
import type { DashboardTable } from "../../../contract/ops-dashboard-rules";
import { formatCell } from "../../../contract/ops-dashboard-rules";

/** Room above a chart's highest point, so its line never touches the frame. */
const HEADROOM = 1.1;

/** Colours told apart by most colour-blind readers too (Okabe–Ito), one per drawn column. */
const COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000"];

/** Axis steps in whole numbers: days, counts and yen have no 0.2 of one. */
const WHOLE_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000,
  500_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000, 20_000_000, 50_000_000, 100_000_000,
];

/** "11/21" for the x axis; the table beside the chart keeps the full dates. */
const shortDay = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;

/**
 * A table's chart, drawn by uPlot in the browser only: the server and a browser without
 * JavaScript show the table, which holds every figure the chart draws. The x axis is the day's
 * place in the range rather than a time, so no browser's zone can move a Tokyo day.
 */
export function DashboardChart({ table, bars }: { table: DashboardTable; bars: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null =
      null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void import("uplot").then(({ default: uPlot }) => {
      if (cancelled) return;
      const drawn = table.columns
        .map((c, index) => ({ ...c, index }))
        .filter((c) => c.chart !== undefined);
      const right = drawn.some((c) => c.chart === "right");
      const days = table.rows.map((r) => String(r[0]));
      const data = [
        days.map((_, i) => i),
        ...drawn.map((c) =>
          table.rows.map((r) => (typeof r[c.index] === "number" ? r[c.index] : null)),
        ),
      ] as [number[], ...(number | null)[][]];
      const height = () => (element.clientWidth < 600 ? 220 : 260);
      const tick = (v: number, kind: string) =>
        kind === "yen" && Math.abs(v) >= 10_000
          ? `${(v / 10_000).toLocaleString("ja-JP", { maximumFractionDigits: 1 })}万円`
          : formatCell(v, kind === "yen" ? "yen" : "count");
      const leftKind = drawn.find((c) => c.chart === "left")?.kind ?? "count";
      const rightKind = drawn.find((c) => c.chart === "right")?.kind ?? "count";
      chart = new uPlot(
        {
          width: element.clientWidth,
          height: height(),
          scales: {
            x: { time: false },
            left: { range: (_u, _min, max) => [0, max > 0 ? max * HEADROOM : 1] },
            ...(right
              ? { right: { range: (_u, _min, max) => [0, max > 0 ? max * HEADROOM : 1] } }
              : {}),
          },
          legend: { live: true },
          cursor: { drag: { x: false, y: false } },
          axes: [
            {
              values: (_u, splits) => splits.map((i) => (days[i] ? shortDay(days[i]!) : "")),
              space: 48,
              incrs: WHOLE_STEPS,
            },
            {
              scale: "left",
              values: (_u, splits) => splits.map((v) => tick(v, leftKind)),
              size: 64,
              incrs: WHOLE_STEPS,
            },
            ...(right
              ? [
                  {
                    scale: "right",
                    side: 1 as const,
                    grid: { show: false },
                    values: (_u: unknown, splits: number[]) =>
                      splits.map((v) => tick(v, rightKind)),
                    size: 56,
                    incrs: WHOLE_STEPS,
                  },
                ]
              : []),
          ],
          series: [
            { label: "日付", value: (_u, i) => (i === null || !days[i] ? "—" : days[i]!) },
            ...drawn.map((c, n) => {
              const colour = COLOURS[n % COLOURS.length]!;
              const asBars = bars && n === 0;
              return {
                label: c.label,
                scale: c.chart === "right" ? "right" : "left",
                stroke: colour,
                width: 2,
                fill: asBars ? `${colour}99` : undefined,
                paths: asBars ? uPlot.paths.bars?.({ size: [0.7, 40] }) : undefined,
                points: { show: !asBars && days.length <= 45 },
                value: (_u: unknown, v: number | null) => formatCell(v, c.kind),
              };
            }),
          ],
        },
        data,
        element,
      );
      observer = new ResizeObserver(() =>
        chart?.setSize({ width: element.clientWidth, height: height() }),
      );
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [table, bars]);
  return (
    <div
      ref={box}
      className="dashboard-chart"
      data-testid={`chart-${table.key}`}
      aria-hidden="true"
    />
  );
}
