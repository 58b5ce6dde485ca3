import { useState } from "react";
import { useCardState } from "./card-state";

/** 気になる: highlighted while the series is a favourite; the server's answer sets it. */
export function FavoriteButton(props: { seriesId: number; favorite: boolean; source: string }) {
  const { toggleFavorite } = useCardState();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={props.favorite ? "fav-button fav-button--on" : "fav-button"}
      aria-pressed={props.favorite}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await toggleFavorite(props.seriesId, props.source);
        } finally {
          setBusy(false);
        }
      }}
    >
      <span aria-hidden="true">{props.favorite ? "♥" : "♡"}</span>気になる
    </button>
  );
}
