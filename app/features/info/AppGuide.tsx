import { isOutside, useStoreLinks } from "../../lib/store-links";
import { StoreBadge } from "../shell/StoreBadge";
import { FactsTable, InfoLink, InfoSection } from "./InfoArticle";

const FEATURES = [
  {
    title: "ダウンロードしてオフラインで読める",
    text: "購入した作品を端末に保存すれば、電波のない場所や機内でも読めます。",
  },
  {
    title: "新刊・無料公開をお知らせ",
    text: "気になる作品の新刊配信や無料公開の開始を、プッシュ通知でお届けします。",
  },
  {
    title: "Web版と同じ本棚",
    text: "同じアカウントでログインすれば、Web版で購入した作品も読みかけの位置もそのまま引き継がれます。",
  },
  {
    title: "ドラマCDをバックグラウンド再生",
    text: "ほかのアプリを使いながら、画面を消したままでもドラマCDを聴けます。",
  },
];

const QUESTIONS: Array<[question: string, answer: React.ReactNode]> = [
  [
    "Web版で購入した作品はアプリでも読めますか？",
    "はい。同じメールアドレスでログインすると、Web版で購入した作品がアプリの本棚に表示されます。",
  ],
  [
    "アプリで作品を購入できますか？",
    "作品の購入・ポイントのご利用はWeb版で承っています。アプリの作品ページからWeb版の購入画面へ進めます。",
  ],
  [
    "ポイントやクーポンは共通ですか？",
    "はい。保有ポイント・クーポン・ログインスタンプはWeb版とアプリで共通です。",
  ],
  [
    "アプリの利用に料金はかかりますか？",
    "アプリのダウンロードとご利用は無料です。作品のダウンロードには通信料がかかります。",
  ],
];

/** The official app: what it does, where to get it, what it needs. */
export function AppGuide() {
  const links = useStoreLinks();
  const ios = isOutside(links.appStore) ? links.appStore : null;
  const android = isOutside(links.googlePlay) ? links.googlePlay : null;
  return (
    <>
      <InfoSection id="app-features" title="アプリでできること">
        <ul className="info__cards">
          {FEATURES.map((f) => (
            <li key={f.title} className="info__card">
              <strong>{f.title}</strong>
              <span>{f.text}</span>
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="download" title="ダウンロード">
        <ul className="app-guide__stores">
          <li id="ios" className="app-guide__store">
            <StoreBadge store="appStore" href={ios} />
            <small>iPhone・iPad（iOS 16.0以降）</small>
          </li>
          <li id="android" className="app-guide__store">
            <StoreBadge store="googlePlay" href={android} />
            <small>Android（9.0以降）</small>
          </li>
        </ul>
        {ios === null || android === null ? (
          <p className="info__demo" role="note">
            ※ コマヤはデモンストレーション用の架空のストアです。公式アプリも架空のもので、
            {storesMissing(ios, android)}
            では配信されていません。
          </p>
        ) : null}
      </InfoSection>

      <InfoSection id="app-requirements" title="動作環境">
        <FactsTable
          caption="動作環境"
          rows={[
            ["iOS", "iOS 16.0以降のiPhone・iPad"],
            ["Android", "Android 9.0以降（一部の端末を除く）"],
            ["空き容量", "作品1冊あたり約50MB（ダウンロードする場合）"],
          ]}
        />
        <p>
          Web版の推奨環境は<InfoLink to="/help#help-devices">ヘルプ</InfoLink>をご覧ください。
        </p>
      </InfoSection>

      <InfoSection id="app-faq" title="よくある質問">
        <dl className="info__qa">
          {QUESTIONS.map(([q, a]) => (
            <div key={q}>
              <dt>Q. {q}</dt>
              <dd>A. {a}</dd>
            </div>
          ))}
        </dl>
        <p>
          そのほかのご質問は<InfoLink to="/faq">よくある質問</InfoLink>をご覧ください。
        </p>
      </InfoSection>
    </>
  );
}

function storesMissing(ios: string | null, android: string | null): string {
  if (ios === null && android === null) return "App Store・Google Play";
  return ios === null ? "App Store" : "Google Play";
}
