import { ReadOnlyNotice } from "../features/ops/ReadOnlyNotice";
import { ContentUpload } from "../features/ops-content/ContentUpload";
import { loadSeriesContent } from "../features/ops-content/ops-content.server";
import "../features/ops-content/ops-content.css";
import type { Route } from "./+types/ops-series-content";

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${data?.name ?? "作品"}のアピール画像 | コマヤ運営` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadSeriesContent(context, request, params);
}

/**
 * A series' appeal image (decision 0095): the picture of its appeal card. The series has no
 * cover of its own: its cards and page show its latest volume's, uploaded on the volume's screen.
 */
export default function OpsSeriesContent({ loaderData: s }: Route.ComponentProps) {
  return (
    <>
      <h1 className="ops-title">{s.name}</h1>
      <p className="ops-note">
        作品ID {s.seriesId}　·　<a href={`/ops/catalog/series/${s.seriesId}`}>作品の編集へ戻る</a>
      </p>
      {s.mayUpload ? null : <ReadOnlyNotice />}
      <section className="ops-panel" aria-labelledby="ops-series-now">
        <h2 id="ops-series-now">公開中のアピール画像</h2>
        <div className="ops-content__now">
          {s.appealUrl ? (
            <img
              className="ops-content__appeal"
              src={`${s.appealUrl}${s.appealUrl.includes("?") ? "&" : "?"}w=480`}
              alt={`${s.name}のアピール画像`}
            />
          ) : null}
          <ul className="ops-facts">
            <li>
              アピール画像：
              {s.appealUploaded
                ? "アップロードされた画像"
                : s.appealUrl
                  ? "仮の画像（未アップロード）"
                  : "なし（アピールカードは吹き出しで表示）"}
            </li>
            <li>表紙：作品のカードとページには最新巻の表紙が出ます（巻の画面でアップロード）</li>
          </ul>
        </div>
      </section>
      {s.mayUpload ? (
        <ContentUpload
          url={`/api/ops/series/${s.seriesId}/appeal-image`}
          label="アピール画像をアップロード"
          hint="JPEG・PNG・WebP の画像を1枚（横長 2:1 がおすすめ）。ホームのアピールカードで使う大きさに合わせて作ります。"
          accept="image/jpeg,image/png,image/webp"
        />
      ) : null}
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
