import { sameSitePath } from "../../contract/safe-url";
import { SHELL_PAGES } from "../../contract/status";

/** Only same-site paths may be returned to after login, so a link cannot bounce members elsewhere. */
export function safeReturnTo(value: string | null | undefined, fallback = "/"): string {
  return sameSitePath(value) ?? fallback;
}

export function loginUrl(returnTo: string): string {
  return `/login?return_to=${encodeURIComponent(returnTo)}`;
}

/** Sign-up that brings the new member back to `returnTo` (the volume they were offered). */
export function signupUrl(returnTo: string): string {
  return `${SHELL_PAGES.signup_page}?return_to=${encodeURIComponent(returnTo)}`;
}
