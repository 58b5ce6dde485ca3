import { useEffect, useState } from "react";

/**
 * False in the server-rendered page until React has taken it over. Buttons whose work needs
 * scripts stay disabled until then, so an early click is not lost or sent as a plain form.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
