import { loadNewestSeries } from "../features/catalog/catalog.server";
import { SeriesGrid } from "../features/catalog/SeriesGrid";
import type { Route } from "./+types/home";

export function meta() {
  return [
    { title: "コマヤ | 電子コミック・ドラマCDストア" },
    {
      name: "description",
      content:
        "無料で読めるマンガ、話題の新刊、ドラマCDをスマホとPCで。試し読みも充実の電子コミックストア「コマヤ」。",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { newest: await loadNewestSeries(context, 24) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="visually-hidden">コマヤ 電子コミック・ドラマCDストア</h1>
      <section aria-labelledby="newest-title">
        <h2 id="newest-title" className="section-title">
          新着作品
        </h2>
        <SeriesGrid items={loaderData.newest} />
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
