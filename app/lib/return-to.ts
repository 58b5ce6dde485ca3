/** Only same-site paths may be returned to after login, so a link cannot bounce members elsewhere. */
export function safeReturnTo(value: string | null | undefined, fallback = "/"): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}

export function loginUrl(returnTo: string): string {
  return `/login?return_to=${encodeURIComponent(returnTo)}`;
}
