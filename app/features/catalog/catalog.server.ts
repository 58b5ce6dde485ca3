import type { AppLoadContext } from "react-router";
import { newestSeries } from "../../../server/modules/catalog/service";

export async function loadNewestSeries(context: AppLoadContext, limit: number) {
  return newestSeries(context.services.db, limit);
}
