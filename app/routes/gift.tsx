import { GiftScreen } from "../features/gifts/GiftScreen";
import { loadGift } from "../features/gifts/gifts.server";
import type { Route } from "./+types/gift";

export function meta() {
  return [{ title: "ギフトの受け取り | コマヤ" }, { name: "robots", content: "noindex" }];
}

/** The gift's mailed link (decision 0113). Opening it claims nothing; 受け取る does, once. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadGift(context, request);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <GiftScreen {...loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
