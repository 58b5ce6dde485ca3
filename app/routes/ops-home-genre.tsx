import { HomeEditor } from "../features/ops-home/HomeEditor";
import { HomeTabs } from "../features/ops-home/HomeTabs";
import { loadHomeEditor } from "../features/ops-home/ops-home.server";
import type { Route } from "./+types/ops-home-genre";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `トップページ編集：${loaderData?.editor.genre_name ?? ""} | コマヤ運営` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadHomeEditor(context, request, params.genre);
}

/** /ops/home/:genre: one genre's home sections, their draft, preview and publishing. */
export default function OpsHomeGenre({ loaderData }: Route.ComponentProps) {
  const { tabs, editor, mayWrite } = loaderData;
  return (
    <>
      <h1 className="ops-title">トップページ編集：{editor.genre_name}</h1>
      <HomeTabs tabs={tabs} />
      <HomeEditor key={editor.genre} editor={editor} mayWrite={mayWrite} />
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
