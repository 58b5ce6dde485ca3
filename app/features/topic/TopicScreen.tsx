import { useEffect, useState } from "react";
import type { TopicPageAnswer } from "../../../contract/topic";
import { get } from "../../lib/request";
import { type SessionParams, storedSessionParams } from "../../lib/session-params";
import { TopicBlocks } from "./TopicBlocks";

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Content that opens with its own title (a level-1 header block) shows it; any other page, the
 * plain-text one included, shows the page's title as its heading.
 */
function drawsOwnTitle(answer: TopicPageAnswer): boolean {
  return (answer.rows ?? []).some((row) =>
    row.columns.some((column) =>
      column.blocks.some((block) => block.type === "header" && block.level === 1),
    ),
  );
}

/**
 * A published topic or page. The server drew it with the utm values of this address; when the
 * session kept others from the landing page, the server is asked again with them, so blocks for
 * a campaign source are still decided on the server.
 */
export function TopicScreen({
  answer,
  utm,
}: {
  answer: TopicPageAnswer;
  utm: { src: string; mdm: string; cpn: string };
}) {
  const [shown, setShown] = useState(answer);
  useEffect(() => setShown(answer), [answer]);
  useEffect(() => {
    const store = sessionStore();
    if (!store) return;
    const kept: SessionParams = storedSessionParams(store);
    if (kept.src === utm.src && kept.mdm === utm.mdm && kept.cpn === utm.cpn) return;
    if (!kept.src && !kept.mdm && !kept.cpn) return;
    const query = new URLSearchParams({
      url: `${window.location.pathname}${window.location.search}`,
      utm_source: kept.src,
      utm_medium: kept.mdm,
      utm_campaign: kept.cpn,
    });
    const abort = new AbortController();
    get<TopicPageAnswer>(
      `/api/${answer.page_type}/${encodeURIComponent(answer.page_name)}?${query}`,
      { signal: abort.signal },
    ).then((again) => {
      if (again.result && !abort.signal.aborted) setShown(again);
    });
    return () => abort.abort();
  }, [answer, utm]);
  return (
    <article className="topic-page">
      <h1 className={drawsOwnTitle(shown) ? "visually-hidden" : "tp-header tp-header--1"}>
        {shown.title}
      </h1>
      <TopicBlocks
        rows={shown.rows}
        plainText={shown.plain_text}
        fields={shown.fields}
        isLogin={shown.is_login}
      />
    </article>
  );
}
