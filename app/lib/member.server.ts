import { type AppLoadContext, redirect } from "react-router";
import { loginUrl } from "./return-to";

/** Member-only screens send visitors to the login page and back afterwards. */
export function requireMember(context: AppLoadContext, request: Request) {
  const member = context.request.member;
  if (!member) {
    const url = new URL(request.url);
    throw redirect(loginUrl(url.pathname + url.search));
  }
  return member;
}
