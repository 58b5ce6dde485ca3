import { type AppLoadContext, data } from "react-router";
import { TOPIC_NOT_FOUND } from "../../../contract/topic";
import { topicPage } from "../../../server/pages/topic";
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
  const page = await topicPage(
    context.services.db,
    pageType,
    name,
    context.request.member ?? null,
    new URL(request.url),
  );
  if (!page) throw data(TOPIC_NOT_FOUND, { status: 404 });
  const { answer } = page;
  const urls = seoUrls(context, request);
  const firstImage = /"src":"(\/media\/[^"]+)"/.exec(JSON.stringify(answer.rows ?? []))?.[1];
  return {
    answer,
    utm: page.utm,
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
