import { Outlet } from "react-router";
import { SiteFooter } from "../components/SiteFooter";
import { SiteHeader } from "../components/SiteHeader";
import { useShell } from "../lib/shell";

/** Layout "navbar" (spec 001 §2.2). */
export default function NavbarLayout() {
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
