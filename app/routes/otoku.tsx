import { OTOKU_FILTERS, type OtokuFilter } from "../../contract/campaign";
import { GENRES } from "../../contract/genres";
import { CampaignGrid } from "../features/campaign/CampaignGrid";
import { loadCampaignList } from "../features/campaign/campaign.server";
import { TabLinks } from "../features/campaign/ListParts";
import { filterParam, genreParam } from "../features/campaign/list-params";
import { pageMeta } from "../features/seo/seo";
import { seoUrls } from "../features/seo/seo.server";
import type { Route } from "./+types/otoku";

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const genre = genreParam(url);
  const filter = filterParam(url);
  const list = await loadCampaignList(context, { genre, filter });
  const urls = seoUrls(context, request, ["genre", "filter"]);
  const genreName = GENRES.find(([id]) => id === genre)?.[1];
  const filterName = filter ? OTOKU_FILTERS[filter] : null;
  const heading = [genreName && genre !== 1 ? genreName : null, filterName]
    .filter(Boolean)
    .join("・");
  return {
    list,
    genre,
    filter,
    seo: {
      title: `${heading ? `${heading}の` : ""}お得なキャンペーン・セール一覧 | コマヤ`,
      description:
        "無料で読めるマンガ、半額セール、立ち読み増量など、いま開催中のお得なキャンペーンをまとめてチェック。",
      url: urls.canonical,
      image: urls.absolute(list.campaign[0]?.img ?? "/favicon.svg"),
      card: "summary_large_image" as const,
    },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.seo, "お得なキャンペーン");
}

function href(genre: number | null, filter: OtokuFilter | null) {
  const q = new URLSearchParams();
  if (genre) q.set("genre", String(genre));
  if (filter) q.set("filter", String(filter));
  const s = q.toString();
  return s ? `/otoku?${s}` : "/otoku";
}

export default function OtokuScreen({ loaderData }: Route.ComponentProps) {
  const { list, genre, filter } = loaderData;
  const counts: Record<OtokuFilter, number> = {
    1: list.category.new,
    2: list.category.ending,
    3: list.category.free,
    4: list.category.sale,
  };
  return (
    <>
      <h1 className="section-title">お得なキャンペーン</h1>
      <TabLinks
        label="キャンペーンの種類"
        tabs={[
          { key: "all", href: href(genre, null), text: "すべて", current: filter === null },
          ...([1, 2, 3, 4] as const).map((f) => ({
            key: String(f),
            href: href(genre, f),
            text: OTOKU_FILTERS[f],
            count: counts[f],
            current: filter === f,
          })),
        ]}
      />
      <TabLinks
        label="ジャンル"
        className="genre-tabs"
        tabs={GENRES.map(([id, name]) => ({
          key: String(id),
          href: href(id === 1 ? null : id, filter),
          text: name,
          current: (genre ?? 1) === id,
        }))}
      />
      <CampaignGrid campaigns={list.campaign} />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
