import { ReadOnlyNotice } from "../features/ops/ReadOnlyNotice";
import { ContentUpload } from "../features/ops-content/ContentUpload";
import { loadVolumeContent } from "../features/ops-content/ops-content.server";
import "../features/ops-content/ops-content.css";
import type { Route } from "./+types/ops-volume-content";

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${data?.title ?? "巻"}のページ・表紙 | コマヤ運営` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadVolumeContent(context, request, params);
}

/** A volume's pages and cover: what the store serves now, and the drop zones that replace them. */
export default function OpsVolumeContent({ loaderData: v }: Route.ComponentProps) {
  return (
    <>
      <h1 className="ops-title">{v.title}</h1>
      <p className="ops-note">
        シリーズ：{v.seriesTitle}（巻ID {v.bookId}）
      </p>
      {v.mayUpload ? null : <ReadOnlyNotice />}
      <section className="ops-panel" aria-labelledby="ops-content-now">
        <h2 id="ops-content-now">公開中の内容</h2>
        <div className="ops-content__now">
          <img
            className="ops-content__cover"
            src={`${v.coverUrl}&w=240`}
            alt={`${v.title}の表紙`}
          />
          <ul className="ops-facts">
            <li>
              ページ数：{v.pageCount}ページ（試し読み {Math.min(v.trialPageCount, v.pageCount)}
              ページ）
            </li>
            <li>
              ページ画像：{v.pageSet ? "アップロードされた画像" : "仮の画像（未アップロード）"}
            </li>
            <li>
              表紙：{v.coverUploaded ? "アップロードされた画像" : "仮の画像（未アップロード）"}
            </li>
          </ul>
        </div>
        <ul className="ops-content__thumbs" aria-label="先頭のページ">
          {v.thumbs.map((src, i) => (
            <li key={src}>
              <img src={src} alt={`${i + 1}ページ`} loading="lazy" />
            </li>
          ))}
        </ul>
      </section>
      {v.mayUpload ? (
        <>
          <ContentUpload
            url={`/api/ops/volumes/${v.bookId}/pages`}
            label="ページをアップロード"
            hint="ZIP・CBZ を1つ、または JPEG・PNG・WebP の画像をまとめて。ページ順はファイル名の順（p2 は p10 より前）です。すべてのページを確かめてから一度に差し替えます。"
            accept=".zip,.cbz,image/jpeg,image/png,image/webp"
            multiple
          />
          <ContentUpload
            url={`/api/ops/volumes/${v.bookId}/cover`}
            label="表紙をアップロード"
            hint="JPEG・PNG・WebP の画像を1枚。一覧や作品ページで使う大きさに合わせて作ります。"
            accept="image/jpeg,image/png,image/webp"
          />
        </>
      ) : null}
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
