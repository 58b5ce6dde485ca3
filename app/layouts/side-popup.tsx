import { Outlet } from "react-router";
import { AppBanner } from "../features/shell/AppBanner";
import { CountdownBars } from "../features/shell/CountdownBars";
import { Sidebar } from "../features/shell/Sidebar";
import { StoreFrame } from "../features/shell/StoreFrame";
import { loadSidebar } from "../features/shell/shell.server";
import { useShell } from "../lib/shell";
import type { Route } from "./+types/side-popup";

export async function loader({ context, request }: Route.LoaderArgs) {
  return { sidebar: await loadSidebar(context, request) };
}

/**
 * Home layout (spec 001 §2.2): on Android and iOS the app banner and the sign-up coupon and
 * special-sale countdown bars; the side column from 960 px up.
 */
export default function SidePopupLayout({ loaderData }: Route.ComponentProps) {
  const { status, user } = useShell();
  const mobile = status.os === "android" || status.os === "ios";
  return (
    <StoreFrame
      top={
        mobile ? (
          <>
            <AppBanner page="home" os={status.os} />
            <CountdownBars
              signupSeconds={user.signup_coupon_expire_seconds}
              saleSeconds={user.special_sale_expire_seconds}
            />
          </>
        ) : null
      }
      sidebar={<Sidebar data={loaderData.sidebar} />}
    >
      <Outlet />
    </StoreFrame>
  );
}
