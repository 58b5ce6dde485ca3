import { Outlet } from "react-router";
import { StoreFrame } from "../features/shell/StoreFrame";

/** Maintenance layout: the logo only, so nothing links into a store that is down. */
export default function MaintenanceLayout() {
  return (
    <StoreFrame header="logo" footer="copyright">
      <Outlet />
    </StoreFrame>
  );
}
