import { useEffect, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import type {
  BookshelfAnswer,
  BookshelfCdAnswer,
  BookshelfQuery,
} from "../../../contract/bookshelf";
import {
  BOOKSHELF_CATEGORIES,
  BOOKSHELF_CATEGORY_LABELS,
  BOOKSHELF_SORT_LABELS,
  BOOKSHELF_SORTS,
  type BookshelfSort,
  type BookshelfViewMode,
} from "../../../contract/bookshelf-rules";
import type { Pattern } from "../../../contract/items";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { post } from "../../lib/request";
import { CardStateProvider } from "../cards/card-state";
import { DOWNLOADS_PAGE, useDownloadsCheck } from "../offline/download-checks";
import { LockPanel, LockSettings } from "./BookshelfLock";
import { ShelfSeriesCard } from "./ShelfSeriesCard";
import { type ShelfTab, shelfHref, storedViewMode, storeViewMode } from "./shelf-query";
import "./bookshelf.css";

export interface BookshelfData {
  tab: ShelfTab;
  query: BookshelfQuery;
  shelf: BookshelfAnswer | null;
  cds: BookshelfCdAnswer | null;
}

const EMPTY = "対象の作品はありません";

/**
 * /bookshelf (spec 001 §2.1, §4, §7.4): マンガ and ドラマCD tabs, the category switch
 * (すべて, 新刊, 新刊お知らせ), filters, sort, the view mode kept in this browser, edit mode and
 * 本棚ロック. Filters live in the address, so a filtered shelf can be reloaded or shared.
 */
export function BookshelfScreen({ data }: { data: BookshelfData }) {
  const [mode, setMode] = useState<BookshelfViewMode>(2);
  useEffect(() => setMode(storedViewMode(window.localStorage)), []);
  const chooseMode = (next: BookshelfViewMode) => {
    setMode(next);
    storeViewMode(window.localStorage, next);
  };
  useDownloadsCheck();
  return (
    <CardStateProvider isLogin>
      <section className="shelf" aria-labelledby="shelf-title">
        <div className="shelf__head">
          <h1 id="shelf-title" className="shelf__title">
            本棚
          </h1>
          <span className="shelf__head-links">
            {data.shelf && !data.shelf.locked && data.shelf.hidden_count > 0 ? (
              <Link to="/bookshelf_reveal" className="shelf__reveal-link">
                非表示の作品（{data.shelf.hidden_count}）
              </Link>
            ) : null}
            <Link to={DOWNLOADS_PAGE} className="shelf__reveal-link" data-testid="downloads-link">
              ダウンロード管理
            </Link>
          </span>
        </div>
        <nav className="shelf__tabs" aria-label="本棚の種類">
          <Link
            to={shelfHref({})}
            className={data.tab === "manga" ? "shelf__tab is-current" : "shelf__tab"}
            aria-current={data.tab === "manga" ? "page" : undefined}
          >
            マンガ
          </Link>
          <Link
            to={shelfHref({}, "cd")}
            className={data.tab === "cd" ? "shelf__tab is-current" : "shelf__tab"}
            aria-current={data.tab === "cd" ? "page" : undefined}
          >
            ドラマCD
          </Link>
        </nav>
        {data.shelf ? (
          <MangaShelf shelf={data.shelf} query={data.query} mode={mode} onMode={chooseMode} />
        ) : null}
        {data.cds ? <CdShelf cds={data.cds} category={data.query.category === 2 ? 2 : 0} /> : null}
      </section>
    </CardStateProvider>
  );
}

function MangaShelf({
  shelf,
  query,
  mode,
  onMode,
}: {
  shelf: BookshelfAnswer;
  query: BookshelfQuery;
  mode: BookshelfViewMode;
  onMode: (mode: BookshelfViewMode) => void;
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const counts = shelf.filter_statuses.counts;
  const picked = shelf.books.filter((b) => selected.includes(b.series_id));
  const removable = picked.length > 0 && picked.every((b) => b.period_type === "free");
  const toggle = (key: keyof BookshelfQuery, value: unknown) => {
    const next = { ...query, page: 1, [key]: query[key] === value ? undefined : value };
    return shelfHref(next);
  };
  const act = async (path: string) => {
    const answer = await post(path, { series: selected });
    if (answer.result) {
      setSelected([]);
      setEditing(false);
      revalidator.revalidate();
    }
  };
  return (
    <>
      <nav className="shelf__categories" aria-label="カテゴリ">
        {BOOKSHELF_CATEGORIES.map((c) => (
          <Link
            key={c}
            to={shelfHref({ category: c, sort: query.sort })}
            className={query.category === c ? "shelf__category is-current" : "shelf__category"}
            aria-current={query.category === c ? "page" : undefined}
          >
            {BOOKSHELF_CATEGORY_LABELS[c]}
          </Link>
        ))}
      </nav>
      <LockSettings enabled={shelf.lock_enabled} locked={shelf.locked} />
      {shelf.locked ? (
        <LockPanel />
      ) : (
        <>
          <fieldset className="shelf__filters">
            <legend className="visually-hidden">絞り込み</legend>
            <FilterChip
              to={toggle("period_type", "paid")}
              on={query.period_type === "paid"}
              count={counts.paid}
            >
              購入作品
            </FilterChip>
            <FilterChip
              to={toggle("period_type", "free")}
              on={query.period_type === "free"}
              count={counts.free}
            >
              無料作品
            </FilterChip>
            <FilterChip
              to={toggle("buy_status", "buy")}
              on={query.buy_status === "buy"}
              count={counts.buy}
            >
              購入した巻
            </FilterChip>
            <FilterChip
              to={toggle("buy_status", "free")}
              on={query.buy_status === "free"}
              count={counts.free_buy}
            >
              無料で入手
            </FilterChip>
            <FilterChip to={toggle("unread", true)} on={query.unread} count={counts.unread}>
              未読あり
            </FilterChip>
            <FilterChip to={toggle("finished", true)} on={query.finished} count={counts.finished}>
              読了
            </FilterChip>
          </fieldset>
          <div className="shelf__toolbar">
            <label className="shelf__sort">
              <span className="visually-hidden">並び替え</span>
              <select
                value={query.sort}
                onChange={(e) =>
                  navigate(
                    shelfHref({ ...query, page: 1, sort: e.currentTarget.value as BookshelfSort }),
                  )
                }
              >
                {BOOKSHELF_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {BOOKSHELF_SORT_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
            <span className="shelf__hit">{shelf.pattern.hit}作品</span>
            <fieldset className="shelf__modes">
              <legend className="visually-hidden">表示切替</legend>
              <button
                type="button"
                className={mode === 2 ? "shelf__mode is-current" : "shelf__mode"}
                aria-pressed={mode === 2}
                onClick={() => onMode(2)}
              >
                表紙
              </button>
              <button
                type="button"
                className={mode === 1 ? "shelf__mode is-current" : "shelf__mode"}
                aria-pressed={mode === 1}
                onClick={() => onMode(1)}
              >
                リスト
              </button>
            </fieldset>
            <button
              type="button"
              className={editing ? "button button--primary shelf__edit" : "button shelf__edit"}
              aria-pressed={editing}
              onClick={() => {
                setEditing(!editing);
                setSelected([]);
              }}
            >
              {editing ? "完了" : "編集"}
            </button>
          </div>
          {editing ? (
            <div className="shelf__editbar">
              <span>{selected.length}作品を選択中</span>
              <button
                type="button"
                className="button"
                disabled={selected.length === 0}
                onClick={() => act("/api/bookshelf/hide")}
              >
                非表示にする
              </button>
              <button
                type="button"
                className="button button--danger"
                disabled={!removable}
                onClick={() => setConfirmRemove(true)}
              >
                本棚から削除
              </button>
              <small className="shelf__edit-note">
                削除できるのは無料で読んだ作品だけです。購入した作品は非表示にできます。
              </small>
            </div>
          ) : null}
          {shelf.books.length === 0 ? (
            <p className="shelf__empty">{EMPTY}</p>
          ) : (
            <ul className={mode === 2 ? "shelf__grid" : "shelf__list"} data-testid="shelf-series">
              {shelf.books.map((s) => (
                <ShelfSeriesCard
                  key={s.series_id}
                  series={s}
                  mode={mode}
                  editing={editing}
                  selected={selected.includes(s.series_id)}
                  onSelect={(on) =>
                    setSelected((prev) =>
                      on ? [...prev, s.series_id] : prev.filter((id) => id !== s.series_id),
                    )
                  }
                />
              ))}
            </ul>
          )}
          <Paging pattern={shelf.pattern} href={(page) => shelfHref({ ...query, page })} />
        </>
      )}
      <ConfirmDialog
        open={confirmRemove}
        message="選択した作品を本棚から削除しますか？"
        yesLabel="削除する"
        noLabel="キャンセル"
        onYes={() => {
          setConfirmRemove(false);
          void act("/api/bookshelf/remove");
        }}
        onNo={() => setConfirmRemove(false)}
      />
    </>
  );
}

function FilterChip({
  to,
  on,
  count,
  children,
}: {
  to: string;
  on: boolean;
  count: number;
  children: string;
}) {
  return (
    <Link
      to={to}
      className={on ? "shelf__chip is-on" : "shelf__chip"}
      aria-pressed={on}
      role="button"
    >
      {children}
      <span className="shelf__chip-count">{count}</span>
    </Link>
  );
}

export function Paging({ pattern, href }: { pattern: Pattern; href: (page: number) => string }) {
  if (pattern.total_page <= 1) return null;
  return (
    <nav className="shelf__paging" aria-label="ページ">
      {pattern.page > 1 ? <Link to={href(pattern.page - 1)}>前へ</Link> : <span />}
      <span>
        {pattern.page} / {pattern.total_page}
      </span>
      {pattern.page < pattern.total_page ? <Link to={href(pattern.page + 1)}>次へ</Link> : <span />}
    </nav>
  );
}

function CdShelf({ cds, category }: { cds: BookshelfCdAnswer; category: 0 | 2 }) {
  return (
    <>
      <nav className="shelf__categories" aria-label="カテゴリ">
        {([0, 2] as const).map((c) => (
          <Link
            key={c}
            to={shelfHref({ category: c }, "cd")}
            className={category === c ? "shelf__category is-current" : "shelf__category"}
            aria-current={category === c ? "page" : undefined}
          >
            {c === 0 ? "すべて" : "新着"}
          </Link>
        ))}
      </nav>
      {cds.locked ? (
        <LockPanel />
      ) : cds.cds.length === 0 ? (
        <p className="shelf__empty">{EMPTY}</p>
      ) : (
        <ul className="shelf__cds" data-testid="shelf-cds">
          {cds.cds.map((cd) => (
            <li key={cd.cd_id} className="shelf-cd">
              <Link to={cd.url} className="shelf-cd__link">
                <img
                  src={cd.img}
                  alt=""
                  width={96}
                  height={96}
                  loading="lazy"
                  className="shelf-cd__jacket"
                />
                <span className="shelf-cd__body">
                  <span className="shelf-cd__name">{cd.name}</span>
                  {cd.casts.length > 0 ? (
                    <span className="shelf-cd__casts">
                      {cd.casts.slice(0, 5).join("、")}
                      {cd.casts.length > 5 ? " 他" : ""}
                    </span>
                  ) : null}
                  <span className="shelf-cd__listen">聴く</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Paging pattern={cds.pattern} href={(page) => shelfHref({ category, page }, "cd")} />
    </>
  );
}
