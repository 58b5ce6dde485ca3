import { useEffect, useState } from "react";
import type { ShownRow } from "../../../contract/topic";
import { get } from "../../lib/request";
import { storedSessionParams } from "../../lib/session-params";
import { TopicBlocks } from "../topic/TopicBlocks";

/**
 * The drawer's optional topic content (spec 001 §2.4). The menu is shared by everybody, so it only
 * says that the genre has content; the rows come from the server decided for this visitor
 * (visibility markers, placeholders, sanitised HTML) and are drawn by the topic renderer.
 */
export function DrawerTopic({
  genre,
  isLogin,
  onNavigate,
}: {
  genre: number;
  isLogin: boolean;
  onNavigate: () => void;
}) {
  const [rows, setRows] = useState<ShownRow[] | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let kept = { src: "", mdm: "", cpn: "" };
    try {
      kept = storedSessionParams(window.sessionStorage);
    } catch {
      // Storage blocked: no kept campaign source.
    }
    const query = new URLSearchParams({
      genre: String(genre),
      url: `${window.location.pathname}${window.location.search}`,
      utm_source: kept.src,
      utm_medium: kept.mdm,
      utm_campaign: kept.cpn,
    });
    get<{ rows: ShownRow[] }>(`/api/personal/menu_topic?${query}`, { signal: abort.signal }).then(
      (answer) => {
        if (!abort.signal.aborted) setRows(answer.result ? answer.rows : []);
      },
    );
    return () => abort.abort();
  }, [genre]);
  if (!rows || rows.length === 0) return null;
  return (
    <div className="drawer-topic">
      <TopicBlocks rows={rows} isLogin={isLogin} mode="sp" onNavigate={onNavigate} genre={genre} />
    </div>
  );
}
