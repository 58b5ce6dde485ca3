import { Link } from "react-router";
import type { SeriesItem } from "../../../contract/items";
import { useShell } from "../../lib/shell";
import { BookCard } from "../cards/BookCard";
import { SHOW_ALL } from "../cards/CardParts";
import { CardStateProvider } from "../cards/card-state";
import type { RankingPage } from "./ranking.server";
import "./ranking.css";
import { GENRES, VOICE_DRAMA_GENRE } from "../../../contract/genres";

/** tp of the ranking calls: 1 daily, 2 weekly, 3 monthly. */
const PERIOD_TABS = [
  { tp: 1, label: "デイリー" },
  { tp: 2, label: "週間" },
  { tp: 3, label: "月間" },
] as const;

/** Genre tabs (spec 001 §3 "Genres"); ボイスドラマ has no comic ranking. */
const GENRE_TABS = GENRES.filter(([genre]) => genre !== VOICE_DRAMA_GENRE).map(
  ([genre, label]) => ({ genre, label }),
);

const PERIOD_NOTE: Record<number, string> = {
  1: "過去24時間",
  2: "過去7日間",
  3: "過去30日間",
};

function href(path: string, tp: number, genre: number) {
  return `${path}?tp=${tp}&genre=${genre}`;
}

function RankingRow({ item }: { item: SeriesItem }) {
  const rank = item.rank ?? 0;
  return (
    <li className="ranking-row">
      <span className={`ranking-row__rank ranking-row__rank--${rank <= 3 ? rank : "other"}`}>
        <span className="visually-hidden">第</span>
        {rank}
        <span className="visually-hidden">位</span>
      </span>
      <BookCard item={item} show={SHOW_ALL} variant="row" withFavorite />
    </li>
  );
}

/** /ranking (pagetype 1) and /free_ranking (pagetype 2): period and genre tabs, ranked series. */
export function RankingScreen({ page, pagetype }: { page: RankingPage; pagetype: 1 | 2 }) {
  const path = pagetype === 2 ? "/free_ranking" : "/ranking";
  const title = pagetype === 2 ? "無料ランキング" : "ランキング";
  const { tp, genre, answer } = page;
  const { status } = useShell();
  return (
    <CardStateProvider isLogin={status.is_login}>
      <section className="ranking-page" aria-labelledby="ranking-title">
        <header className="ranking-page__head">
          <h1 id="ranking-title" className="ranking-page__title">
            {title}
          </h1>
          <Link className="ranking-page__switch" to={pagetype === 2 ? "/ranking" : "/free_ranking"}>
            {pagetype === 2 ? "総合ランキングへ" : "無料ランキングへ"}
          </Link>
        </header>
        <nav className="ranking-tabs" aria-label="集計期間">
          {PERIOD_TABS.map((t) => (
            <Link
              key={t.tp}
              className="ranking-tabs__tab"
              to={href(path, t.tp, genre)}
              aria-current={t.tp === tp ? "page" : undefined}
              preventScrollReset
            >
              {t.label}
            </Link>
          ))}
        </nav>
        <nav className="genre-tabs" aria-label="ジャンル">
          {GENRE_TABS.map((g) => (
            <Link
              key={g.genre}
              className="genre-tabs__tab"
              to={href(path, tp, g.genre)}
              aria-current={g.genre === genre ? "page" : undefined}
              preventScrollReset
            >
              {g.label}
            </Link>
          ))}
        </nav>
        <p className="ranking-page__note">
          {PERIOD_NOTE[tp]}の{pagetype === 2 ? "無料巻の閲覧数" : "購入数と閲覧数"}
          で集計しています。
        </p>
        {answer.data.length === 0 ? (
          <p className="empty">対象の作品はありません</p>
        ) : (
          <ol className="ranking-list">
            {answer.data.map((item) => (
              <RankingRow key={item.series_id} item={item} />
            ))}
          </ol>
        )}
      </section>
    </CardStateProvider>
  );
}
