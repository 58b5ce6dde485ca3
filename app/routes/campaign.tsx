import { GENRES } from "../../contract/genres";
import { CampaignGrid } from "../features/campaign/CampaignGrid";
import { loadCampaignList } from "../features/campaign/campaign.server";
import { TabLinks } from "../features/campaign/ListParts";
import { genreParam } from "../features/campaign/list-params";
import { pageMeta } from "../features/seo/seo";
import { seoUrls } from "../features/seo/seo.server";
import type { Route } from "./+types/campaign";

export async function loader({ context, request }: Route.LoaderArgs) {
  const genre = genreParam(new URL(request.url));
  const list = await loadCampaignList(context, { genre, filter: null });
  const urls = seoUrls(context, request, ["genre"]);
  return {
    list,
    genre,
    seo: {
      title: "開催中のキャンペーン・クーポン一覧 | コマヤ",
      description:
        "コマヤで開催中のキャンペーン、配布中のクーポン、お知らせの一覧です。無料・セール・立ち読み増量の対象作品もここから。",
      url: urls.canonical,
      image: urls.absolute(list.campaign[0]?.img ?? "/favicon.svg"),
      card: "summary_large_image" as const,
    },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.seo, "キャンペーン一覧");
}

export default function CampaignListScreen({ loaderData }: Route.ComponentProps) {
  const { list, genre } = loaderData;
  const sales = list.campaign.filter((c) => !c.coupon_flag && !c.info_flag);
  const coupons = list.campaign.filter((c) => c.coupon_flag);
  const notices = list.campaign.filter((c) => c.info_flag);
  return (
    <>
      <h1 className="section-title">キャンペーン一覧</h1>
      <TabLinks
        label="ジャンル"
        className="genre-tabs"
        tabs={GENRES.map(([id, name]) => ({
          key: String(id),
          href: id === 1 ? "/campaign" : `/campaign?genre=${id}`,
          text: name,
          current: (genre ?? 1) === id,
        }))}
      />
      <section aria-labelledby="sales-title">
        <h2 id="sales-title" className="section-title">
          開催中のキャンペーン
        </h2>
        <CampaignGrid campaigns={sales} />
      </section>
      {coupons.length > 0 && (
        <section aria-labelledby="coupons-title">
          <h2 id="coupons-title" className="section-title">
            クーポン配布中
          </h2>
          <CampaignGrid campaigns={coupons} />
        </section>
      )}
      {notices.length > 0 && (
        <section aria-labelledby="notices-title">
          <h2 id="notices-title" className="section-title">
            お知らせ
          </h2>
          <CampaignGrid campaigns={notices} />
        </section>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
