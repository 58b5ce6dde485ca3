import { HomeTabs } from "../features/ops-home/HomeTabs";
import { loadHomeTabs } from "../features/ops-home/ops-home.server";
import type { Route } from "./+types/ops-home";

export function meta() {
  return [{ title: "トップページ編集 | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadHomeTabs(context, request);
}

/** /ops/home: each genre's /home, with its section count and whether a draft waits. */
export default function OpsHome({ loaderData }: Route.ComponentProps) {
  const { tabs } = loaderData;
  return (
    <>
      <h1 className="ops-title">トップページ編集</h1>
      <HomeTabs tabs={tabs} />
      <section className="ops-panel">
        <h2>ジャンル別のトップページ</h2>
        <div className="ops-scroll">
          <table className="ops-table">
            <thead>
              <tr>
                <th>ジャンル</th>
                <th>公開中のセクション</th>
                <th>下書き</th>
              </tr>
            </thead>
            <tbody>
              {tabs.map((t) => (
                <tr key={t.genre}>
                  <td>
                    <a href={`/ops/home/${t.genre}`}>{t.name}</a>
                  </td>
                  <td>{t.sections}</td>
                  <td>
                    {t.draft_updated_at
                      ? `${new Date(t.draft_updated_at).toLocaleString("ja-JP")} に保存`
                      : "なし"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
