import type { Db } from "../db/client";
import type { SessionMember } from "../lib/context";
import { placeOf, placeQuery } from "../modules/topic/place";
import { topicPageAnswer } from "../modules/topic/service";

/**
 * /topic/{slug} and /page/{slug}: the same answer as /api/topic and /api/page for this member and
 * this address (its path and utm values; malformed utm values count as none), and the utm values
 * it was answered for. null: no such page.
 */
export async function topicPage(
  db: Db,
  pageType: "topic" | "page",
  name: string,
  member: SessionMember | null,
  url: URL,
) {
  const parsed = placeQuery.safeParse({
    url: `${url.pathname.replace(/\.html$/, "")}${url.search}`,
    utm_source: url.searchParams.get("utm_source") ?? undefined,
    utm_medium: url.searchParams.get("utm_medium") ?? undefined,
    utm_campaign: url.searchParams.get("utm_campaign") ?? undefined,
  });
  const place = placeOf(parsed.success ? parsed.data : placeQuery.parse({}));
  const answer = await topicPageAnswer(db, pageType, name, member, place);
  return answer ? { answer, utm: place.utm } : null;
}
