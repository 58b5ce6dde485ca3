import type { AppLoadContext } from "react-router";
import { sidebarPart } from "../../../server/pages/sidebar";
import type { SidebarData } from "./sidebar-data";
import { currentGenre } from "./use-menu";

export function loadSidebar(context: AppLoadContext, request: Request): Promise<SidebarData> {
  const genre = currentGenre(new URL(request.url).searchParams.get("genre"));
  return sidebarPart(context.services.db, genre);
}
