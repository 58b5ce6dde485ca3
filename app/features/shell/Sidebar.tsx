import { Link } from "react-router";
import { campaignHref } from "./drawer-rules";
import type { SidebarData } from "./sidebar-data";

/** The side column of the home and bookshelf layouts; shown from 960 px up (spec 001 §2.2). */
export function Sidebar({ data }: { data: SidebarData }) {
  return (
    // The boxes are parts of one side landmark, not landmarks of their own: the home page's hot
    // words already form a region named 注目のキーワード.
    <aside className="sidebar" aria-label="サイドメニュー">
      <div className="sidebar__box">
        <h2 className="sidebar__title">ジャンル</h2>
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
      </div>
      <div className="sidebar__box">
        <h2 className="sidebar__title">ランキング</h2>
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
      </div>
      {data.campaigns.length > 0 ? (
        <div className="sidebar__box">
          <h2 className="sidebar__title">開催中のキャンペーン</h2>
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
        </div>
      ) : null}
      {data.hotwords.length > 0 ? (
        <div className="sidebar__box">
          <h2 className="sidebar__title">注目のキーワード</h2>
          <ul className="chip-list">
            {data.hotwords.map((w) => (
              <li key={w}>
                <Link className="chip chip--hot" to={`/search?wd=${encodeURIComponent(w)}`}>
                  #{w}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </aside>
  );
}
