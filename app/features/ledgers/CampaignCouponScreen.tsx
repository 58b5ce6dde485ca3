import { Link } from "react-router";
import type { CampaignCouponAnswer } from "../../../contract/ledgers";
import { BookCard } from "../cards/BookCard";
import { SHOW_ALL } from "../cards/CardParts";
import { CardStateProvider } from "../cards/card-state";
import { DramaCdCard } from "../cards/DramaCdCard";
import { Pager } from "../search/Pager";
import { CouponCard } from "./CouponScreen";
import "../cards/cards.css";
import "../search/search.css";
import "../series/series.css";
import "./ledgers.css";

/** /coupon?campaign=12: a coupon campaign's coupon to receive and the titles it can be used on. */
export function CampaignCouponScreen({ answer }: { answer: CampaignCouponAnswer }) {
  const { campaign, coupon, targets, pattern } = answer;
  const frame = "coupon";
  return (
    <CardStateProvider isLogin>
      <nav className="breadcrumbs" aria-label="パンくずリスト">
        <Link to="/coupon">クーポン</Link>
        <span aria-current="page">{campaign.name}</span>
      </nav>
      <section className="ledger ledger--campaign page" aria-labelledby="coupon-title">
        <h1 id="coupon-title" className="ledger__title">
          {campaign.name}
        </h1>
        <p className="ledger__lead">
          受け取ったクーポンは、下の対象作品をカートでご購入の際に選べます。
          <Link to={`/campaign/${campaign.campaign_id}`}>キャンペーンの詳細</Link>
        </p>
        {coupon.length === 0 ? (
          <p className="ledger__none">このキャンペーンで配布中のクーポンはありません</p>
        ) : (
          <ul className="coupon-list" data-testid="coupon-list">
            {coupon.map((c) => (
              <CouponCard key={c.coupon_id} coupon={c} />
            ))}
          </ul>
        )}
        <section className="ledger__section" aria-labelledby="coupon-targets-title">
          <h2 id="coupon-targets-title">
            対象作品{pattern.hit > 0 ? `（${pattern.hit}作品）` : ""}
          </h2>
          {targets.length === 0 ? (
            <p className="ledger__none">対象作品はありません</p>
          ) : (
            <ul className="card-grid" data-testid="coupon-targets">
              {targets.map((t, i) => (
                <li key={`${t.series_id ?? "cd"}-${t.item_id ?? t.cd_id}`}>
                  {t.item ? (
                    <BookCard
                      item={t.item}
                      show={SHOW_ALL}
                      tracking={{ frame, position: pattern.offset + i + 1 }}
                      withFavorite
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
          <Pager pattern={pattern} />
        </section>
      </section>
    </CardStateProvider>
  );
}
