/**
 * Which pictures the header uses on a Tokyo date (spec 001 §2.3). Dates are "YYYYMMDD" strings,
 * as in the status answer's `today`, so they compare in calendar order as text.
 */
export const SEASONAL_ICON_FROM = "20231201";
export const SEASONAL_ICON_UNTIL = "20231225";
export const ANIMATED_SIGNUP_FROM = "20210601";

export type LogoIcon = "seasonal" | "regular";
export type SignupIcon = "preview" | "animated" | "static";

export interface HeaderIcons {
  logo: LogoIcon;
  signup: SignupIcon;
}

/** `mode` is the page's _mode query value; "preview" shows the animation being prepared. */
export function headerIcons(today: string, mode: string | null): HeaderIcons {
  const logo: LogoIcon =
    today >= SEASONAL_ICON_FROM && today <= SEASONAL_ICON_UNTIL ? "seasonal" : "regular";
  let signup: SignupIcon = today >= ANIMATED_SIGNUP_FROM ? "animated" : "static";
  if (mode === "preview") signup = "preview";
  return { logo, signup };
}

/** A badge's text: nothing at 0, "99+" above 99 (spec 001 §9). */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? "99+" : String(Math.floor(count));
}
