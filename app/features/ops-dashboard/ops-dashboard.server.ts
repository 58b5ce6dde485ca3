import type { AppLoadContext } from "react-router";
import { dashboardQuery } from "../../../contract/ops-dashboard";
import { parseInput } from "../../../server/lib/input";
import { opsDashboardPage } from "../../../server/pages/ops-dashboard";
import { orPageFailure, pageQuery } from "../../lib/page-failure.server";
import { requireOpsRight } from "../ops/ops.server";

/** The dashboard page: every staff role reads the shop's numbers (ops.read, decision 0103). */
export async function loadDashboard(context: AppLoadContext, request: Request) {
  await requireOpsRight(context, request, "ops.read");
  return orPageFailure(async () =>
    opsDashboardPage(context.services, parseInput(dashboardQuery, pageQuery(request))),
  );
}
