import { type LotteryRow, PLAY_CONDITIONS } from "../../contract/ops-extras-rules";
import type { Column } from "../features/ops-catalog/CatalogTable";
import { ExtrasListPanel, ExtrasNav } from "../features/ops-extras/ExtrasNav";
import { loadLotteryList } from "../features/ops-extras/ops-extras.server";
import type { Route } from "./+types/ops-lotteries";

export function meta() {
  return [{ title: "くじ管理 | コマヤ運営" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadLotteryList(context, request);
}

const COLUMNS: Column<LotteryRow>[] = [
  { label: "ID", cell: (l) => l.lottery_id },
  { label: "タイトル", cell: (l) => <a href={`/ops/lotteries/${l.lottery_id}`}>{l.title}</a> },
  { label: "アドレス", cell: (l) => `/lottery/${l.name}` },
  {
    label: "期間（東京）",
    short: "期間",
    cell: (l) => `${l.start_at.replace("T", " ")} 〜 ${l.end_at?.replace("T", " ") ?? ""}`,
  },
  { label: "回数", cell: (l) => PLAY_CONDITIONS[l.play_condition_type] },
  { label: "景品", cell: (l) => `${l.prize_count}種` },
  {
    label: "状態",
    cell: (l) =>
      l.running ? <span className="catalog-state catalog-state--published">開催中</span> : "—",
  },
];

/** /ops/lotteries: the lotteries, the latest start first. */
export default function OpsLotteries({ loaderData }: Route.ComponentProps) {
  const { query, list, mayWrite } = loaderData;
  return (
    <>
      <h1 className="ops-title">くじ管理</h1>
      <ExtrasNav />
      <ExtrasListPanel
        base="/ops/lotteries"
        q={query.q}
        add={mayWrite ? { to: "/ops/lotteries/new", label: "くじを追加する" } : null}
        heading="くじ"
        empty="くじはありません"
        list={list}
        columns={COLUMNS}
        rowKey={(l) => l.lottery_id}
      />
    </>
  );
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
