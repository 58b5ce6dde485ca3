import { Link } from "react-router";

export interface SeriesTile {
  seriesId: number;
  name: string;
  author: string;
  latestBookId: number | null;
}

export function coverUrl(bookId: number | null): string {
  return bookId ? `/media/books/${bookId}/cover.png` : "/favicon.svg";
}

export function SeriesGrid({ items }: { items: SeriesTile[] }) {
  if (items.length === 0) return <p className="empty">対象の作品はありません</p>;
  return (
    <ul className="series-grid">
      {items.map((item) => (
        <li key={item.seriesId} className="series-card">
          <Link to={`/series/${item.seriesId}`}>
            <img
              src={coverUrl(item.latestBookId)}
              alt=""
              width={300}
              height={424}
              loading="lazy"
              decoding="async"
            />
            <div className="series-card__title">{item.name}</div>
            <div className="series-card__author">{item.author}</div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
