import type { PopupCounts, PopupState } from "../../../contract/ops-popups-rules";
import { POPUP_STATE_LABELS } from "../../../contract/ops-popups-rules";
import "../ops-catalog/ops-catalog.css";
import "./ops-popups.css";

export function PopupStateBadge({ state }: { state: PopupState }) {
  const look =
    state === "running"
      ? "published"
      : state === "scheduled"
        ? "scheduled"
        : state === "withdrawn"
          ? "withdrawn"
          : "draft";
  return (
    <span className={`catalog-state catalog-state--${look}`}>{POPUP_STATE_LABELS[state]}</span>
  );
}

/** Clicks per impression, as an operator reads a popup's success. */
export function clickRate(c: PopupCounts): string {
  return c.impressions === 0 ? "—" : `${((c.clicks / c.impressions) * 100).toFixed(1)}%`;
}

/** The Tokyo days the counts cover: the list and the form keep them in their address. */
export function CountRange(props: { action: string; from: string; to: string; q?: string }) {
  return (
    <form className="popups-range" method="get" action={props.action}>
      {props.q ? <input type="hidden" name="q" value={props.q} /> : null}
      <label>
        集計開始日
        <input type="date" name="from" defaultValue={props.from} />
      </label>
      <label>
        集計終了日
        <input type="date" name="to" defaultValue={props.to} />
      </label>
      <button type="submit" className="ops-button">
        集計する
      </button>
    </form>
  );
}
