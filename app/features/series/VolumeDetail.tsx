import type { ReactNode } from "react";
import { Link } from "react-router";
import { readsAsEpisodes, volumeWords } from "../../../contract/episodes";
import type { Book, SeriesInfo, SeriesUserData } from "../../../contract/series";
import { PublisherFacts, SeriesCredits } from "./SeriesCredits";
import { SeriesDescription } from "./SeriesDescription";
import { VolumeOffer } from "./VolumeList";
import "./series.css";

/** The head of a volume page (/series/{id}/book/{bookId} and /period): cover, title, offer. */
export function VolumeDetail(props: {
  series: SeriesInfo;
  book: Book;
  user: SeriesUserData;
  children?: ReactNode;
}) {
  const { series, book, user } = props;
  const words = volumeWords(readsAsEpisodes(series.genres));
  const seriesUrl = `/series/${series.series_id}`;
  return (
    <>
      <nav className="breadcrumbs" aria-label="パンくずリスト">
        <Link to="/">ホーム</Link>
        <Link to={seriesUrl}>{series.name}</Link>
        <span aria-current="page">{book.title}</span>
      </nav>
      <section className="volume-page" aria-labelledby="volume-title">
        <div className="volume-page__cover">
          <img
            src={book.img}
            alt={`${book.title} 表紙`}
            width={300}
            height={424}
            decoding="async"
          />
        </div>
        <div>
          <h1 id="volume-title" className="volume-page__title">
            {book.title}
          </h1>
          <p className="volume-page__series">
            <Link to={seriesUrl}>{series.name}</Link>
            <span className="nobr">
              （{series.complete_flag ? "完結" : "連載中"}・{words.count(series.volume_count)}）
            </span>
          </p>
          <SeriesCredits authors={series.authors} />
          <dl className="series-facts">
            <PublisherFacts series={series} />
            <dt>ページ数</dt>
            <dd>{book.page_count}ページ</dd>
          </dl>
          {props.children}
          <VolumeOffer book={book} seriesId={series.series_id} user={user} buyNow />
        </div>
        <div className="volume-page__description">
          <SeriesDescription text={book.description || series.description} />
        </div>
      </section>
    </>
  );
}

/** Previous and next volume links under a volume page. */
export function VolumeNav(props: {
  seriesId: number;
  prev: Book | null;
  next: Book | null;
  /** A タテヨミ series: 前の話 / 次の話. */
  episodes?: boolean;
}) {
  if (!props.prev && !props.next) return null;
  const words = volumeWords(props.episodes ?? false);
  return (
    <nav className="volume-nav" aria-label={`${words.previous}・${words.next}`}>
      {props.prev ? (
        <Link
          className="button"
          to={`/series/${props.seriesId}/book/${props.prev.book_id}`}
          rel="prev"
        >
          ‹ {words.previous}
        </Link>
      ) : (
        <span />
      )}
      {props.next ? (
        <Link
          className="button"
          to={`/series/${props.seriesId}/book/${props.next.book_id}`}
          rel="next"
        >
          {words.next} ›
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
