import { ReceiptScreen } from "../features/receipts/ReceiptScreen";
import { loadReceipt } from "../features/receipts/receipts.server";
import { errorMeta } from "../features/seo/seo";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/receipt";

export function meta({ error }: Route.MetaArgs) {
  return errorMeta(error) ?? [{ title: "領収書 | コマヤ" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  return loadReceipt(context, member.userId, request);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <ReceiptScreen answer={loaderData} key={JSON.stringify(loaderData)} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
