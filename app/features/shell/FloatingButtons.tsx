import { useEffect, useState } from "react";
import { backToTopVisible } from "./back-to-top";
import { ArrowUpIcon, SearchIcon } from "./icons";
import { useShellUi } from "./shell-ui";

/** Floating search and scroll-to-top buttons (spec 001 §2.7), bottom right. */
export function FloatingButtons({ search = true }: { search?: boolean }) {
  const ui = useShellUi();
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(backToTopVisible(window.scrollY));
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return (
    <div className="floating-buttons">
      {search ? (
        <button
          type="button"
          className="floating-button floating-button--search sp-only"
          data-floating="tool"
          onClick={ui.openSearch}
          aria-haspopup="dialog"
          aria-label="作品を検索"
        >
          <SearchIcon />
        </button>
      ) : null}
      {scrolled ? (
        <button
          type="button"
          className="floating-button"
          data-testid="back-to-top"
          data-floating="tool"
          aria-label="ページの先頭へ戻る"
          onClick={() => {
            const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
            window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
            document.getElementById("top")?.focus({ preventScroll: true });
          }}
        >
          <ArrowUpIcon />
        </button>
      ) : null}
    </div>
  );
}
