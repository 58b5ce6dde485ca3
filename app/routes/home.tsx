import { useLocation } from "react-router";
import { HomePage } from "../features/home/HomePage";
import { loadFirstSections, loadHome } from "../features/home/home.server";
import { pageMeta } from "../features/seo/seo";
import { storePageSeo } from "../features/seo/seo.server";
import { useShell } from "../lib/shell";
import type { Route } from "./+types/home";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.seo, "ホーム");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const home = await loadHome(context, request);
  return {
    home,
    firstSections: await loadFirstSections(context, home),
    seo: storePageSeo(context, request, {
      title: "コマヤ | 電子コミック・ドラマCDストア",
      description:
        "無料で読めるマンガ、話題の新刊、ドラマCDをスマホとPCで。試し読みも充実の電子コミックストア「コマヤ」。",
      keep: ["genre"],
    }),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { status } = useShell();
  const { pathname } = useLocation();
  return (
    <>
      <h1 className="visually-hidden">コマヤ 電子コミック・ドラマCDストア</h1>
      <HomePage
        key={loaderData.home.genre}
        home={loaderData.home}
        firstSections={loaderData.firstSections}
        isLogin={status.is_login}
        highlightRanking={pathname.replace(/\.html$/, "") === "/home"}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
