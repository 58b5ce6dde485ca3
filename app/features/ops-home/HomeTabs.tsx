import { NavLink } from "react-router";
import type { HomeEditorTab } from "../../../contract/ops-home";
import "./ops-home.css";

/** The genre tabs of the home-layout editor; a tab whose draft waits says so. */
export function HomeTabs({ tabs }: { tabs: readonly HomeEditorTab[] }) {
  return (
    <nav className="home-editor-tabs" aria-label="ジャンル">
      {tabs.map((t) => (
        <NavLink key={t.genre} to={`/ops/home/${t.genre}`}>
          {t.name}
          {t.draft_updated_at ? <span className="home-editor-tabs__draft">下書きあり</span> : null}
        </NavLink>
      ))}
    </nav>
  );
}
