import { Link } from "react-router";
import { readsAsEpisodes, volumeWords } from "../../../contract/episodes";
import type { SeriesInfo } from "../../../contract/series";
import { useCardState, useItemFlags } from "../cards/card-state";
import { FavoriteButton } from "../cards/FavoriteButton";
import { NotificationButton } from "../cards/NotificationButton";
import { AutoPurchaseButton } from "../preorders/AutoPurchaseButton";
import { PublisherFacts, SeriesCredits } from "./SeriesCredits";
import { SeriesDescription } from "./SeriesDescription";
import "./series.css";

function Stars({ average, count, seriesId }: { average: number; count: number; seriesId: number }) {
  const rounded = Math.round(average * 2) / 2;
  return (
    <Link className="series-rating" to={`/review/series/${seriesId}`}>
      <span className="series-rating__stars" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className={n <= rounded ? "is-on" : n - 0.5 === rounded ? "is-half" : ""}>
            ★
          </span>
        ))}
      </span>
      <span className="series-rating__value">
        {count > 0 ? `${average.toFixed(1)}（${count}件）` : "レビューはまだありません"}
      </span>
      <span className="visually-hidden">{count > 0 ? `5点中${average.toFixed(1)}点` : ""}</span>
    </Link>
  );
}

/** The top of a series page: cover, name, credits, browse links, rating and description. */
export function SeriesSummary({
  series,
  notification,
}: {
  series: SeriesInfo;
  /** The member's 通知 setting for this series (Series user data). */
  notification: boolean;
}) {
  const { isLogin } = useCardState();
  const words = volumeWords(readsAsEpisodes(series.genres));
  const flags = useItemFlags({
    series_id: series.series_id,
    item_id: series.item_id,
    favorite_flag: series.favorite_flag,
    cart_flag: series.cart_flag,
    get_flag: false,
  });
  return (
    <section className="series-summary" aria-labelledby="series-title">
      <div className="series-summary__cover">
        {series.img && (
          <img
            src={series.img}
            alt={`${series.name} 表紙`}
            width={300}
            height={424}
            decoding="async"
          />
        )}
      </div>
      <div className="series-summary__body">
        <p className="series-summary__badges">
          {series.complete_flag ? (
            <span className="series-badge series-badge--final">完結</span>
          ) : (
            <span className="series-badge">連載中</span>
          )}
          {series.new_flag && <span className="series-badge series-badge--new">新</span>}
          {series.sale_flag && <span className="series-badge series-badge--sale">SALE</span>}
          {series.all_free_flag && (
            <span className="series-badge series-badge--free">全{words.unit}無料</span>
          )}
          {series.part_free_flag && (
            <span className="series-badge series-badge--free">無料あり</span>
          )}
        </p>
        <h1 id="series-title" className="series-summary__title">
          {series.name}
        </h1>
        <SeriesCredits authors={series.authors} />
        <dl className="series-facts">
          <PublisherFacts series={series} />
          <dt>配信{words.unit}数</dt>
          <dd>
            <span className="nobr">
              {series.complete_flag ? "全" : "既刊"}
              {series.volume_count}
              {words.unit}
            </span>
            {series.own_book_count > 0 && (
              <span className="nobr">（{words.count(series.own_book_count)}購入済み）</span>
            )}
          </dd>
        </dl>
        <Stars
          average={series.rating_average}
          count={series.rating_count}
          seriesId={series.series_id}
        />
        {/* Lists are named by headings: aria-label on a plain list is not valid HTML advice. */}
        <h2 className="visually-hidden">ジャンル・カテゴリ</h2>
        <ul className="chip-list">
          {series.genres.map((g) => (
            <li key={`g${g.genre_id}`}>
              <Link className="chip chip--genre" to={`/search?gn=${g.genre_id}`}>
                {g.name}
              </Link>
            </li>
          ))}
          {series.categories.map((c) => (
            <li key={`c${c.category_id}`}>
              <Link className="chip" to={`/search?cg=${c.category_id}`}>
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
        {series.tags.length > 0 && <h2 className="visually-hidden">タグ</h2>}
        {series.tags.length > 0 && (
          <ul className="chip-list">
            {series.tags.map((t) => (
              <li key={t.tag_id}>
                <Link className="chip chip--tag" to={`/search?tg=${t.tag_id}`}>
                  #{t.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {isLogin && (
          <div className="series-summary__actions">
            <FavoriteButton seriesId={series.series_id} favorite={flags.favorite} source="series" />
            <NotificationButton seriesId={series.series_id} notification={notification} />
            <AutoPurchaseButton seriesId={series.series_id} />
          </div>
        )}
      </div>
      <div className="series-summary__description">
        <SeriesDescription text={series.description} />
      </div>
    </section>
  );
}
