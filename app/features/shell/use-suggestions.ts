import { useCallback, useEffect, useState } from "react";
import { parseHistory, parseSuggestions, quietPost, type Suggestion } from "./suggest";

export const SUGGEST_DEBOUNCE_MS = 250;

/** Suggestions for what is typed, asked for once typing pauses; earlier calls are cancelled. */
export function useSuggestions(word: string, enabled: boolean): Suggestion[] {
  const [found, setFound] = useState<{ word: string; items: Suggestion[] }>({
    word: "",
    items: [],
  });
  const wd = word.trim();
  useEffect(() => {
    if (!enabled || !wd) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const answer = await quietPost("/api/suggest", { wd }, controller.signal);
      if (!controller.signal.aborted) setFound({ word: wd, items: parseSuggestions(answer) });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wd, enabled]);
  return enabled && wd && found.word === wd ? found.items : [];
}

/** A member's recent search words, fetched when `enabled` turns true; clear() empties them. */
export function useSearchHistory(enabled: boolean) {
  const [words, setWords] = useState<string[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    quietPost("/api/search_history", {}).then((answer) => {
      if (live) setWords(parseHistory(answer));
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  const clear = useCallback(async () => {
    const answer = await quietPost("/api/search_history/clear", {});
    if (answer) setWords([]);
  }, []);
  return { words, clear };
}
