import { type AppLoadContext, data } from "react-router";
import { idFromPath } from "../../../contract/row-id";
import { DEFAULT_MEMBER_FREE_VOL, SERIES_USER_DEFAULTS } from "../../../contract/series";
import { featurePage, periodPage, seriesPage, volumePage } from "../../../server/pages/series";
import { FEATURES_PER_PAGE } from "../campaign/list-params";

const NO_SERIES = "お探しの作品は見つかりませんでした";
const NO_VOLUME = "お探しの巻は見つかりませんでした";

function notFound(message: string): never {
  throw data(message, { status: 404 });
}

function viewer(context: AppLoadContext) {
  return {
    userId: context.request.member?.userId ?? null,
    memberFreeVol: DEFAULT_MEMBER_FREE_VOL,
  };
}

/** The series page: its main data as this viewer sees it, and their own data on it. */
export async function loadSeriesPage(context: AppLoadContext, rawId: string | undefined) {
  const seriesId = idFromPath(rawId);
  if (seriesId === null) notFound(NO_SERIES);
  const page = await seriesPage(context.services.db, seriesId, viewer(context), {
    withUserData: true,
  });
  if (!page) notFound(NO_SERIES);
  // The assembler records the member's visit (最近チェックしたマンガ); recording it here too
  // wrote series_views twice per view.
  return {
    main: page.main,
    user: page.user ?? SERIES_USER_DEFAULTS,
    isLogin: context.request.member !== null,
  };
}

export async function loadVolumePage(
  context: AppLoadContext,
  rawSeriesId: string | undefined,
  rawBookId: string | undefined,
) {
  const seriesId = idFromPath(rawSeriesId);
  const bookId = idFromPath(rawBookId);
  if (seriesId === null) notFound(NO_SERIES);
  if (bookId === null) notFound(NO_VOLUME);
  const page = await volumePage(context.services.db, { seriesId, bookId }, viewer(context));
  if (!page) notFound(NO_VOLUME);
  return { ...page, isLogin: context.request.member !== null };
}

export async function loadPeriodPage(context: AppLoadContext, url: URL) {
  const seriesId = idFromPath(url.searchParams.get("series"));
  const bookId = idFromPath(url.searchParams.get("book"));
  if (seriesId === null || bookId === null) notFound(NO_VOLUME);
  const page = await periodPage(context.services.db, { seriesId, bookId }, viewer(context));
  if (!page) notFound(NO_VOLUME);
  return { ...page, isLogin: context.request.member !== null };
}

/** /feature: the store's feature articles, newest sections first. */
export async function loadFeaturePage(context: AppLoadContext, page: number) {
  const { features, total } = await featurePage(context.services.db, {
    limit: FEATURES_PER_PAGE,
    offset: (page - 1) * FEATURES_PER_PAGE,
  });
  return {
    features,
    total,
    totalPage: Math.max(1, Math.ceil(total / FEATURES_PER_PAGE)),
  };
}
