import { GENRES } from "../../contract/genres";
import { loadFreeList } from "../features/campaign/campaign.server";
import { Pager, TabLinks } from "../features/campaign/ListParts";
import { genreParam, pageParam } from "../features/campaign/list-params";
import { CardStateProvider } from "../features/cards/card-state";
import { SeriesCards } from "../features/cards/SeriesCards";
import { pageMeta } from "../features/seo/seo";
import { seoUrls } from "../features/seo/seo.server";
import type { Route } from "./+types/many_free";

/** The volume thresholds offered as tabs (3冊以上 is the default of /api/many_free). */
const THRESHOLDS = [3, 5, 10] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const genre = genreParam(url);
  const page = pageParam(url);
  const asked = Number(url.searchParams.get("limit_volume"));
  const minFree = (THRESHOLDS as readonly number[]).includes(asked) ? asked : THRESHOLDS[0];
  const list = await loadFreeList(context, { genre, minFree, page });
  const urls = seoUrls(context, request, ["genre", "limit_volume", "page"]);
  return {
    list,
    genre,
    minFree,
    isLogin: context.request.member !== null,
    seo: {
      title: `${minFree}冊以上無料で読めるマンガ${page > 1 ? `（${page}ページ目）` : ""} | コマヤ`,
      description: `${minFree}冊以上まとめて無料で読めるマンガを集めました。一気読みにぴったりの作品をどうぞ。`,
      url: urls.canonical,
      image: urls.absolute(list.data[0]?.img || "/favicon.svg"),
    },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.seo, "たくさん無料で読めるマンガ");
}

export default function ManyFreeScreen({ loaderData }: Route.ComponentProps) {
  const { list, genre, minFree, isLogin } = loaderData;
  const link = (opts: { genre?: number | null; min?: number; page?: number }) => {
    const q = new URLSearchParams();
    const g = opts.genre === undefined ? genre : opts.genre;
    const m = opts.min ?? minFree;
    if (g && g !== 1) q.set("genre", String(g));
    if (m !== THRESHOLDS[0]) q.set("limit_volume", String(m));
    if (opts.page && opts.page > 1) q.set("page", String(opts.page));
    const s = q.toString();
    return s ? `/many_free?${s}` : "/many_free";
  };
  return (
    <CardStateProvider isLogin={isLogin}>
      <h1 className="section-title">たくさん無料で読めるマンガ</h1>
      <TabLinks
        label="無料の冊数"
        tabs={THRESHOLDS.map((n) => ({
          key: String(n),
          href: link({ min: n }),
          text: `${n}冊以上無料`,
          current: n === minFree,
        }))}
      />
      <TabLinks
        label="ジャンル"
        className="genre-tabs"
        tabs={GENRES.map(([id, name]) => ({
          key: String(id),
          href: link({ genre: id }),
          text: name,
          current: (genre ?? 1) === id,
        }))}
      />
      <p className="list-lead">{list.pattern.hit}作品</p>
      <SeriesCards items={list.data} frame="many_free" />
      <Pager pattern={list.pattern} href={(p) => link({ page: p })} />
    </CardStateProvider>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
