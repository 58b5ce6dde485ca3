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
  // The drawer's and the search dialog's code (and their stylesheets, whose arrival restyles the
  // whole page) are fetched at the reader's first touch, key or pointer movement, before the
  // tap that opens them lands, not while the page loads (decision 0082).
  useEffect(() => {
    const intents = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin"] as const;
    const prefetch = () => {
      for (const type of intents) window.removeEventListener(type, prefetch, true);
      loadDrawer().catch(() => {});
      loadSearch().catch(() => {});
    };
    for (const type of intents)
      window.addEventListener(type, prefetch, { capture: true, passive: true });
    return () => {
      for (const type of intents) window.removeEventListener(type, prefetch, true);
    };
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
