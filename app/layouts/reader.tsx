import { Outlet } from "react-router";

/**
 * The reader's own layout (decision 0020): nothing of the store's frame, the page fills the
 * window; the reader's toolbar leads back to the series.
 */
export default function ReaderLayout() {
  return (
    <main className="reader-layout">
      <Outlet />
    </main>
  );
}
