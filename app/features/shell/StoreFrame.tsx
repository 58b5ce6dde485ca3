import type { ReactNode } from "react";
import { Link } from "react-router";
import { FloatingSlots } from "../../components/floating";
import { useShell } from "../../lib/shell";
import { PopupHost } from "../popup/PopupHost";
import { FloatingButtons } from "./FloatingButtons";
import { RecentlyCheckedPopup } from "./RecentlyCheckedPopup";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader, SiteLogo } from "./SiteHeader";
import "./frame.css";

export type HeaderKind = "full" | "no-nav" | "no-button" | "logo";
/** "minimal": policy links and copyright; "copyright": nothing that leads into the store. */
export type FooterKind = "full" | "no-tabs" | "minimal" | "copyright";

/**
 * What every store layout shares (spec 001 §2.2): a back-to-top anchor, the header, the page
 * (with an optional side column from 960 px up), the footer and the floating buttons. The error
 * dialog is mounted once at the root, so it serves every layout.
 */
export function StoreFrame({
  header = "full",
  footer = "full",
  top,
  subnav,
  sidebar,
  wide = false,
  children,
}: {
  header?: HeaderKind;
  footer?: FooterKind;
  /** Bars and banners between the header and the page. */
  top?: ReactNode;
  /** A second navigation row under the header. */
  subnav?: ReactNode;
  sidebar?: ReactNode;
  /** The page may use the whole window width (the editor). */
  wide?: boolean;
  children: ReactNode;
}) {
  const { status, user } = useShell();
  return (
    <FloatingSlots>
      <div id="top" tabIndex={-1} className="top-anchor" />
      <a className="skip-link" href="#main">
        本文へスキップ
      </a>
      {header === "logo" ? (
        <header className="site-header site-header--bare">
          <div className="site-header__inner">
            <SiteLogo />
          </div>
        </header>
      ) : (
        <SiteHeader
          status={status}
          user={user}
          buttons={header !== "no-button"}
          nav={header === "full"}
        />
      )}
      {top}
      {subnav}
      <div className={sidebar ? "frame frame--side" : "frame"}>
        <main id="main" className={wide ? "page page--wide" : "page"} tabIndex={-1}>
          {children}
        </main>
        {sidebar}
      </div>
      {footer === "minimal" || footer === "copyright" ? (
        <footer className="site-footer site-footer--minimal">
          {footer === "minimal" ? (
            <nav className="site-footer__minimal-links" aria-label="規約">
              <Link className="site-footer__minimal-link" to="/agreement">
                利用規約
              </Link>
              <Link className="site-footer__minimal-link" to="/privacy">
                プライバシーポリシー
              </Link>
              <Link className="site-footer__minimal-link" to="/help">
                ヘルプ
              </Link>
            </nav>
          ) : null}
          <p className="site-footer__copy">© コマヤ All rights reserved.</p>
        </footer>
      ) : (
        <SiteFooter
          isLogin={status.is_login}
          couponCount={user.coupon_count}
          tabs={footer === "full"}
        />
      )}
      <FloatingButtons search={header === "full"} />
      <PopupHost withReturnPopup={header === "full"} />
      {status.is_login && header === "full" ? <RecentlyCheckedPopup /> : null}
    </FloatingSlots>
  );
}
