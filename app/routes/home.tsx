import { data, useLocation } from "react-router";
import { NOT_KEPT_HEADER } from "../../contract/kept-page";
import { HomePage } from "../features/home/HomePage";
import { loadFirstSections, loadHome, loadHomePreview } from "../features/home/home.server";
import { pageMeta } from "../features/seo/seo";
import { storePageSeo } from "../features/seo/seo.server";
import { useShell } from "../lib/shell";
import type { Route } from "./+types/home";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.seo, "ホーム");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const preview = await loadHomePreview(context, request);
  const home = preview?.home ?? (await loadHome(context, request));
  const page = {
    home,
    firstSections: preview?.sections ?? (await loadFirstSections(context, home)),
    previewAs: preview?.as ?? null,
    seo: storePageSeo(context, request, {
      title: "コマヤ | 電子コミック・ドラマCDストア",
      description:
        "無料で読めるマンガ、話題の新刊、ドラマCDをスマホとPCで。試し読みも充実の電子コミックストア「コマヤ」。",
      keep: ["genre"],
    }),
  };
  // A draft's preview is the staff member's alone: never kept for, or cached by, anyone else.
  return preview
    ? data(page, { headers: { [NOT_KEPT_HEADER]: "1", "Cache-Control": "private, no-store" } })
    : page;
}

/** The loader's word that a preview render is the staff member's alone (decision 0100). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
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
        isLogin={loaderData.previewAs ? loaderData.previewAs === "member" : status.is_login}
        highlightRanking={pathname.replace(/\.html$/, "") === "/home"}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
