import { DramaCdScreen } from "../features/dramacd/DramaCdScreen";
import { loadDramaCdPage } from "../features/dramacd/dramacd.server";
import { errorMeta } from "../features/seo/seo";
import type { Route } from "./+types/doramacd-detail";

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadDramaCdPage(context, params.cdId);
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  const failed = errorMeta(error);
  if (failed) return failed;
  const cd = loaderData?.page.cd;
  return [
    { title: cd ? `${cd.name}（${cd.label_name}）| ドラマCD | コマヤ` : "ドラマCD詳細 | コマヤ" },
    ...(cd ? [{ name: "description", content: cd.description }] : []),
  ];
}

export default function DramaCdDetailScreen({ loaderData }: Route.ComponentProps) {
  return <DramaCdScreen page={loaderData.page} isLogin={loaderData.isLogin} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
