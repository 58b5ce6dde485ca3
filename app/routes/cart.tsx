import { CartScreen } from "../features/cart/CartScreen";
import { loadCart } from "../features/cart/cart.server";
import { requireMember } from "../lib/member.server";
import type { Route } from "./+types/cart";

export function meta() {
  return [{ title: "カート | コマヤ" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = requireMember(context, request);
  return loadCart(context, member.userId, request);
}

/** The loader's word that a render telling of volumes taken out is not kept (decision 0080). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <CartScreen initial={loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
