import type { CSSProperties } from "react";
import { type LoginStampsAnswer, STAMP_ALREADY_GOT } from "../../../contract/stamp";
import {
  APPEAL_LINES,
  INTRO_LINES,
  parseBandStyle,
  showsAlreadyGot,
  stampRows,
} from "./stamp-card";
import "./stamp.css";

const clamp = (lines: number): CSSProperties => ({
  display: "-webkit-box",
  WebkitLineClamp: lines,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
});

/** The stamp-rally card of spec 000 §2 (/stamp and the stamp dialog). */
export function StampCard({ answer, isLogin }: { answer: LoginStampsAnswer; isLogin: boolean }) {
  const card = answer.stamps;
  if (!card) return <p className="stamp-card__none">現在開催中のスタンプカードはありません</p>;
  const rows = stampRows(answer.boxes, answer.status, card.stamp_count);
  const background: CSSProperties = {
    backgroundColor: card.bg_color ? `#${card.bg_color}` : undefined,
    backgroundImage: card.bg_image_url ? `url("${card.bg_image_url}")` : undefined,
  };
  return (
    <section className="stamp-card" style={background} data-testid="stamp-card">
      <img className="stamp-card__title" src={card.image_url} alt="ログインスタンプ" />
      <p className="stamp-card__period">
        {card.start_date.replaceAll("-", "/")}〜{card.end_date.replaceAll("-", "/")}
      </p>
      {showsAlreadyGot(isLogin, answer.status.press_flag) ? (
        <p className="stamp-card__band" style={parseBandStyle(card.band_style)}>
          {STAMP_ALREADY_GOT}
        </p>
      ) : null}
      {card.appeal ? (
        <p className="stamp-card__appeal" style={clamp(APPEAL_LINES)}>
          {card.appeal}
        </p>
      ) : null}
      <ol className="stamp-card__grid" aria-label="スタンプ">
        {rows.map((row) =>
          row.cells.map((cell, i) => (
            <li
              key={cell.stamp_no}
              className={[
                "stamp-cell",
                cell.on ? "stamp-cell--on" : "",
                cell.pressed ? "stamp-cell--pressed" : "",
                // The line to the next stamp: sideways in the row, down at the row's end.
                i < row.cells.length - 1 ? `stamp-cell--line-${row.direction}` : "",
                i === row.cells.length - 1 && row.turn ? "stamp-cell--line-down" : "",
              ].join(" ")}
              style={{ gridColumn: cell.column, gridRow: row.row }}
              data-stamp={cell.stamp_no}
              data-on={cell.on}
            >
              <img
                src={cell.on ? cell.image_url_on : cell.image_url_off}
                alt={`${cell.stamp_no}${cell.on ? "（GET済み）" : ""}`}
                width={48}
                height={48}
              />
              {cell.label ? <span className="stamp-cell__label">{cell.label}</span> : null}
            </li>
          )),
        )}
      </ol>
      {card.description ? (
        <p className="stamp-card__intro" style={clamp(INTRO_LINES)}>
          {card.description}
        </p>
      ) : null}
    </section>
  );
}
