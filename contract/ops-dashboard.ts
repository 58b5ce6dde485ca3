import { z } from "zod";
import { blankToUndefined } from "./input";
import { DASHBOARD_MAX_DAYS } from "./ops-dashboard-rules";
import { parseTokyoDateTimeInput } from "./tokyo-time";

const DAY_MS = 86_400_000;

const day = (field: string, label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ message: `${label}（${field}）は日付（例: 2026-11-01）で指定してください` })
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}（${field}）は YYYY-MM-DD の形式で指定してください`)
      .refine(
        (s) => parseTokyoDateTimeInput(`${s}T00:00`) !== null,
        `${label}（${field}）は実在する日付で指定してください`,
      )
      .optional(),
  );

/** Tokyo days between two YYYY-MM-DD dates, both counted. */
export function daysInRange(from: string, to: string): number {
  const start = parseTokyoDateTimeInput(`${from}T00:00`)!;
  const end = parseTokyoDateTimeInput(`${to}T00:00`)!;
  return Math.round((end.getTime() - start.getTime()) / DAY_MS) + 1;
}

/**
 * /ops/dashboard and GET /api/ops/dashboard(/<metric>.csv): the Tokyo days from–to, both
 * included; either left out takes the default 30 days ending today.
 */
export const dashboardQuery = z
  .object({ from: day("from", "開始日"), to: day("to", "終了日") })
  .superRefine((q, ctx) => {
    // A day that failed its own check has its message already.
    const real = (d: string | undefined) =>
      d !== undefined && parseTokyoDateTimeInput(`${d}T00:00`) !== null;
    if (!real(q.from) || !real(q.to)) return;
    if (q.to! < q.from!) {
      ctx.addIssue({
        code: "custom",
        message: "終了日は開始日以降の日付にしてください",
        path: ["to"],
      });
    } else if (daysInRange(q.from!, q.to!) > DASHBOARD_MAX_DAYS) {
      ctx.addIssue({
        code: "custom",
        message: `集計期間は${DASHBOARD_MAX_DAYS}日以内で指定してください`,
        path: ["to"],
      });
    }
  });
export type DashboardQuery = z.infer<typeof dashboardQuery>;
