import { Outlet } from "react-router";
import { StoreFrame } from "../features/shell/StoreFrame";

/** Minimal layout (spec 001 §2.2): the logo only. */
export default function BareLayout() {
  return (
    <StoreFrame header="logo" footer="minimal">
      <Outlet />
    </StoreFrame>
  );
}
