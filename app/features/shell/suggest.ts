import { readCookie } from "../../lib/cookies";
import { CSRF_COOKIE, CSRF_HEADER } from "../../lib/request";

/**
 * Search suggestions and history are a convenience: when their calls fail or are missing the
 * text box just shows nothing, so they bypass the request helper's error dialog.
 */
export async function quietPost(
  url: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<Record<string, unknown> | null> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Content-Type": "application/json",
  };
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify(body ?? {}),
      credentials: "same-origin",
      signal: signal ?? AbortSignal.timeout(16_000),
    });
    if (!response.ok) return null;
    const data: unknown = await response.json();
    if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
    return (data as Record<string, unknown>).result === true
      ? (data as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export type SuggestionKind = "series" | "author" | "tag" | "word";

export interface Suggestion {
  kind: SuggestionKind;
  label: string;
  href: string;
}

export const SUGGESTION_LIMIT = 10;

/** The small tag shown beside a suggestion that is not a plain word. */
export const SUGGESTION_KIND_LABEL: Record<SuggestionKind, string | null> = {
  series: "作品",
  author: "作者",
  tag: "タグ",
  word: null,
};

const LIST_FIELDS = ["suggestions", "suggest", "series", "words", "data", "items", "history"];

/** The first list in an answer, wherever the call put it. */
function listIn(answer: Record<string, unknown> | null): unknown[] {
  if (!answer) return [];
  for (const field of LIST_FIELDS) {
    const value = answer[field];
    if (Array.isArray(value)) return value;
    if (value && typeof value === "object") {
      const inner = listIn(value as Record<string, unknown>);
      if (inner.length > 0) return inner;
    }
  }
  return [];
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/** Only addresses inside the store are followed from a suggestion. */
const localPath = (value: unknown) => {
  const path = text(value);
  return path?.startsWith("/") && !path.startsWith("//") ? path : null;
};

const searchFor = (word: string) => `/search?wd=${encodeURIComponent(word)}`;

function toSuggestion(entry: unknown): Suggestion | null {
  const word = text(entry);
  if (word) return { kind: "word", label: word, href: searchFor(word) };
  if (!entry || typeof entry !== "object") return null;
  const e = entry as Record<string, unknown>;
  const name = text(e.name) ?? text(e.title) ?? text(e.series_name);
  const seriesId = Number(e.series_id ?? (e.type === "series" ? e.id : undefined));
  if (Number.isInteger(seriesId) && seriesId > 0 && name) {
    return { kind: "series", label: name, href: `/series/${seriesId}?_tr=suggest` };
  }
  const kind: SuggestionKind = e.type === "author" ? "author" : e.type === "tag" ? "tag" : "word";
  const label = text(e.word) ?? text(e.keyword) ?? name;
  if (!label) return null;
  return { kind, label, href: localPath(e.url) ?? searchFor(label) };
}

/** Suggestions from a /api/suggest answer: series to their page (with _tr=suggest), the rest to a search. */
export function parseSuggestions(answer: Record<string, unknown> | null): Suggestion[] {
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  for (const entry of listIn(answer)) {
    const s = toSuggestion(entry);
    if (!s || seen.has(s.href)) continue;
    seen.add(s.href);
    out.push(s);
    if (out.length === SUGGESTION_LIMIT) break;
  }
  return out;
}

/** Past search words from a /api/search_history answer, newest first as sent. */
export function parseHistory(answer: Record<string, unknown> | null): string[] {
  return parseSuggestions(answer).map((s) => s.label);
}
