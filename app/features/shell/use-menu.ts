import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { isGenreId } from "../../../contract/genres";
import type { MenuAnswer } from "../../../contract/menu";
import type { SessionStatus } from "../../../contract/status";
import { get, post } from "../../lib/request";

/** The genre the reader is browsing: ?genre= when it names one, else 総合 (1). */
export function currentGenre(value: string | null): number {
  const n = Number(value);
  return isGenreId(n) ? n : 1;
}

export function useCurrentGenre(): number {
  const [params] = useSearchParams();
  return currentGenre(params.get("genre"));
}

const answers = new Map<string, Promise<MenuAnswer | null>>();

/**
 * The menu answer for a genre (spec 001 §4 "Cache mode"): the shared, cacheable call with the
 * status's cache key when use_cache is on, the personal call otherwise; one call per page life.
 */
export function loadMenu(
  status: Pick<SessionStatus, "use_cache" | "cache_key">,
  genre: number,
): Promise<MenuAnswer | null> {
  const key = status.use_cache ? `shared:${status.cache_key}:${genre}` : `personal:${genre}`;
  let pending = answers.get(key);
  if (!pending) {
    const call = status.use_cache
      ? get<MenuAnswer>(`/api/shared/menu?k=${encodeURIComponent(status.cache_key)}&genre=${genre}`)
      : post<MenuAnswer>("/api/personal/menu", { genre });
    pending = call.then((answer) => {
      if (answer.result) return answer;
      answers.delete(key);
      return null;
    });
    answers.set(key, pending);
  }
  return pending;
}

/** Loads the menu once `wanted` turns true (the drawer or dialog opened). */
export function useMenu(
  status: Pick<SessionStatus, "use_cache" | "cache_key">,
  genre: number,
  wanted: boolean,
): { menu: MenuAnswer | null; loading: boolean } {
  const [state, setState] = useState<{ key: string; menu: MenuAnswer | null } | null>(null);
  const key = `${status.use_cache}:${status.cache_key}:${genre}`;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadMenu(status, genre).then((menu) => {
      if (live) setState({ key, menu });
    });
    return () => {
      live = false;
    };
  }, [wanted, key, status, genre]);
  const current = state?.key === key ? state.menu : null;
  return { menu: current, loading: wanted && state?.key !== key };
}
