import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation } from "react-router";
import type { ShellState } from "../../lib/shell";
import { track } from "../analytics/track";
import "./overlay.css";

// The drawer and the dialog are needed only once the reader asks for them, so their code stays
// out of the first download and is fetched while the browser is idle.
const loadDrawer = () => import("./MemberDrawer");
const loadSearch = () => import("./SearchDialog");
const MemberDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MemberDrawer })));
const SearchDialog = lazy(() => loadSearch().then((m) => ({ default: m.SearchDialog })));

export interface ShellUi {
  searchOpen: boolean;
  drawerOpen: boolean;
  openSearch(): void;
  closeSearch(): void;
  openDrawer(): void;
  closeDrawer(): void;
}

const closed: ShellUi = {
  searchOpen: false,
  drawerOpen: false,
  openSearch() {},
  closeSearch() {},
  openDrawer() {},
  closeDrawer() {},
};

const ShellUiContext = createContext<ShellUi>(closed);

/** Opens and closes the search dialog and the member drawer from anywhere in the page. */
export function useShellUi(): ShellUi {
  return useContext(ShellUiContext);
}

/**
 * Holds the page-wide overlays: one search dialog and one drawer, never both at once. Without
 * shell state (a failed root loader) they stay closed.
 */
export function ShellUiProvider({
  shell,
  children,
}: {
  shell: ShellState | undefined;
  children: ReactNode;
}) {
  const [open, setOpen] = useState<"search" | "drawer" | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const { pathname, search } = useLocation();
  useEffect(() => {
    const prefetch = () => {
      loadDrawer().catch(() => {});
      loadSearch().catch(() => {});
    };
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(prefetch, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(prefetch, 1500);
    return () => clearTimeout(timer);
  }, []);
  // Following a link from the drawer or dialog lands on a page with both closed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new address
  useEffect(() => {
    setOpen(null);
  }, [pathname, search]);
  // However the drawer closes (its button, Esc, a link, the backdrop), it is one open and one close.
  const drawerWasOpen = useRef(false);
  useEffect(() => {
    const drawerOpen = open === "drawer";
    if (drawerOpen !== drawerWasOpen.current)
      track(drawerOpen ? "open" : "close", { category: "drawer" });
    drawerWasOpen.current = drawerOpen;
  }, [open]);
  const ui = useMemo<ShellUi>(
    () => ({
      searchOpen: open === "search",
      drawerOpen: open === "drawer",
      openSearch: () => setOpen("search"),
      closeSearch: close,
      openDrawer: () => setOpen("drawer"),
      closeDrawer: close,
    }),
    [open, close],
  );
  return (
    <ShellUiContext.Provider value={ui}>
      {children}
      <Suspense fallback={null}>
        {shell && open === "search" ? <SearchDialog shell={shell} onClose={close} /> : null}
        {shell && open === "drawer" ? <MemberDrawer shell={shell} onClose={close} /> : null}
      </Suspense>
    </ShellUiContext.Provider>
  );
}
