import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import type { SessionStatus, UserStatus } from "../../contract/status";

export interface ShellState {
  status: SessionStatus;
  user: UserStatus;
}

interface ShellContext extends ShellState {
  /** The cart's count from a cart call's answer, shown at once by the header badge. */
  setCartCount(count: number): void;
}

const ShellStateContext = createContext<ShellContext | null>(null);

/**
 * The root loader's status and user status, with the one thing that changes without a page
 * load: the cart count after a cart call. The root loader is not asked again on navigation, so
 * the count answered by the call stands until the loader answers anew (login, logout).
 */
export function ShellStateProvider({
  shell,
  children,
}: {
  shell: ShellState;
  children: ReactNode;
}) {
  const [cart, setCart] = useState<{ of: UserStatus; count: number } | null>(null);
  const setCartCount = useCallback(
    (count: number) => setCart({ of: shell.user, count }),
    [shell.user],
  );
  const value = useMemo<ShellContext>(() => {
    const user =
      cart && cart.of === shell.user ? { ...shell.user, cart_count: cart.count } : shell.user;
    return { status: shell.status, user, setCartCount };
  }, [shell, cart, setCartCount]);
  return <ShellStateContext.Provider value={value}>{children}</ShellStateContext.Provider>;
}

/** The status and user-status answers the root loader fetched, for any component under it. */
export function useShell(): ShellContext {
  const shell = useContext(ShellStateContext);
  if (!shell) throw new Error("useShell outside the root route");
  return shell;
}
