import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { BookshelfAnswer } from "../../../contract/bookshelf";
import { post } from "../../lib/request";
import { LockPanel } from "./BookshelfLock";
import { Paging } from "./BookshelfScreen";
import { ShelfSeriesCard } from "./ShelfSeriesCard";
import "./bookshelf.css";

/** /bookshelf_reveal: the series hidden in edit mode; chosen ones go back onto the shelf. */
export function RevealScreen({ shelf }: { shelf: BookshelfAnswer }) {
  const revalidator = useRevalidator();
  const [selected, setSelected] = useState<number[]>([]);
  const reveal = async () => {
    const answer = await post("/api/bookshelf/reveal", { series: selected });
    if (answer.result) {
      setSelected([]);
      revalidator.revalidate();
    }
  };
  return (
    <section className="shelf reveal" aria-labelledby="reveal-title">
      <div className="shelf__head">
        <h1 id="reveal-title" className="shelf__title">
          非表示の作品
        </h1>
        <Link to="/bookshelf" className="shelf__reveal-link">
          本棚に戻る
        </Link>
      </div>
      {shelf.locked ? (
        <LockPanel />
      ) : shelf.books.length === 0 ? (
        <p className="shelf__empty">対象の作品はありません</p>
      ) : (
        <>
          <div className="shelf__editbar">
            <span>本棚に表示する作品を選んでください（{selected.length}作品を選択中）</span>
            <button
              type="button"
              className="button button--primary"
              disabled={selected.length === 0}
              onClick={reveal}
            >
              本棚に表示する
            </button>
          </div>
          <ul className="shelf__grid reveal__list" data-testid="hidden-series">
            {shelf.books.map((s) => (
              <ShelfSeriesCard
                key={s.series_id}
                series={s}
                mode={2}
                editing
                selected={selected.includes(s.series_id)}
                onSelect={(on) =>
                  setSelected((prev) =>
                    on ? [...prev, s.series_id] : prev.filter((id) => id !== s.series_id),
                  )
                }
              />
            ))}
          </ul>
          <Paging pattern={shelf.pattern} href={(page) => `/bookshelf_reveal?page=${page}`} />
        </>
      )}
    </section>
  );
}
