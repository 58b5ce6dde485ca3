import { useState } from "react";
import { plainText } from "../../lib/plain-text";
import { CLOSE_LABEL, firstLine, MORE_LABEL } from "./card-rules";

/** A card's description: its first line, and the rest behind - もっと見る - / - 閉じる -. */
export function ExpandableText({ text, className }: { text: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const { line, more } = firstLine(text);
  if (!line && !more) return null;
  return (
    <div className={className ?? "card-text"}>
      <p className="card-text__body">{open ? plainText(text) : line}</p>
      {more && (
        <button type="button" className="card-text__toggle" onClick={() => setOpen(!open)}>
          {open ? CLOSE_LABEL : MORE_LABEL}
        </button>
      )}
    </div>
  );
}
