import { data } from "react-router";
import { paymentReference } from "../../contract/checkout";
import { SandboxConfirm } from "../features/checkout/SandboxConfirm";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/payment-confirm";

export function meta() {
  return [{ title: "本人認証 | コマヤ" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  const asked = paymentReference.safeParse({
    reference: new URL(request.url).searchParams.get("reference") ?? undefined,
  });
  if (!asked.success) throw data("お支払いの確認情報が見つかりませんでした", { status: 404 });
  return { reference: asked.data.reference };
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <SandboxConfirm reference={loaderData.reference} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
