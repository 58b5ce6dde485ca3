import type { SeriesItem } from "../../../contract/items";
import { TrackedLink } from "../cards/TrackedLink";

/** Covers with titles in 2 or 3 columns, sized for a popup no wider than 450 px. */
export function RecommendTiles(props: {
  items: readonly SeriesItem[];
  columns: 2 | 3;
  frame: string;
}) {
  return (
    <ul className={`return-popup__grid return-popup__grid--${props.columns}`}>
      {props.items.map((item, i) => (
        <li key={item.series_id}>
          <TrackedLink
            href={item.url || `/series/${item.series_id}`}
            seriesId={item.series_id}
            tracking={{ frame: props.frame, position: i + 1 }}
            className="return-popup__item"
          >
            <img src={item.img} alt="" loading="lazy" width={100} height={142} />
            <span>{item.name}</span>
          </TrackedLink>
        </li>
      ))}
    </ul>
  );
}
