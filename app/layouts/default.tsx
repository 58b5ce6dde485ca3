import { Outlet, useLocation } from "react-router";
import { StoreFrame } from "../features/shell/StoreFrame";
import { WorkspaceBadge } from "../features/shell/WorkspaceBadge";
import { useShell } from "../lib/shell";

/** Standard layout (spec 001 §2.2); on the /debug pages it also shows the staff workspace. */
export default function DefaultLayout() {
  const { user } = useShell();
  const { pathname } = useLocation();
  const debug = pathname === "/debug" || pathname.startsWith("/debug/");
  return (
    <StoreFrame>
      <Outlet />
      {debug ? <WorkspaceBadge workspace={user.workspace} /> : null}
    </StoreFrame>
  );
}
