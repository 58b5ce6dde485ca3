import { useState } from "react";
import { useCardState } from "./card-state";
import "./cards.css";

/**
 * 通知: on while the member wants word of this series' new volumes (spec 000 §2, spec 001 §4
 * "Notification toggles per series"); the server's answer sets it, a later answer on the page wins.
 */
export function NotificationButton(props: { seriesId: number; notification: boolean }) {
  const { notifications, toggleNotification } = useCardState();
  const [busy, setBusy] = useState(false);
  const on = notifications.get(props.seriesId) ?? props.notification;
  return (
    <button
      type="button"
      className={on ? "notify-button notify-button--on" : "notify-button"}
      aria-pressed={on}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await toggleNotification(props.seriesId);
        } finally {
          setBusy(false);
        }
      }}
    >
      <span aria-hidden="true">{on ? "✓" : "＋"}</span>通知
    </button>
  );
}
