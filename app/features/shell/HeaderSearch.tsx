import { useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { HistoryIcon, SearchIcon } from "./icons";
import { SUGGESTION_KIND_LABEL } from "./suggest";
import { useSearchHistory, useSuggestions } from "./use-suggestions";

/**
 * The header's search box on PC (spec 001 §2.3): typing shows suggestions below it; an empty box
 * shows a member's recent words. Enter searches for the word.
 */
export function HeaderSearch({ isLogin }: { isLogin: boolean }) {
  const navigate = useNavigate();
  const listId = useId();
  const box = useRef<HTMLElement>(null);
  // On a result page the box holds the word searched for, and follows it to the next search.
  const { pathname, search } = useLocation();
  const searched = pathname === "/search" ? (new URLSearchParams(search).get("wd") ?? "") : "";
  const [word, setWord] = useState(searched);
  const [shownFor, setShownFor] = useState(searched);
  if (shownFor !== searched) {
    setShownFor(searched);
    setWord(searched);
  }
  const [open, setOpen] = useState(false);
  const suggestions = useSuggestions(word, open);
  const history = useSearchHistory(open && isLogin);
  const wd = word.trim();
  const showHistory = open && !wd && history.words.length > 0;
  const showSuggest = open && wd !== "" && suggestions.length > 0;

  return (
    <search
      ref={box}
      className="header-search"
      onFocus={() => setOpen(true)}
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") setOpen(false);
      }}
    >
      <form
        className="header-search__form"
        action="/search"
        onSubmit={(e) => {
          e.preventDefault();
          if (!wd) return;
          setOpen(false);
          navigate(`/search?wd=${encodeURIComponent(wd)}`);
        }}
      >
        <input
          type="search"
          name="wd"
          className="header-search__input"
          aria-label="作品を検索"
          placeholder="作品名・作者名・キーワード"
          autoComplete="off"
          value={word}
          aria-controls={showHistory || showSuggest ? listId : undefined}
          onChange={(e) => {
            setWord(e.target.value);
            setOpen(true);
          }}
        />
        <button type="submit" className="header-search__submit" aria-label="検索">
          <SearchIcon width={20} height={20} />
        </button>
      </form>
      {showSuggest || showHistory ? (
        <div id={listId} className="header-search__panel">
          {showHistory ? (
            <div className="search-suggest__head">
              <span>検索履歴</span>
              <button type="button" className="text-button" onClick={history.clear}>
                履歴を消去
              </button>
            </div>
          ) : null}
          <ul className="search-suggest__list">
            {showSuggest
              ? suggestions.map((s) => (
                  <li key={s.href}>
                    <Link to={s.href} onClick={() => setOpen(false)}>
                      <SearchIcon width={16} height={16} />
                      <span>{s.label}</span>
                      {SUGGESTION_KIND_LABEL[s.kind] ? (
                        <span className="search-suggest__kind">
                          {SUGGESTION_KIND_LABEL[s.kind]}
                        </span>
                      ) : null}
                    </Link>
                  </li>
                ))
              : history.words.map((w) => (
                  <li key={w}>
                    <Link to={`/search?wd=${encodeURIComponent(w)}`} onClick={() => setOpen(false)}>
                      <HistoryIcon width={16} height={16} />
                      <span>{w}</span>
                    </Link>
                  </li>
                ))}
          </ul>
        </div>
      ) : null}
    </search>
  );
}
