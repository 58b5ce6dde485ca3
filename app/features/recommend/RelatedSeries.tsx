import { useRef, useState } from "react";
import type { SeriesItem } from "../../../contract/items";
import {
  RELATED_TILE_MIN,
  RELATED_TILE_SHOWN,
  type RelatedAnswer,
} from "../../../contract/recommend";
import { useModal } from "../../components/use-modal";
import { get } from "../../lib/request";
import { track } from "../analytics/track";
import { SeriesCards } from "../cards/SeriesCards";
import { RecommendTiles } from "./RecommendTiles";
import "./recommend.css";

const FRAME = "series_related";

/**
 * The series page's other-books tile (spec 001 §2.7, §9): shown only with 3 or more related
 * works, showing 3; もっと見る opens the whole list (/api/recommend/related) over the page.
 */
export function RelatedSeries({ seriesId, items }: { seriesId: number; items: SeriesItem[] }) {
  const [list, setList] = useState<SeriesItem[] | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const shade = useRef<HTMLDivElement>(null);
  const close = () => {
    setList(null);
    track("close", { category: "related_list", series: seriesId });
  };
  useModal(list !== null, panel, close, undefined, shade);
  if (items.length < RELATED_TILE_MIN) return null;

  const open = async () => {
    track("open", { category: "related_list", series: seriesId });
    const answer = await get<RelatedAnswer>(`/api/recommend/related?series=${seriesId}`);
    setList(answer.result ? answer.related : items);
  };

  return (
    <section aria-labelledby="related-title" className="related-tile">
      <h2 id="related-title" className="section-title">
        関連作品
      </h2>
      <SeriesCards items={items.slice(0, RELATED_TILE_SHOWN)} frame={FRAME} />
      {items.length > RELATED_TILE_SHOWN && (
        <button type="button" className="text-button related-tile__more" onClick={open}>
          もっと見る
        </button>
      )}
      {list && (
        <div className="overlay-backdrop" ref={shade}>
          <div
            className="related-list"
            role="dialog"
            aria-modal="true"
            aria-labelledby="related-list-title"
            ref={panel}
          >
            <header className="return-popup__head">
              <h2 id="related-list-title" className="return-popup__title">
                関連作品
              </h2>
              <button
                type="button"
                className="return-popup__close"
                onClick={close}
                aria-label="閉じる"
              >
                ×
              </button>
            </header>
            <RecommendTiles items={list} columns={3} frame={`${FRAME}_list`} />
          </div>
        </div>
      )}
    </section>
  );
}
