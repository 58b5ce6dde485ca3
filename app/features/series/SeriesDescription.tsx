import { useState } from "react";
import { plainText } from "../../lib/plain-text";
import { CLOSE_LABEL, MORE_LABEL } from "../cards/card-rules";

/** Long descriptions start folded to a few lines; - もっと見る - / - 閉じる - toggle them. */
const FOLD_AT = 90;

export function SeriesDescription({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const plain = plainText(text);
  if (!plain) return null;
  const long = plain.length > FOLD_AT || plain.split("\n").length > 3;
  return (
    <div className="series-description">
      <p
        className={
          long && !open ? "series-description__text is-folded" : "series-description__text"
        }
      >
        {plain}
      </p>
      {long && (
        <button
          type="button"
          className="series-description__toggle"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? CLOSE_LABEL : MORE_LABEL}
        </button>
      )}
    </div>
  );
}
