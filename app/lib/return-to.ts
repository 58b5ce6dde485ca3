import { sameSitePath } from "../../contract/safe-url";

/** Only same-site paths may be returned to after login, so a link cannot bounce members elsewhere. */
export function safeReturnTo(value: string | null | undefined, fallback = "/"): string {
  return sameSitePath(value) ?? fallback;
}

export function loginUrl(returnTo: string): string {
  return `/login?return_to=${encodeURIComponent(returnTo)}`;
}
