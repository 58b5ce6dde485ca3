import { Outlet } from "react-router";
import { StoreFrame } from "../features/shell/StoreFrame";

/**
 * Edit layout (spec 001 §2.2): the frame around the topic editor. The editor, with its JSON area,
 * PC/mobile preview switch and update button, is rendered by the page (app/features/editor), which
 * has the data it edits; this frame gives it the full width and keeps the tab bar out of its way.
 */
export default function EditLayout() {
  return (
    <StoreFrame footer="no-tabs" wide>
      <Outlet />
    </StoreFrame>
  );
}
