import { useEffect } from "react";
import { useLocation } from "react-router";
import { keepSessionParams } from "../../lib/session-params";

/** Keeps the landing page's utm values in sessionStorage for the session (spec 001 §2.1). */
export function SessionKeeper() {
  const { search } = useLocation();
  useEffect(() => {
    // Marks the page as interactive, so tests (and support staff) can tell it has hydrated.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    try {
      keepSessionParams(search, sessionStorage);
    } catch {
      // Storage may be blocked (private mode settings); tracking values are then not kept.
    }
  }, [search]);
  return null;
}
