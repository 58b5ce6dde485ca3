import { CampaignGrid } from "../features/campaign/CampaignGrid";
import { loadDailySpecial } from "../features/campaign/campaign.server";
import { TabLinks } from "../features/campaign/ListParts";
import { CardStateProvider } from "../features/cards/card-state";
import { SeriesCards } from "../features/cards/SeriesCards";
import { pageMeta } from "../features/seo/seo";
import { seoUrls } from "../features/seo/seo.server";
import type { Route } from "./+types/daily_special";

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const special = await loadDailySpecial(context, url.searchParams.get("target_date"));
  const urls = seoUrls(context, request, ["target_date"]);
  return {
    special,
    isLogin: context.request.member !== null,
    seo: {
      title: `${special.target_date_label}の新刊・新着キャンペーン | コマヤ`,
      description: `${special.target_date_label}に配信された新刊${special.new_books.length}冊と、始まったキャンペーン${special.new_campaigns.length}件をまとめてチェック。`,
      url: urls.canonical,
      image: urls.absolute(
        special.new_campaigns[0]?.img ?? special.new_books[0]?.img ?? "/favicon.svg",
      ),
    },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.seo, "日替わり特集");
}

export default function DailySpecialScreen({ loaderData }: Route.ComponentProps) {
  const { special, isLogin } = loaderData;
  return (
    <CardStateProvider isLogin={isLogin}>
      <h1 className="section-title">{special.target_date_label}の新着・お得情報</h1>
      <TabLinks
        label="日付"
        className="date-tabs"
        tabs={special.date_list.map((d, i) => ({
          key: d.date,
          href: i === 0 ? "/daily_special" : `/daily_special?target_date=${d.date}`,
          text: i === 0 ? `今日 ${d.label}` : d.label,
          current: d.date === special.target_date,
        }))}
      />
      <section aria-labelledby="appeal-title">
        <h2 id="appeal-title" className="section-title">
          この日始まったキャンペーンの作品
        </h2>
        <SeriesCards items={special.appeal_books} frame="daily_special_appeal" />
      </section>
      <section aria-labelledby="new-books-title">
        <h2 id="new-books-title" className="section-title">
          新刊（{special.new_books.length}冊）
        </h2>
        <SeriesCards items={special.new_books} frame="daily_special_new" />
      </section>
      <section aria-labelledby="new-campaigns-title">
        <h2 id="new-campaigns-title" className="section-title">
          新着キャンペーン
        </h2>
        <CampaignGrid campaigns={special.new_campaigns} />
      </section>
    </CardStateProvider>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
