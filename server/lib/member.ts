import type { Context } from "hono";
import { SHELL_PAGES } from "../../contract/status";
import type { AppEnv, SessionMember } from "./context";
import { ApiError } from "./errors";

/**
 * The logged-in member of a member-only call; a visitor gets 401 with the login page as
 * error_url, so the request helper's error dialog sends them there.
 */
export function requireMember(c: Context<AppEnv>, message = "ログインしてください"): SessionMember {
  const member = c.get("member");
  if (!member) throw new ApiError(401, message, { error_url: SHELL_PAGES.login_page });
  return member;
}
