import { type AppLoadContext, data } from "react-router";
import { TOPIC_NOT_FOUND } from "../../../contract/topic";
import { placeOf, placeQuery } from "../../../server/modules/topic/routes";
import { topicPageAnswer } from "../../../server/modules/topic/service";
import { seoUrls } from "../seo/seo.server";

/** /topic and /page without a slug: the topic home and the store's about page. */
const INDEX_PAGE = { topic: "index", page: "about" } as const;

/**
 * /topic/{slug} and /page/{slug}: the same answer as /api/topic and /api/page, for this request's
 * member, address and utm values. The utm values kept from an earlier page live in the browser's
 * session storage; the page asks again with them after hydrating when they differ (TopicScreen).
 */
export async function loadTopicPage(
  context: AppLoadContext,
  request: Request,
  pageType: "topic" | "page",
  slug: string | undefined,
) {
  const name = slug ?? INDEX_PAGE[pageType];
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) throw data(TOPIC_NOT_FOUND, { status: 404 });
  const url = new URL(request.url);
  const parsed = placeQuery.safeParse({
    url: `${url.pathname.replace(/\.html$/, "")}${url.search}`,
    utm_source: url.searchParams.get("utm_source") ?? undefined,
    utm_medium: url.searchParams.get("utm_medium") ?? undefined,
    utm_campaign: url.searchParams.get("utm_campaign") ?? undefined,
  });
  const place = placeOf(parsed.success ? parsed.data : placeQuery.parse({}));
  const answer = await topicPageAnswer(
    context.services.db,
    pageType,
    name,
    context.request.member ?? null,
    place,
  );
  if (!answer) throw data(TOPIC_NOT_FOUND, { status: 404 });
  const urls = seoUrls(context, request);
  const firstImage = /"src":"(\/media\/[^"]+)"/.exec(JSON.stringify(answer.rows ?? []))?.[1];
  return {
    answer,
    utm: place.utm,
    seo: {
      title: `${answer.title} | コマヤ`,
      description: answer.description ?? answer.title,
      url: urls.canonical,
      image: urls.absolute(firstImage ?? "/favicon.svg"),
      type: "article" as const,
      card: firstImage ? ("summary_large_image" as const) : ("summary" as const),
    },
  };
}
