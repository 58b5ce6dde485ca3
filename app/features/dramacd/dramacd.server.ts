import { type AppLoadContext, data } from "react-router";
import { dramaCdListInput } from "../../../contract/dramacd";
import { idFromPath } from "../../../contract/row-id";
import { dramaCdList, dramaCdPage } from "../../../server/pages/dramacd";

const NO_CD = "お探しのドラマCDは見つかりませんでした";

/** /doramacd?label=&cast=&content=&page=: a bad key is a 400 naming it, as in the API. */
export async function loadDramaCdList(context: AppLoadContext, url: URL) {
  const parsed = dramaCdListInput.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    throw data(parsed.error.issues[0]?.message ?? "条件が正しくありません", { status: 400 });
  }
  const member = context.request.member;
  const list = await dramaCdList(context.services.db, parsed.data, member?.userId ?? null);
  if (!list) throw data("お探しの特集は見つかりませんでした", { status: 404 });
  return { list, isLogin: member !== null };
}

export async function loadDramaCdPage(context: AppLoadContext, rawId: string | undefined) {
  const cdId = idFromPath(rawId);
  if (cdId === null) throw data(NO_CD, { status: 404 });
  const member = context.request.member;
  const page = await dramaCdPage(context.services.db, cdId, member?.userId ?? null);
  if (!page) throw data(NO_CD, { status: 404 });
  return { page, isLogin: member !== null };
}
