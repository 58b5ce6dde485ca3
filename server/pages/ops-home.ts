import type { AppServices } from "../lib/context";
import { homeEditor, homeEditorTabs } from "../modules/home-editor/service";

/**
 * The pages of the home-layout editor (issue 24): the same answers as the GET calls of
 * /api/ops/home.
 */
export const opsHomeTabs = (services: AppServices) => homeEditorTabs(services.db);

export const opsHomeEditor = (services: AppServices, genre: number) =>
  homeEditor(services.db, genre);
