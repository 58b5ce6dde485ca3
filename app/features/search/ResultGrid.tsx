import type { SeriesItem } from "../../../contract/items";
import { BookCard } from "../cards/BookCard";
import { SHOW_ALL } from "../cards/CardParts";

/** Cards in the first row of the phone's three columns, on screen before any scrolling. */
const FIRST_ROW = 3;

/** The result cards of /search and /more; 対象の作品はありません when there are none (spec 001 §8). */
export function ResultGrid({ items }: { items: SeriesItem[] }) {
  if (items.length === 0) return <p className="empty">対象の作品はありません</p>;
  return (
    <ul className="result-grid">
      {items.map((item, i) => (
        <li key={item.series_id}>
          <BookCard item={item} show={SHOW_ALL} withFavorite onFirstScreen={i < FIRST_ROW} />
        </li>
      ))}
    </ul>
  );
}
