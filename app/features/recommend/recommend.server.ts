import type { AppLoadContext } from "react-router";
import type { SeriesItem } from "../../../contract/items";
import { relatedSeriesTile } from "../../../server/pages/related";

/** The works related to a series, for its page's other-books tile. */
export function loadRelatedSeries(
  context: AppLoadContext,
  seriesId: number,
): Promise<SeriesItem[]> {
  return relatedSeriesTile(context.services.db, seriesId, context.request.member?.userId ?? null);
}
