import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { type ShellAnswer, shellState } from "../../contract/page-clock";
import type { SessionStatus, UserStatus } from "../../contract/status";
import { post } from "./request";

export interface ShellState {
  status: SessionStatus;
  user: UserStatus;
}

interface ShellContext extends ShellState {
  /** The cart's count from a cart call's answer, shown at once by the header badge. */
  setCartCount(count: number): void;
  /**
   * Asks /api/user again after something that moved money (checkout, a cart change): the
   * header's cart badge and the drawer's points and coupon count follow without a reload.
   */
  refreshUser(): Promise<void>;
}

const ShellStateContext = createContext<ShellContext | null>(null);

/**
 * The root loader's status and user status, with what changes without a page load: the cart
 * count after a cart call and the whole user status after checkout. The root loader is not asked
 * again on navigation, so what a call answered stands until the loader answers anew (login,
 * logout); an override belongs to the user status it was made over and drops with it.
 */
export function ShellStateProvider({
  answer,
  children,
}: {
  answer: ShellAnswer;
  children: ReactNode;
}) {
  // One object per answer: an override belongs to the user status it was made over.
  const shell = useMemo(() => shellState(answer), [answer]);
  const [override, setOverride] = useState<{ of: UserStatus; patch: Partial<UserStatus> } | null>(
    null,
  );
  const setCartCount = useCallback(
    (count: number) =>
      setOverride((was) => ({
        of: shell.user,
        patch: { ...(was?.of === shell.user ? was.patch : {}), cart_count: count },
      })),
    [shell.user],
  );
  const refreshUser = useCallback(async () => {
    const answer = await post<UserStatus>("/api/user");
    if (!answer.result) return;
    const { result: _result, error_message: _m, error_url: _u, ...user } = answer;
    setOverride({ of: shell.user, patch: user });
  }, [shell.user]);
  const value = useMemo<ShellContext>(() => {
    const user =
      override && override.of === shell.user ? { ...shell.user, ...override.patch } : shell.user;
    return { status: shell.status, user, setCartCount, refreshUser };
  }, [shell, override, setCartCount, refreshUser]);
  return <ShellStateContext.Provider value={value}>{children}</ShellStateContext.Provider>;
}

/** The status and user-status answers the root loader fetched, for any component under it. */
export function useShell(): ShellContext {
  const shell = useContext(ShellStateContext);
  if (!shell) throw new Error("useShell outside the root route");
  return shell;
}
