import { Link } from "react-router";
import { useShell } from "../../lib/shell";
import { InfoLink, InfoSection } from "./InfoArticle";

/** Spec 001 §1: volumes from this number upward are free for members only, unless a series says otherwise. */
const DEFAULT_MEMBER_FREE_VOLUME = 2;

const BENEFITS = [
  {
    title: "会員限定の無料巻",
    text: `${DEFAULT_MEMBER_FREE_VOLUME}巻以降の無料公開巻が読めるようになります。`,
  },
  { title: "70%OFFクーポン", text: "登録した方に、お好きな作品1冊に使えるクーポンをプレゼント。" },
  { title: "ログインスタンプ", text: "毎日ログインしてスタンプを集めると、ポイントがもらえます。" },
  { title: "本棚・お気に入り", text: "読んだ作品を本棚で管理。新刊が出たらお知らせします。" },
] as const;

export function HowtoContent() {
  const { status } = useShell();
  return (
    <>
      <InfoSection id="howto-about" title="コマヤでできること">
        <p>
          コマヤは、マンガ（電子コミック）とドラマCDを、スマートフォンやパソコンのブラウザで楽しめるストアです。アプリのインストールは不要で、無料の作品や試し読みは会員登録をしなくても読めます。
        </p>
      </InfoSection>

      <InfoSection id="howto-benefits" title="無料会員登録の特典">
        <ul className="info__cards">
          {BENEFITS.map((b) => (
            <li key={b.title} className="info__card">
              <strong>{b.title}</strong>
              <span>{b.text}</span>
            </li>
          ))}
        </ul>
        {status.is_login ? (
          <p className="info__callout">ログイン中です。すべての会員特典をご利用いただけます。</p>
        ) : (
          <div className="info__actions">
            <Link className="button button--primary" to={status.signup_page}>
              無料で会員登録する
            </Link>
            <Link className="button button--ghost" to={status.login_page}>
              ログイン
            </Link>
          </div>
        )}
      </InfoSection>

      <InfoSection id="howto-member-free" title="会員限定の無料巻">
        <p>
          無料公開中の作品のうち、1巻はどなたでも読めますが、{DEFAULT_MEMBER_FREE_VOLUME}
          巻以降の無料巻は会員の方だけが読めます。作品ページで「会員登録で無料」と表示されている巻は、登録（無料）するとすぐに読めるようになります。
        </p>
      </InfoSection>

      <InfoSection id="howto-trial" title="試し読み">
        <p>
          有料の作品も、購入前に冒頭の数ページを「試し読み」できます。ログインは不要です。ドラマCDはトラックごとに試聴できます。
        </p>
      </InfoSection>

      <InfoSection id="howto-buy" title="購入の流れ">
        <ol className="info__steps">
          <li>
            <strong>カートに入れる</strong>
            作品ページで読みたい巻を選びます。
          </li>
          <li>
            <strong>クーポン・ポイントを選ぶ</strong>
            使えるクーポンとポイントが購入手続きの画面に表示されます。
          </li>
          <li>
            <strong>支払って読む</strong>
            決済が終わるとすぐに本棚に入り、その場で読めます。
          </li>
        </ol>
        <p>
          くわしくは<InfoLink to="/help#help-buy">ヘルプ「作品を購入する」</InfoLink>
          をご覧ください。
        </p>
      </InfoSection>
    </>
  );
}
