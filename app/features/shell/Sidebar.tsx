import { Link } from "react-router";
import { campaignHref } from "./drawer-rules";
import type { SidebarData } from "./sidebar-data";

/** The side column of the home and bookshelf layouts; shown from 960 px up (spec 001 §2.2). */
export function Sidebar({ data }: { data: SidebarData }) {
  return (
    <aside className="sidebar" aria-label="サイドメニュー">
      <section className="sidebar__box" aria-labelledby="sidebar-genres">
        <h2 id="sidebar-genres" className="sidebar__title">
          ジャンル
        </h2>
        <ul className="sidebar__list">
          {data.genres.map((g) => (
            <li key={g.genre_id}>
              <Link
                to={`/home?genre=${g.genre_id}`}
                aria-current={g.genre_id === data.genre ? "page" : undefined}
              >
                {g.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="sidebar__box" aria-labelledby="sidebar-ranking">
        <h2 id="sidebar-ranking" className="sidebar__title">
          ランキング
        </h2>
        <ul className="sidebar__list">
          <li>
            <Link to={`/ranking?genre=${data.genre}`}>人気ランキング</Link>
          </li>
          <li>
            <Link to={`/free_ranking?genre=${data.genre}`}>無料ランキング</Link>
          </li>
          <li>
            <Link to={`/free?genre=${data.genre}`}>無料で読めるマンガ</Link>
          </li>
        </ul>
      </section>
      {data.campaigns.length > 0 ? (
        <section className="sidebar__box" aria-labelledby="sidebar-campaigns">
          <h2 id="sidebar-campaigns" className="sidebar__title">
            開催中のキャンペーン
          </h2>
          <ul className="sidebar__banners">
            {data.campaigns.map((c) => (
              <li key={c.campaign_id}>
                <Link to={campaignHref(c)}>
                  <img src={c.img ?? ""} alt={c.name} loading="lazy" width={640} height={200} />
                </Link>
              </li>
            ))}
          </ul>
          <Link className="sidebar__more" to={`/otoku?genre=${data.genre}`}>
            キャンペーン一覧
          </Link>
        </section>
      ) : null}
      {data.hotwords.length > 0 ? (
        <section className="sidebar__box" aria-labelledby="sidebar-hotwords">
          <h2 id="sidebar-hotwords" className="sidebar__title">
            注目のキーワード
          </h2>
          <ul className="chip-list">
            {data.hotwords.map((w) => (
              <li key={w}>
                <Link className="chip chip--hot" to={`/search?wd=${encodeURIComponent(w)}`}>
                  #{w}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </aside>
  );
}
