import { Outlet } from "react-router";
import { StoreFrame } from "../features/shell/StoreFrame";

/** No-button layout (spec 001 §2.2): the header without its buttons, for sign-up, login and errors. */
export default function NoButtonLayout() {
  return (
    <StoreFrame header="no-button" footer="no-tabs">
      <Outlet />
    </StoreFrame>
  );
}
