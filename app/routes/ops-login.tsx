import { redirect } from "react-router";
import { OpsSignIn } from "../features/ops/OpsSignIn";
import { opsReturnTo, signedInToOps } from "../features/ops/ops.server";
import type { Route } from "./+types/ops-login";

export function meta() {
  return [{ title: "運営管理ログイン | コマヤ" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const returnTo = opsReturnTo(new URL(request.url).searchParams.get("return_to"));
  if (await signedInToOps(context, request)) throw redirect(returnTo);
  return { returnTo };
}

export default function OpsLogin({ loaderData }: Route.ComponentProps) {
  return <OpsSignIn returnTo={loaderData.returnTo} />;
}

export { OpsErrorBoundary as ErrorBoundary } from "../features/ops/OpsErrorBoundary";
