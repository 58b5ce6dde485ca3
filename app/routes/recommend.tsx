import { Link } from "react-router";
import {
  loadRecommendFrames,
  loadRecommendList,
  recommendTypeParam,
  seriesParam,
} from "../features/campaign/campaign.server";
import { Pager } from "../features/campaign/ListParts";
import { pageParam } from "../features/campaign/list-params";
import { CardStateProvider } from "../features/cards/card-state";
import { SeriesCards } from "../features/cards/SeriesCards";
import { pageMeta } from "../features/seo/seo";
import { seoUrls } from "../features/seo/seo.server";
import type { Route } from "./+types/recommend";

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tp = recommendTypeParam(url);
  const seriesId = seriesParam(url);
  const page = pageParam(url);
  const urls = seoUrls(context, request, ["tp", "series", "page"]);
  const isLogin = context.request.member !== null;
  const base = { isLogin, seriesId };
  if (tp === null) {
    const frames = await loadRecommendFrames(context, seriesId);
    return {
      ...base,
      view: "frames" as const,
      frames,
      seo: {
        title: "おすすめ作品 | コマヤ",
        description:
          "あなたへのおすすめ、無料で読めるおすすめ作品など、コマヤ編集部が選んだマンガをご紹介。",
        url: urls.canonical,
        image: urls.absolute(frames[0]?.items[0]?.img || "/favicon.svg"),
        // Picks differ per member: only the free-works list is worth indexing.
        noindex: true,
      },
    };
  }
  const list = await loadRecommendList(context, { tp, seriesId, page });
  const title = tp === 1 && list.fallback ? "人気の作品" : list.title;
  return {
    ...base,
    view: "list" as const,
    list: { ...list, title },
    seo: {
      title: `${title}${page > 1 ? `（${page}ページ目）` : ""} | コマヤ`,
      description: `${title}をまとめてご紹介。試し読みや無料で読める巻もあります。`,
      url: urls.canonical,
      image: urls.absolute(list.data[0]?.img || "/favicon.svg"),
      noindex: tp !== 4,
    },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.seo, "おすすめ作品");
}

export default function RecommendScreen({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  return (
    <CardStateProvider isLogin={data.isLogin}>
      {data.view === "frames" ? (
        <>
          <h1 className="section-title">おすすめ作品</h1>
          {data.frames.length === 0 && <p className="empty">対象の作品はありません</p>}
          {data.frames.map((f) => (
            <section key={f.rec_id} aria-labelledby={`rec-${f.rec_id}`}>
              <h2 id={`rec-${f.rec_id}`} className="section-title">
                {f.title}
              </h2>
              <SeriesCards items={f.items.slice(0, f.display_number)} frame={f.tr} />
              <p className="more-link">
                <Link to={f.more_url}>もっと見る</Link>
              </p>
            </section>
          ))}
        </>
      ) : (
        <>
          <h1 className="section-title">{data.list.title}</h1>
          {data.list.tp === 1 && !data.isLogin && (
            <p className="list-lead">
              <Link to="/login">ログイン</Link>
              すると、気になる作品や購入した作品をもとにおすすめします。
            </p>
          )}
          <SeriesCards items={data.list.data} frame={`recommend_tp${data.list.tp}`} />
          <Pager
            pattern={data.list.pattern}
            href={(p) => {
              const q = new URLSearchParams({ tp: String(data.list.tp) });
              if (data.seriesId) q.set("series", String(data.seriesId));
              if (p > 1) q.set("page", String(p));
              return `/recommend?${q}`;
            }}
          />
        </>
      )}
    </CardStateProvider>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
