/**
 * The detail /error shows from ?message= or ?code=: control characters removed, cut to `max`.
 * It is rendered as text, so markup in it is shown, never run.
 */
export function errorDetail(value: string | null, max: number): string | null {
  if (!value) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
  const clean = value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").trim();
  if (clean === "") return null;
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
