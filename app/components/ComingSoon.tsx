import { Link } from "react-router";

/**
 * The honest state of a screen whose feature has not been built yet: it names the screen, says
 * it is not available yet, and offers the way home. It never pretends to show data.
 */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{title}</h1>
      <p>{description}</p>
      <p className="coming-soon__note">
        この画面は現在準備中です。公開までしばらくお待ちください。
      </p>
      <Link className="button" to="/">
        ホームへ戻る
      </Link>
    </section>
  );
}
