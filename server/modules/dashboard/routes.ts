import { Hono } from "hono";
import { z } from "zod";
import { dashboardQuery } from "../../../contract/ops-dashboard";
import { DASHBOARD_METRIC_KEYS, isDashboardMetric } from "../../../contract/ops-dashboard-rules";
import type { AppEnv, AppServices } from "../../lib/context";
import { NotFound } from "../../lib/errors";
import { readParams, readQuery } from "../../lib/input";
import { staffWith } from "../staff/request";
import { dashboardRange, dashboardTables, tableCsv } from "./service";

const csvParams = z.object({
  file: z.string().regex(/^[a-z-]+\.csv$/, "ファイル名は <集計名>.csv で指定してください"),
});

/**
 * /api/ops/dashboard (issue 24, decision 0103): the shop's numbers for a range of Tokyo days,
 * as JSON for the page and one table at a time as CSV. Every staff role reads them (ops.read).
 */
export function dashboardRoutes(services: AppServices): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/dashboard", async (c) => {
    await staffWith(c, services, "ops.read");
    const range = dashboardRange(readQuery(c, dashboardQuery));
    c.header("Cache-Control", "private, no-store");
    return c.json({ result: true, ...(await dashboardTables(services.db, range)) });
  });
  routes.get("/dashboard/:file", async (c) => {
    await staffWith(c, services, "ops.read");
    const { file } = readParams(c, csvParams);
    const key = file.slice(0, -".csv".length);
    if (!isDashboardMetric(key))
      throw new NotFound(`集計「${key}」はありません（${DASHBOARD_METRIC_KEYS.join("・")}）`);
    const range = dashboardRange(readQuery(c, dashboardQuery));
    const answer = await dashboardTables(services.db, range);
    const table = answer.tables.find((t) => t.key === key)!;
    const name = `komaya-${key}-${range.from}_${range.to}.csv`;
    return c.body(tableCsv(table), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    });
  });
  return routes;
}
