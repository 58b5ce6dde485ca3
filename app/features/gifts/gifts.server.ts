import type { AppLoadContext } from "react-router";
import { giftPage } from "../../../server/pages/gifts";
import { linkToken } from "../../lib/mailed-link";

/** /gift?token=…: the mailed gift link, for whoever opens it (signed in or not). */
export async function loadGift(context: AppLoadContext, request: Request) {
  const token = linkToken(request);
  const member = context.request.member;
  const answer = await giftPage(context.services.db, token, member?.userId ?? null, new Date());
  return { token, answer, returnTo: `/gift?token=${encodeURIComponent(token ?? "")}` };
}
