import type { AppLoadContext } from "react-router";
import type { SeriesItem } from "../../../contract/items";
import { relatedSeries } from "../../../server/modules/recommend/service";

/** The works related to a series, for its page's other-books tile. */
export async function loadRelatedSeries(
  context: AppLoadContext,
  seriesId: number,
): Promise<SeriesItem[]> {
  const member = context.request.member;
  return (await relatedSeries(context.services.db, seriesId, member?.userId ?? null)) ?? [];
}
