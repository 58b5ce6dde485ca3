import { Link, NavLink, useLocation } from "react-router";
import { useStoreLinks } from "../../lib/store-links";
import { CouponBalloon } from "./CouponBalloon";
import { BookshelfIcon, CouponIcon, FreeIcon, GiftIcon, GuideIcon, HomeIcon } from "./icons";
import { StoreBadge } from "./StoreBadge";
import "./footer.css";

const SERVICE_LINKS = [
  { to: "/howto", label: "はじめての方へ" },
  { to: "/app", label: "公式アプリ" },
  { to: "/help", label: "ヘルプ" },
  { to: "/faq", label: "よくある質問" },
  { to: "/inquiry", label: "お問い合わせ" },
  { to: "/opinion", label: "ご意見・ご要望" },
  { to: "/request", label: "作品リクエスト" },
];

const COMPANY_LINKS = [
  { to: "/company", label: "運営会社" },
  { to: "/recruit", label: "採用情報" },
];

const POLICY_LINKS = [
  { to: "/agreement", label: "利用規約" },
  { to: "/privacy", label: "プライバシーポリシー" },
  { to: "/legal", label: "特定商取引法に基づく表記" },
  { to: "/abj", label: "ABJマークについて" },
];

/**
 * The store footer (spec 001 §2.5): service, policy and company links, social and app download
 * links and the ABJ notice; on mobile a fixed tab bar (home, campaign, free, bookshelf or the
 * beginner guide for visitors, coupon).
 */
export function SiteFooter({
  isLogin = false,
  couponCount = 0,
  tabs = true,
}: {
  isLogin?: boolean;
  couponCount?: number;
  /** Checkout and sign-in pages leave the tab bar out. */
  tabs?: boolean;
}) {
  const { pathname } = useLocation();
  const links = useStoreLinks();
  const atHome = pathname === "/" || pathname === "/home";
  return (
    <footer className={tabs ? "site-footer site-footer--tabs" : "site-footer"}>
      <a className="site-footer__top" href="#top">
        ページの先頭へ
      </a>
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__logo">
            <span className="logo-mark" aria-hidden="true">
              コ
            </span>
            コマヤ
          </p>
          <p className="site-footer__lead">マンガもドラマCDも、読みたいときにすぐ。</p>
          <p className="site-footer__apps-title">公式アプリ</p>
          <ul className="site-footer__apps">
            <li>
              <StoreBadge store="appStore" href={links.appStore} />
            </li>
            <li>
              <StoreBadge store="googlePlay" href={links.googlePlay} />
            </li>
          </ul>
          <ul className="site-footer__social">
            <li>
              <a href={links.x} rel="noopener" target="_blank">
                <span className="social-x" aria-hidden="true">
                  𝕏
                </span>
                X（旧Twitter）公式アカウント
                <span className="visually-hidden">（新しいタブで開きます）</span>
              </a>
            </li>
          </ul>
        </div>
        <nav className="site-footer__nav" aria-label="サービス">
          <p className="site-footer__heading">サービス</p>
          <ul>
            {SERVICE_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__nav" aria-label="規約・ポリシー">
          <p className="site-footer__heading">規約・ポリシー</p>
          <ul>
            {POLICY_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__nav" aria-label="会社情報">
          <p className="site-footer__heading">会社情報</p>
          <ul>
            {COMPANY_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="site-footer__abj">
        <Link to="/abj" className="abj-mark" aria-label="ABJマークについて">
          <span aria-hidden="true">ABJ</span>
        </Link>
        <p>
          ABJマークは、この電子書店・電子書籍配信サービスが、著作権者からコンテンツ使用許諾を得た正規版配信サービスであることを示す登録商標（登録番号
          第6091713号）です。
        </p>
      </div>
      <p className="site-footer__copy">© コマヤ All rights reserved.</p>
      {tabs ? (
        <nav className="footer-tabs" aria-label="メインメニュー">
          <Link to="/" className="footer-tab" aria-current={atHome ? "page" : undefined}>
            <HomeIcon />
            <span>ホーム</span>
          </Link>
          <NavLink to="/otoku" className="footer-tab">
            <GiftIcon />
            <span>キャンペーン</span>
          </NavLink>
          <NavLink to="/free" className="footer-tab">
            <FreeIcon />
            <span>無料</span>
          </NavLink>
          {isLogin ? (
            <NavLink to="/bookshelf" className="footer-tab">
              <BookshelfIcon />
              <span>本棚</span>
            </NavLink>
          ) : (
            <NavLink to="/howto" className="footer-tab">
              <GuideIcon />
              <span>はじめて</span>
            </NavLink>
          )}
          <span className="footer-tab-wrap">
            <NavLink to="/coupon" className="footer-tab">
              <CouponIcon />
              <span>クーポン</span>
            </NavLink>
            {isLogin && pathname !== "/coupon" ? <CouponBalloon couponCount={couponCount} /> : null}
          </span>
        </nav>
      ) : null}
    </footer>
  );
}
