import type { SeriesItem } from "../../../contract/items";
import { BookCard } from "../cards/BookCard";
import { SHOW_ALL } from "../cards/CardParts";

/**
 * Cards on screen before any scrolling: a phone's first two rows of three (the second row's covers
 * show on a 412 × 823 screen and can be its largest paint, so they may not wait to be scrolled to).
 */
const FIRST_SCREEN = 6;

/** The result cards of /search and /more; 対象の作品はありません when there are none (spec 001 §8). */
export function ResultGrid({ items }: { items: SeriesItem[] }) {
  if (items.length === 0) return <p className="empty">対象の作品はありません</p>;
  return (
    <ul className="result-grid">
      {items.map((item, i) => (
        <li key={item.series_id}>
          <BookCard item={item} show={SHOW_ALL} withFavorite onFirstScreen={i < FIRST_SCREEN} />
        </li>
      ))}
    </ul>
  );
}
