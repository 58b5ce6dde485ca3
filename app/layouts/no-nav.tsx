import { Outlet } from "react-router";
import { StoreFrame } from "../features/shell/StoreFrame";

/** Cart and checkout: the header without search and browsing, so buying is not interrupted. */
export default function NoNavLayout() {
  return (
    <StoreFrame header="no-nav" footer="no-tabs">
      <Outlet />
    </StoreFrame>
  );
}
