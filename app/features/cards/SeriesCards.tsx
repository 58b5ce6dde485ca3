import type { SeriesItem } from "../../../contract/items";
import { BookCard } from "./BookCard";
import { type CardShow, SHOW_ALL } from "./CardParts";
import "./cards.css";

export const EMPTY_LIST = "対象の作品はありません";

/** A grid of series (or volume) cards; an empty list says so in the spec's words. */
export function SeriesCards(props: {
  items: readonly SeriesItem[];
  frame: string;
  show?: CardShow;
  withFavorite?: boolean;
}) {
  if (props.items.length === 0) return <p className="empty">{EMPTY_LIST}</p>;
  return (
    <ul className="card-grid">
      {props.items.map((item, i) => (
        <li key={`${item.series_id}-${item.book_id ?? 0}`}>
          <BookCard
            item={item}
            show={props.show ?? SHOW_ALL}
            tracking={{ frame: props.frame, position: i + 1 }}
            withFavorite={props.withFavorite}
          />
        </li>
      ))}
    </ul>
  );
}
