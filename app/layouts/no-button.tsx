import { Outlet } from "react-router";
import { SiteFooter } from "../components/SiteFooter";
import { SiteHeader } from "../components/SiteHeader";
import { useShell } from "../lib/shell";

/** No-button layout (spec 001 §2.2): the header without its buttons, for sign-up, login and errors. */
export default function NoButtonLayout() {
  const { status, user } = useShell();
  return (
    <>
      <SiteHeader status={status} user={user} buttons={false} />
      <main className="page">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
