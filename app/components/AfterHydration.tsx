import { type ReactNode, Suspense, useEffect, useState } from "react";

/**
 * Renders `children` only once the page has hydrated, `placeholder` until then (on the server
 * too). For parts that show nothing before their own fetch (the return popup): their code leaves
 * the first load and their hydration leaves the first long task (decision 0040). The children
 * may be lazy; the placeholder stays while their code arrives.
 */
export function AfterHydration({
  placeholder = null,
  children,
}: {
  placeholder?: ReactNode;
  children: ReactNode;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return placeholder;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
