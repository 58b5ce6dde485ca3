import { NavLink } from "react-router";
import "../ops-catalog/ops-catalog.css";
import "./ops-topics.css";

/** The topic page editor's menu, under the ops header. */
export function TopicsNav({ mayWrite }: { mayWrite: boolean }) {
  return (
    <nav className="catalog-nav" aria-label="特集ページメニュー">
      <NavLink to="/ops/topics" end>
        特集ページ一覧
      </NavLink>
      {mayWrite ? <NavLink to="/ops/topics/new">特集ページを作る</NavLink> : null}
    </nav>
  );
}
