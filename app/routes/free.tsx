import { GENRES } from "../../contract/genres";
import { loadFreeList } from "../features/campaign/campaign.server";
import { Pager, TabLinks } from "../features/campaign/ListParts";
import { genreParam, pageParam } from "../features/campaign/list-params";
import { CardStateProvider } from "../features/cards/card-state";
import { SeriesCards } from "../features/cards/SeriesCards";
import { pageMeta } from "../features/seo/seo";
import { seoUrls } from "../features/seo/seo.server";
import type { Route } from "./+types/free";

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const genre = genreParam(url);
  const page = pageParam(url);
  const list = await loadFreeList(context, { genre, minFree: 1, page });
  const urls = seoUrls(context, request, ["genre", "page"]);
  const genreName = genre && genre !== 1 ? GENRES.find(([id]) => id === genre)?.[1] : null;
  return {
    list,
    genre,
    isLogin: context.request.member !== null,
    seo: {
      title: `無料で読める${genreName ? `${genreName}` : ""}マンガ一覧${page > 1 ? `（${page}ページ目）` : ""} | コマヤ`,
      description:
        "1巻まるごと無料、会員登録で無料など、いますぐ無料で読めるマンガを新着順にご紹介。",
      url: urls.canonical,
      image: urls.absolute(list.data[0]?.img || "/favicon.svg"),
    },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.seo, "無料で読めるマンガ");
}

export default function FreeScreen({ loaderData }: Route.ComponentProps) {
  const { list, genre, isLogin } = loaderData;
  const link = (g: number | null, page = 1) => {
    const q = new URLSearchParams();
    if (g && g !== 1) q.set("genre", String(g));
    if (page > 1) q.set("page", String(page));
    const s = q.toString();
    return s ? `/free?${s}` : "/free";
  };
  return (
    <CardStateProvider isLogin={isLogin}>
      <h1 className="section-title">無料で読めるマンガ</h1>
      <TabLinks
        label="ジャンル"
        className="genre-tabs"
        tabs={GENRES.map(([id, name]) => ({
          key: String(id),
          href: link(id),
          text: name,
          current: (genre ?? 1) === id,
        }))}
      />
      <p className="list-lead">{list.pattern.hit}作品</p>
      <SeriesCards items={list.data} frame="free" />
      <Pager pattern={list.pattern} href={(p) => link(genre, p)} />
    </CardStateProvider>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
