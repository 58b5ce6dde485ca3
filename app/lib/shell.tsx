import { useRouteLoaderData } from "react-router";
import type { SessionStatus, UserStatus } from "../../contract/status";

export interface ShellState {
  status: SessionStatus;
  user: UserStatus;
}

/** The status and user-status answers the root loader fetched, for any component under it. */
export function useShell(): ShellState {
  const shell = useRouteLoaderData("root") as ShellState | undefined;
  if (!shell) throw new Error("useShell outside the root route");
  return shell;
}
