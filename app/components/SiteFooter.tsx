import { Link } from "react-router";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav className="site-footer__links" aria-label="サイト情報">
        <Link to="/help">ヘルプ</Link>
        <Link to="/agreement">利用規約</Link>
        <Link to="/privacy">プライバシーポリシー</Link>
        <Link to="/legal">特定商取引法に基づく表記</Link>
        <Link to="/inquiry">お問い合わせ</Link>
      </nav>
      <p className="site-footer__abj">
        ABJマークは、この電子書店・電子書籍配信サービスが、著作権者からコンテンツ使用許諾を得た正規版配信サービスであることを示す登録商標（登録番号
        第6091713号）です。
      </p>
      <p className="site-footer__copy">© コマヤ</p>
    </footer>
  );
}
