import { Outlet } from "react-router";
import { SiteFooter } from "../components/SiteFooter";
import { SiteHeader } from "../components/SiteHeader";
import { useShell } from "../lib/shell";

/** Standard layout: header, body, footer. */
export default function DefaultLayout() {
  const { status, user } = useShell();
  return (
    <>
      <SiteHeader status={status} user={user} />
      <main className="page">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
