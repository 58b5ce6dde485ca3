import { useEffect, useState } from "react";
import type { AutoPurchaseSeriesAnswer } from "../../../contract/preorders";
import { get, post } from "../../lib/request";
import "./preorders.css";

/**
 * 新刊自動購入 on a series page (decision 0116): on, new volumes of the series are bought with the
 * member's saved card on their release day. The member's state is asked after the page loads, so
 * the shared page stays the same for everyone.
 */
export function AutoPurchaseButton({ seriesId }: { seriesId: number }) {
  const [state, setState] = useState<{ enabled: boolean; paused: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    get<AutoPurchaseSeriesAnswer>(`/api/auto_purchase/series/${seriesId}`).then((answer) => {
      if (live && answer.result) setState({ enabled: answer.enabled, paused: answer.paused });
    });
    return () => {
      live = false;
    };
  }, [seriesId]);

  const on = state?.enabled ?? false;
  return (
    <>
      <button
        type="button"
        className={on ? "notify-button notify-button--on" : "notify-button"}
        aria-pressed={on}
        disabled={busy || state === null}
        onClick={async () => {
          setBusy(true);
          try {
            const answer = await post<AutoPurchaseSeriesAnswer>("/api/auto_purchase/series", {
              series_id: seriesId,
              enabled: !on,
            });
            if (answer.result) setState({ enabled: answer.enabled, paused: answer.paused });
          } finally {
            setBusy(false);
          }
        }}
      >
        <span aria-hidden="true">{on ? "✓" : "＋"}</span>新刊自動購入
      </button>
      {on && state?.paused ? <span className="auto-purchase__paused">一時停止中</span> : null}
    </>
  );
}
