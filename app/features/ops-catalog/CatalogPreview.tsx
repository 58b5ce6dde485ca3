import { readsAsEpisodes } from "../../../contract/episodes";
import type { SeriesItem } from "../../../contract/items";
import { SERIES_USER_DEFAULTS, type SeriesMain } from "../../../contract/series";
import { BookCard } from "../cards/BookCard";
import { SHOW_ALL } from "../cards/CardParts";
import { CardStateProvider } from "../cards/card-state";
import { SeriesSummary } from "../series/SeriesSummary";
import { VolumeList } from "../series/VolumeList";

export interface PreviewView {
  main: SeriesMain;
  card: SeriesItem;
  volume_cards: SeriesItem[];
}

/**
 * One viewer's look: the store's own series page parts and cards, fed the answers the store's
 * assemblers made for this draft. Inert: a preview's buttons add nothing to a cart.
 */
function ViewerPreview({
  title,
  view,
  isLogin,
}: {
  title: string;
  view: PreviewView;
  isLogin: boolean;
}) {
  return (
    <section
      className="catalog-preview__viewer"
      aria-label={title}
      data-viewer={isLogin ? "member" : "visitor"}
    >
      <h2>{title}</h2>
      <div className="catalog-preview__frame" inert>
        <CardStateProvider isLogin={isLogin}>
          <h3 className="catalog-preview__part">作品ページ</h3>
          <SeriesSummary series={view.main.series} notification={false} />
          <VolumeList
            books={view.main.books}
            seriesId={view.main.series.series_id}
            user={SERIES_USER_DEFAULTS}
            episodes={readsAsEpisodes(view.main.series.genres)}
          />
          <h3 className="catalog-preview__part">作品カード</h3>
          <div className="catalog-preview__cards">
            <BookCard item={view.card} show={SHOW_ALL} withFavorite />
          </div>
          {view.volume_cards.length > 0 ? (
            <>
              <h3 className="catalog-preview__part">巻のカード（新刊・ランキング）</h3>
              <div className="catalog-preview__cards">
                {view.volume_cards.map((card) => (
                  <BookCard key={card.book_id} item={card} show={SHOW_ALL} />
                ))}
              </div>
            </>
          ) : null}
        </CardStateProvider>
      </div>
    </section>
  );
}

/** The series page and its cards as a visitor and as a member will see them, side by side. */
export function CatalogPreview({ visitor, member }: { visitor: PreviewView; member: PreviewView }) {
  return (
    <div className="catalog-preview">
      <ViewerPreview title="ゲスト（未ログイン）の表示" view={visitor} isLogin={false} />
      <ViewerPreview title="会員の表示" view={member} isLogin />
    </div>
  );
}
