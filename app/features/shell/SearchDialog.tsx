import { useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useModal } from "../../components/use-modal";
import type { ShellState } from "../../lib/shell";
import { CloseIcon, HistoryIcon, SearchIcon } from "./icons";
import {
  buildSearchUrl,
  EMPTY_SEARCH_FORM,
  FINISH_OPTIONS,
  PRICE_PRESETS,
  pricePresetOf,
  priceProblem,
  RATING_OPTIONS,
  type SearchForm,
  searchFormFromParams,
} from "./search-query";
import { SUGGESTION_KIND_LABEL } from "./suggest";
import { useCurrentGenre, useMenu } from "./use-menu";
import { useSearchHistory, useSuggestions } from "./use-suggestions";
import "./search-dialog.css";

/** Tags are many; the first ones show until the reader asks for all. */
const TAGS_SHOWN = 24;

/**
 * The search dialog (spec 001 §2.6): a text box with suggestions (history for members while it is
 * empty), clear and search buttons, and the detailed filters, leading to /search.
 */
export function SearchDialog({ shell, onClose }: { shell: ShellState; onClose: () => void }) {
  const { status } = shell;
  const location = useLocation();
  const navigate = useNavigate();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [form, setForm] = useState<SearchForm>(() =>
    location.pathname === "/search"
      ? searchFormFromParams(new URLSearchParams(location.search))
      : EMPTY_SEARCH_FORM,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [allTags, setAllTags] = useState(false);
  const genre = useCurrentGenre();
  const { menu, loading } = useMenu(status, genre, true);
  const suggestions = useSuggestions(form.word, true);
  const history = useSearchHistory(status.is_login);
  const shade = useRef<HTMLDivElement>(null);
  useModal(true, panel, onClose, input, shade);

  const set = <K extends keyof SearchForm>(key: K, value: SearchForm[K]) => {
    setProblem(null);
    setForm((f) => ({ ...f, [key]: value }));
  };
  const toggle = (key: "genre" | "category" | "tag", value: number) =>
    setForm((f) => ({
      ...f,
      [key]: f[key].includes(value) ? f[key].filter((v) => v !== value) : [...f[key], value],
    }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const wrongPrice = priceProblem(form);
    if (wrongPrice) {
      setProblem(wrongPrice);
      return;
    }
    const url = buildSearchUrl(form);
    if (!url) {
      setProblem("キーワードを入力するか、条件を選んでください");
      input.current?.focus();
      return;
    }
    onClose();
    navigate(url);
  }

  const preset = pricePresetOf(form.priceStart, form.priceEnd);
  const labels = (menu?.label ?? []).filter(
    (l) => form.publisher === null || l.publisher_id === form.publisher,
  );
  const word = form.word.trim();
  const tags = menu ? (allTags ? menu.tag : menu.tag.slice(0, TAGS_SHOWN)) : [];

  return (
    <div className="overlay-backdrop" ref={shade}>
      <div
        ref={panel}
        className="search-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <div className="search-dialog__head">
          <h2 id={titleId} className="search-dialog__title">
            作品を探す
          </h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label="閉じる">
            <CloseIcon />
          </button>
        </div>
        <form className="search-dialog__form" onSubmit={submit} noValidate>
          <div className="search-dialog__body">
            <div className="search-box">
              <SearchIcon className="search-box__icon" />
              <input
                ref={input}
                type="search"
                className="search-box__input"
                aria-label="キーワード"
                placeholder="作品名・作者名・キーワード"
                value={form.word}
                enterKeyHint="search"
                autoComplete="off"
                onChange={(e) => set("word", e.target.value)}
              />
              {form.word ? (
                <button
                  type="button"
                  className="search-box__clear"
                  aria-label="キーワードを消す"
                  onClick={() => {
                    set("word", "");
                    input.current?.focus();
                  }}
                >
                  <CloseIcon width={18} height={18} />
                </button>
              ) : null}
            </div>

            {word && suggestions.length > 0 ? (
              <section className="search-suggest" aria-label="検索候補">
                <ul className="search-suggest__list">
                  {suggestions.map((s) => (
                    <li key={s.href}>
                      <Link to={s.href} onClick={onClose}>
                        <SearchIcon width={16} height={16} />
                        <span>{s.label}</span>
                        {SUGGESTION_KIND_LABEL[s.kind] ? (
                          <span className="search-suggest__kind">
                            {SUGGESTION_KIND_LABEL[s.kind]}
                          </span>
                        ) : null}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            {!word && status.is_login && history.words.length > 0 ? (
              <section className="search-suggest" aria-labelledby={`${titleId}-history`}>
                <div className="search-suggest__head">
                  <h3 id={`${titleId}-history`}>検索履歴</h3>
                  <button type="button" className="text-button" onClick={history.clear}>
                    履歴を消去
                  </button>
                </div>
                <ul className="search-suggest__list">
                  {history.words.map((w) => (
                    <li key={w}>
                      <Link to={`/search?wd=${encodeURIComponent(w)}`} onClick={onClose}>
                        <HistoryIcon width={16} height={16} />
                        <span>{w}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            <fieldset className="filter">
              <legend className="filter__legend">完結・連載</legend>
              <div className="chip-row">
                {FINISH_OPTIONS.map((o) => (
                  <label key={o.value} className="chip-choice">
                    <input
                      type="radio"
                      name="ft"
                      required
                      checked={form.finish === o.value}
                      onChange={() => set("finish", o.value)}
                    />
                    <span>{o.label}</span>
                  </label>
                ))}
              </div>
            </fieldset>

            <fieldset className="filter">
              <legend className="filter__legend">評価</legend>
              <div className="chip-row">
                {RATING_OPTIONS.map((o) => (
                  <label key={o.value || "any"} className="chip-choice">
                    <input
                      type="radio"
                      name="rt"
                      checked={form.rating === o.value}
                      onChange={() => set("rating", o.value)}
                    />
                    <span>{o.label}</span>
                  </label>
                ))}
              </div>
            </fieldset>

            <fieldset className="filter">
              <legend className="filter__legend">価格</legend>
              <div className="chip-row">
                {PRICE_PRESETS.map((p) => (
                  <label key={p.id} className="chip-choice">
                    <input
                      type="radio"
                      name="price"
                      checked={preset === p.id}
                      onChange={() => {
                        setProblem(null);
                        setForm((f) => ({ ...f, priceStart: p.start, priceEnd: p.end }));
                      }}
                    />
                    <span>{p.label}</span>
                  </label>
                ))}
              </div>
              <div className="price-range">
                <label>
                  <span className="visually-hidden">価格の下限（円）</span>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    placeholder="下限"
                    value={form.priceStart}
                    onChange={(e) => set("priceStart", e.target.value)}
                  />
                </label>
                <span aria-hidden="true">円 〜</span>
                <label>
                  <span className="visually-hidden">価格の上限（円）</span>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    placeholder="上限"
                    value={form.priceEnd}
                    onChange={(e) => set("priceEnd", e.target.value)}
                  />
                </label>
                <span aria-hidden="true">円</span>
              </div>
            </fieldset>

            {loading && !menu ? <p className="search-dialog__loading">条件を読み込み中…</p> : null}
            {menu ? (
              <>
                <ChipFilter
                  legend="ジャンル"
                  name="gn"
                  options={menu.genre.map((g) => ({ id: g.genre_id, name: g.name }))}
                  chosen={form.genre}
                  onToggle={(id) => toggle("genre", id)}
                />
                <ChipFilter
                  legend="カテゴリ"
                  name="cg"
                  options={menu.category.map((c) => ({ id: c.category_id, name: c.name }))}
                  chosen={form.category}
                  onToggle={(id) => toggle("category", id)}
                />
                <ChipFilter
                  legend="タグ"
                  name="tg"
                  options={tags.map((t) => ({ id: t.tag_id, name: t.name }))}
                  chosen={form.tag}
                  onToggle={(id) => toggle("tag", id)}
                >
                  {!allTags && menu.tag.length > TAGS_SHOWN ? (
                    <button type="button" className="text-button" onClick={() => setAllTags(true)}>
                      すべてのタグを表示（{menu.tag.length}件）
                    </button>
                  ) : null}
                </ChipFilter>
                <div className="filter filter--selects">
                  <SelectFilter
                    label="出版社"
                    value={form.publisher}
                    options={menu.publisher.map((p) => ({ id: p.publisher_id, name: p.name }))}
                    onChange={(id) => {
                      setProblem(null);
                      setForm((f) => ({
                        ...f,
                        publisher: id,
                        label:
                          id !== null &&
                          f.label !== null &&
                          !menu.label.some((l) => l.label_id === f.label && l.publisher_id === id)
                            ? null
                            : f.label,
                      }));
                    }}
                  />
                  <SelectFilter
                    label="レーベル"
                    value={form.label}
                    options={labels.map((l) => ({ id: l.label_id, name: l.name }))}
                    onChange={(id) => set("label", id)}
                  />
                  <SelectFilter
                    label="世代"
                    value={form.generation}
                    options={menu.generation.map((g) => ({ id: g.generation_id, name: g.name }))}
                    onChange={(id) => set("generation", id)}
                  />
                </div>
              </>
            ) : null}
          </div>
          <div className="search-dialog__foot">
            {problem ? (
              <p className="search-dialog__problem" role="alert">
                {problem}
              </p>
            ) : null}
            <div className="search-dialog__buttons">
              <button
                type="button"
                className="button"
                onClick={() => {
                  setProblem(null);
                  setForm(EMPTY_SEARCH_FORM);
                  input.current?.focus();
                }}
              >
                クリア
              </button>
              <button type="submit" className="button button--primary">
                <SearchIcon width={18} height={18} />
                検索する
              </button>
            </div>
          </div>
        </form>
      </div>
    </div>
  );
}

function ChipFilter({
  legend,
  name,
  options,
  chosen,
  onToggle,
  children,
}: {
  legend: string;
  name: string;
  options: Array<{ id: number; name: string }>;
  chosen: number[];
  onToggle: (id: number) => void;
  children?: React.ReactNode;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="filter">
      <legend className="filter__legend">{legend}</legend>
      <div className="chip-row">
        {options.map((o) => (
          <label key={o.id} className="chip-choice">
            <input
              type="checkbox"
              name={name}
              value={o.id}
              checked={chosen.includes(o.id)}
              onChange={() => onToggle(o.id)}
            />
            <span>{o.name}</span>
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}

function SelectFilter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: number | null;
  options: Array<{ id: number; name: string }>;
  onChange: (id: number | null) => void;
}) {
  return (
    <label className="select-filter">
      <span className="filter__legend">{label}</span>
      <select
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
      >
        <option value="">指定なし</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}
