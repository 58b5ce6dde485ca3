import { type ReactNode, Suspense, startTransition, useEffect, useState } from "react";
import { whenIdle } from "../lib/idle";

/**
 * Renders `children` only once the page has hydrated and the browser is idle, `placeholder`
 * until then (on the server too). For parts that show nothing before their own fetch (the return
 * popup): their code leaves the first load and their hydration leaves the first long task
 * (decision 0040); their render is a transition in an idle moment, never a synchronous render
 * in the task of hydration's effects (decision 0082). The children may be lazy; the placeholder
 * stays while their code arrives.
 */
export function AfterHydration({
  placeholder = null,
  children,
}: {
  placeholder?: ReactNode;
  children: ReactNode;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setHydrated(true))), []);
  if (!hydrated) return placeholder;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
