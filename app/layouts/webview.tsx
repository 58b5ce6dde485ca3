import { Outlet } from "react-router";

/** Webview layout: pages shown inside the app's own frame, without the store's header and footer. */
export default function WebviewLayout() {
  return (
    <>
      <div id="top" tabIndex={-1} />
      <main className="page page--webview">
        <Outlet />
      </main>
    </>
  );
}
