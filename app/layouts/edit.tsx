import { Outlet } from "react-router";
import { SiteFooter } from "../components/SiteFooter";
import { SiteHeader } from "../components/SiteHeader";
import { useShell } from "../lib/shell";

/** Layout "edit" (spec 001 §2.2). */
export default function EditLayout() {
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
