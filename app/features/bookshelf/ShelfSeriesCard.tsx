import { useId, useState } from "react";
import { Link } from "react-router";
import type { ShelfSeries, ShelfVolume } from "../../../contract/bookshelf";
import type { BookshelfViewMode } from "../../../contract/bookshelf-rules";
import { volumeWords } from "../../../contract/episodes";
import { NotificationButton } from "../cards/NotificationButton";

function volumeState(v: ShelfVolume): string {
  if (v.finished_flag) return "読了";
  if (v.page > 0) return `${v.page}/${v.page_count}ページ`;
  if (v.new_flag && !v.own_flag) return "新刊";
  return "未読";
}

function volumeAction(v: ShelfVolume): string {
  if (!v.own_flag && v.page === 0) return "詳細";
  return v.page > 0 && !v.finished_flag ? "続きから" : "読む";
}

/**
 * One series on the shelf: cover with its badges (新刊, 無料), owned count and 続きを読む; its
 * volumes open below, each to the reader (which resumes at the saved page) or, for a new volume
 * not owned yet, to its page. 通知 turns new-volume notices of the series on or off here, where
 * the member manages their series. In edit mode the card is a checkbox instead.
 */
export function ShelfSeriesCard({
  series: s,
  mode,
  editing,
  selected,
  onSelect,
}: {
  series: ShelfSeries;
  mode: BookshelfViewMode;
  editing: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const volumesId = useId();
  const words = volumeWords(s.episodes_flag);
  const cover = (
    <span className="shelf-card__cover">
      {s.img ? <img src={s.img} alt="" width={150} height={213} loading="lazy" /> : null}
      {s.new_book_count > 0 ? (
        <span className="shelf-card__badge shelf-card__badge--new">新刊{s.new_book_count}</span>
      ) : null}
      {s.period_type === "free" ? (
        <span className="shelf-card__badge shelf-card__badge--free">無料</span>
      ) : null}
    </span>
  );
  const facts = (
    <span className="shelf-card__facts">
      {s.own_book_count > 0
        ? `${words.count(s.own_book_count)} / ${words.total(s.volume_count)}`
        : words.total(s.volume_count)}
      {s.unread_count > 0 ? <span className="shelf-card__unread">未読{s.unread_count}</span> : null}
      {s.finished_flag ? <span className="shelf-card__done">読了</span> : null}
    </span>
  );
  if (editing) {
    return (
      <li className={`shelf-card shelf-card--mode${mode} shelf-card--editing`}>
        <label className="shelf-card__select">
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => onSelect(e.currentTarget.checked)}
          />
          {cover}
          <span className="shelf-card__body">
            <span className="shelf-card__name">{s.name}</span>
            {facts}
          </span>
        </label>
      </li>
    );
  }
  return (
    <li className={`shelf-card shelf-card--mode${mode}`} data-series-id={s.series_id}>
      <Link to={`/series/${s.series_id}`} className="shelf-card__main">
        {cover}
        <span className="shelf-card__body">
          <span className="shelf-card__name">{s.name}</span>
          {mode === 1 && s.authors.length > 0 ? (
            <span className="shelf-card__authors">{s.authors.join("、")}</span>
          ) : null}
          {facts}
          {mode === 1 && s.last_read_at ? (
            <span className="shelf-card__when">
              最終閲覧 {s.last_read_at.slice(0, 10).replaceAll("-", "/")}
            </span>
          ) : null}
        </span>
      </Link>
      <span className="shelf-card__actions">
        {s.continue_url ? (
          <Link
            to={s.continue_url}
            className="button button--primary shelf-card__continue"
            reloadDocument
          >
            続きを読む
          </Link>
        ) : null}
        <NotificationButton seriesId={s.series_id} notification={s.notification_flag} />
        <button
          type="button"
          className="button shelf-card__toggle"
          aria-expanded={open}
          aria-controls={volumesId}
          onClick={() => setOpen(!open)}
        >
          {open ? "閉じる" : `${words.unit}一覧`}
        </button>
      </span>
      {open ? (
        <ol className="shelf-volumes" id={volumesId} aria-label={`${s.name}の${words.unit}`}>
          {s.volumes.map((v) => (
            <li key={v.book_id} className="shelf-volume">
              <Link
                to={v.url}
                className="shelf-volume__link"
                reloadDocument={v.url.startsWith("/viewer/")}
                data-testid="shelf-volume"
              >
                <img src={v.img} alt="" width={48} height={68} loading="lazy" />
                <span className="shelf-volume__text">
                  <span className="shelf-volume__name">{words.name(v.volume)}</span>
                  <span
                    className={v.new_flag ? "shelf-volume__state is-new" : "shelf-volume__state"}
                  >
                    {volumeState(v)}
                  </span>
                </span>
                <span className="shelf-volume__action">{volumeAction(v)}</span>
              </Link>
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}
