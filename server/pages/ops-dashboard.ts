import type { DashboardQuery } from "../../contract/ops-dashboard";
import type { AppServices } from "../lib/context";
import { dashboardRange, dashboardTables } from "../modules/dashboard/service";

/** /ops/dashboard (issue 24): the same answer as GET /api/ops/dashboard for the asked range. */
export const opsDashboardPage = (services: AppServices, query: DashboardQuery) =>
  dashboardTables(services.db, dashboardRange(query));
