import { useState } from "react";
import { Link } from "react-router";
import type { CampaignPolicyView } from "../../contract/campaign";
import { loadCampaignPage, loadCampaignPreview } from "../features/campaign/campaign.server";
import { CampaignMarkup, Pager } from "../features/campaign/ListParts";
import { pageParam } from "../features/campaign/list-params";
import { BookCard } from "../features/cards/BookCard";
import { SHOW_ALL } from "../features/cards/CardParts";
import { PRICE_SUFFIX, yen } from "../features/cards/card-rules";
import { CardStateProvider, useCardState } from "../features/cards/card-state";
import { DramaCdCard } from "../features/cards/DramaCdCard";
import { EMPTY_LIST } from "../features/cards/SeriesCards";
import { errorMeta, pageMeta } from "../features/seo/seo";
import { seoUrls } from "../features/seo/seo.server";
import type { Route } from "./+types/campaign-detail";
import "../features/cards/cards.css";
import "../features/series/series.css";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = pageParam(url);
  // Staff previewing a campaign (decision 0101) see it as a visitor will once it runs.
  const preview = await loadCampaignPreview(context, request, params.campaignId, page);
  const answer = preview?.answer ?? (await loadCampaignPage(context, params.campaignId, page));
  const urls = seoUrls(context, request, page > 1 ? ["page"] : []);
  return {
    answer,
    previewAt: preview?.at ?? null,
    isLogin: preview ? false : context.request.member !== null,
    seo: {
      title: `${answer.campaign.name}${page > 1 ? `（${page}ページ目）` : ""} | コマヤ`,
      description: answer.campaign.description || answer.campaign.name,
      url: urls.canonical,
      image: urls.absolute(answer.campaign.img),
      card: "summary_large_image" as const,
    },
  };
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  const meta = errorMeta(error) ?? pageMeta(loaderData?.seo, "キャンペーン");
  return loaderData?.previewAt ? [...meta, { name: "robots", content: "noindex" }] : meta;
}

function policyText(p: CampaignPolicyView): string {
  switch (p.policy_type) {
    case 101:
      return `${p.sale_pct ?? ""}%OFF`;
    case 102:
      return `${p.free_count ?? 1}巻無料`;
    case 103:
      return `会員登録で${p.free_count ?? 1}巻無料`;
    case 104:
      return `${p.trial_page_count ?? ""}ページ立ち読み増量`;
    case 105:
      return `${p.free_count ?? 1}巻まるごと立ち読み`;
    default:
      return p.label ?? "特典つき";
  }
}

/** "このページの作品をまとめてカートに入れる": each target's item a member can buy now. */
function BundleBuy({ itemIds, price }: { itemIds: number[]; price: number }) {
  const { isLogin, cart, addToCart } = useCardState();
  const [adding, setAdding] = useState(false);
  const left = itemIds.filter((id) => !cart.has(id));
  if (!isLogin || left.length < 2) return null;
  return (
    <div className="bulk-buy">
      <p>
        このページの対象作品 {left.length}冊 合計 <strong>{yen(price)}</strong>
        {PRICE_SUFFIX}
      </p>
      <button
        type="button"
        className="button button--primary"
        disabled={adding}
        onClick={async () => {
          setAdding(true);
          try {
            await addToCart(left);
          } finally {
            setAdding(false);
          }
        }}
      >
        まとめてカートに入れる
      </button>
    </div>
  );
}

export default function CampaignScreen({ loaderData }: Route.ComponentProps) {
  const { answer, isLogin, previewAt } = loaderData;
  const { campaign, targets, pattern, bundle } = answer;
  // Spec 000 §2: links from the campaign frame carry no _tr; the page tracks the visit itself.
  const frame = "campaign";
  return (
    <CardStateProvider isLogin={isLogin}>
      {previewAt ? (
        <p className="campaign-preview-note" role="status">
          プレビュー：{previewAt.slice(0, 16).replaceAll("-", "/")} 時点の表示（ゲスト）です
        </p>
      ) : null}
      <nav className="breadcrumbs" aria-label="パンくずリスト">
        <Link to="/">ホーム</Link>
        <Link to="/otoku">お得なキャンペーン</Link>
        <span aria-current="page">{campaign.name}</span>
      </nav>
      <section className="campaign-hero" aria-labelledby="campaign-title">
        <img src={campaign.img} alt="" width={702} height={240} decoding="async" />
        <div>
          <h1 id="campaign-title">{campaign.name}</h1>
          <p className="campaign-hero__period">
            {campaign.end_date
              ? `開催期間：${campaign.end_date.slice(0, 10).replaceAll("-", "/")} ${campaign.end_date.slice(11, 16)}まで`
              : "開催中"}
          </p>
          {campaign.policies.length > 0 && (
            <ul className="campaign-policies">
              {campaign.policies.map((p) => (
                <li key={`${p.policy_type}-${p.sale_pct}-${p.free_count}`}>{policyText(p)}</li>
              ))}
            </ul>
          )}
          {campaign.description && (
            <p className="campaign-hero__description">
              <CampaignMarkup text={campaign.description} />
            </p>
          )}
          {campaign.coupon_flag && (
            <Link
              className="button button--primary"
              to={`/coupon?campaign=${campaign.campaign_id}`}
            >
              クーポンを受け取る
            </Link>
          )}
          {campaign.action_url && (
            <Link className="button button--primary" to={campaign.action_url}>
              詳しく見る
            </Link>
          )}
        </div>
      </section>
      <section aria-labelledby="targets-title">
        <h2 id="targets-title" className="section-title">
          対象作品{pattern.hit > 0 ? `（${pattern.hit}作品）` : ""}
        </h2>
        <BundleBuy itemIds={bundle.item_ids} price={bundle.price_inc} />
        {targets.length === 0 ? (
          <p className="empty">{EMPTY_LIST}</p>
        ) : (
          <ul className="card-grid">
            {targets.map((t, i) => (
              <li key={`${t.series_id ?? "cd"}-${t.item_id ?? t.cd_id}`}>
                {t.item ? (
                  <BookCard
                    item={t.item}
                    show={SHOW_ALL}
                    tracking={{ frame, position: pattern.offset + i + 1 }}
                    withFavorite={isLogin}
                  />
                ) : t.cd ? (
                  <DramaCdCard
                    cd={t.cd}
                    tracking={{ frame, position: pattern.offset + i + 1 }}
                    appeal
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <Pager
          pattern={pattern}
          href={(p) =>
            p === 1
              ? `/campaign/${campaign.campaign_id}`
              : `/campaign/${campaign.campaign_id}?page=${p}`
          }
        />
      </section>
    </CardStateProvider>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
