import {
  OPS_RIGHTS,
  type OpsRight,
  ROLE_LABELS,
  ROLE_SUMMARIES,
  roleMay,
  STAFF_ROLES,
} from "../../contract/ops-roles";
import { tokyoSlashDateTime } from "../../contract/tokyo-time";
import { loadOpsHome } from "../features/ops/ops.server";
import type { Route } from "./+types/ops";

export function meta() {
  return [{ title: "運営管理 | コマヤ" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadOpsHome(context, request);
}

/** The ops home: the signed-in role, and what every role may do (the table the server checks). */
export default function OpsHome({ loaderData }: Route.ComponentProps) {
  const { role, recoveryCodesLeft, sessionExpiresAt, staffCounts } = loaderData;
  const rights = Object.keys(OPS_RIGHTS) as OpsRight[];
  return (
    <>
      <h1 className="ops-title">運営ホーム</h1>
      <section className="ops-panel" aria-labelledby="ops-me">
        <h2 id="ops-me">あなたの権限：{ROLE_LABELS[role]}</h2>
        <p>{ROLE_SUMMARIES[role]}</p>
        <ul className="ops-facts">
          <li>
            このセッションの有効期限：{tokyoSlashDateTime(new Date(sessionExpiresAt))}
            （操作がないまま30分たつか、ログインから8時間で終了します）
          </li>
          <li>
            残りのリカバリーコード：{recoveryCodesLeft}個
            {recoveryCodesLeft <= 3
              ? "（残りわずかです。管理者に二段階認証のリセットを依頼し、設定し直してください）"
              : ""}
          </li>
        </ul>
      </section>
      <section className="ops-panel" aria-labelledby="ops-work">
        <h2 id="ops-work">作業メニュー</h2>
        <ul className="ops-facts">
          <li>
            <a href="/ops/dashboard">ダッシュボード</a>
            ：売上・注文数・平均客単価・新規会員・決済方法・ページビュー・作品ページからカート・注文への流れ・ポップアップ・キャンペーンとクーポンの利用（グラフ・表・CSV）
          </li>
          <li>
            <a href="/ops/catalog">作品管理</a>
            ：作品・巻・価格・セール・公開日の編集とプレビュー
          </li>
          <li>
            <a href="/ops/catalog/drama-cds">ドラマCD管理</a>：ドラマCDとトラックの編集
          </li>
          <li>
            <a href="/ops/news">お知らせ</a>・<a href="/ops/stamp-cards">ログインスタンプ</a>・
            <a href="/ops/lotteries">くじ</a>
            ：お知らせの公開予約と重要マーク、スタンプカードのマス目と報酬、くじの景品・確率・在庫
          </li>
          <li>
            <a href="/ops/popups">ポップアップ管理</a>
            ：種類・対象（会員・広告・端末・ジャンル）・期間・優先度の編集とプレビュー、表示・閉じる・クリックの集計
            <a href="/ops/coupons">クーポン</a>
            ：割引・対象・最低金額・期間・配布枚数の設定、会員への配布（個別・リスト・条件）と配布・使用・残りの数
          </li>
          <li>
            <a href="/ops/catalog/authors">
              著者・出版社・レーベル・掲載誌・ジャンル・カテゴリ・タグ
            </a>
          </li>
        </ul>
      </section>
      <section className="ops-panel" aria-labelledby="ops-rights">
        <h2 id="ops-rights">権限ごとにできること</h2>
        <div className="ops-scroll">
          <table className="ops-table ops-rights">
            <thead>
              <tr>
                <th scope="col">操作</th>
                {STAFF_ROLES.map((r) => (
                  <th scope="col" key={r} aria-current={r === role ? "true" : undefined}>
                    {ROLE_LABELS[r]}
                    <span className="ops-rights__count">{staffCounts[r]}名</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rights.map((right) => (
                <tr key={right}>
                  <th scope="row">{OPS_RIGHTS[right].label}</th>
                  {STAFF_ROLES.map((r) => (
                    <td key={r} className={roleMay(r, right) ? "ops-yes" : "ops-no"}>
                      {roleMay(r, right) ? "○" : "−"}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="ops-note">
          権限はページを開くたび、操作のたびにサーバーで確認されます。権限が変わると、次の操作から反映されます。
        </p>
      </section>
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
