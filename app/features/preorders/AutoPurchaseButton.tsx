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
  const [unavailable, setUnavailable] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    // Asked unprompted: a refusal (a staff member previewing in /ops is no member) hides the
    // button instead of opening an error dialog over the page.
    get<AutoPurchaseSeriesAnswer>(`/api/auto_purchase/series/${seriesId}`, {
      ownsFailure: () => true,
    }).then((answer) => {
      if (!live) return;
      if (answer.result) setState({ enabled: answer.enabled, paused: answer.paused });
      else setUnavailable(true);
    });
    return () => {
      live = false;
    };
  }, [seriesId]);

  if (unavailable) return null;
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
