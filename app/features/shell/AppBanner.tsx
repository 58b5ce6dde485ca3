import { useEffect, useState } from "react";
import { Link } from "react-router";
import { usePromoSlot } from "../../components/floating";
import { isOutside, useStoreLinks } from "../../lib/store-links";
import { appBannerStorageKey, appBannerVisible, parseBannerTime } from "./app-banner";
import { CloseIcon } from "./icons";

/**
 * The app-promotion banner on Android and iOS (spec 001 §2.7, §4) for one page ("home",
 * "bookshelf"). The server renders it wherever it could show, so it takes its place before the
 * first paint instead of pushing the page down later (layout shift); the close time lives in
 * this browser, so a recently closed banner leaves after hydration.
 */
export function AppBanner({ page, os }: { page: string; os: string }) {
  const links = useStoreLinks();
  const [visible, setVisible] = useState(() =>
    appBannerVisible({ page, os, closedAt: null, nowSeconds: 0 }),
  );
  useEffect(() => {
    let closedAt: number | null = null;
    try {
      closedAt = parseBannerTime(localStorage.getItem(appBannerStorageKey(page)));
    } catch {
      // Blocked storage: judge as never closed.
    }
    setVisible(appBannerVisible({ page, os, closedAt, nowSeconds: Math.floor(Date.now() / 1000) }));
  }, [page, os]);
  // The first of the floating promotions: the balloon and the corner banner wait for it.
  const shown = usePromoSlot("app-banner", visible);
  if (!shown) return null;
  const href = os === "ios" ? links.appStore : links.googlePlay;
  return (
    <aside
      className="app-banner"
      aria-label="アプリのご案内"
      data-testid="app-banner"
      data-floating="promo"
    >
      <button
        type="button"
        className="app-banner__close"
        aria-label="アプリのご案内を閉じる"
        onClick={() => {
          try {
            localStorage.setItem(appBannerStorageKey(page), String(Math.floor(Date.now() / 1000)));
          } catch {
            // Closed for this view only.
          }
          setVisible(false);
        }}
      >
        <CloseIcon width={16} height={16} />
      </button>
      <span className="app-banner__icon" aria-hidden="true">
        コ
      </span>
      <span className="app-banner__text">
        <strong>コマヤ公式アプリ</strong>
        <small>オフラインでも読める・通知で新刊を逃さない</small>
      </span>
      {isOutside(href) ? (
        <a className="app-banner__open" href={href} rel="noopener">
          アプリで開く
        </a>
      ) : (
        <Link className="app-banner__open" to={href}>
          アプリを見る
        </Link>
      )}
    </aside>
  );
}
