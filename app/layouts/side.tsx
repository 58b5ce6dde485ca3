import { Outlet } from "react-router";
import { AppBanner } from "../features/shell/AppBanner";
import { Sidebar } from "../features/shell/Sidebar";
import { StoreFrame } from "../features/shell/StoreFrame";
import { loadSidebar } from "../features/shell/shell.server";
import { useShell } from "../lib/shell";
import type { Route } from "./+types/side";

export async function loader({ context, request }: Route.LoaderArgs) {
  return { sidebar: await loadSidebar(context, request) };
}

/** Bookshelf layout (spec 001 §2.2): the app banner on mobile; the side column from 960 px up. */
export default function SideLayout({ loaderData }: Route.ComponentProps) {
  const { status } = useShell();
  return (
    <StoreFrame
      top={<AppBanner page="bookshelf" os={status.os} />}
      sidebar={<Sidebar data={loaderData.sidebar} />}
    >
      <Outlet />
    </StoreFrame>
  );
}
