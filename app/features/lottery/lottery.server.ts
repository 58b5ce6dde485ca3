import type { AppLoadContext } from "react-router";
import { lotteryPage } from "../../../server/pages/lottery";
import { orPageFailure } from "../../lib/page-failure.server";

export type LotteryPageData = Awaited<ReturnType<typeof lotteryPage>>;

export function loadLottery(
  context: AppLoadContext,
  name: string | undefined,
): Promise<LotteryPageData> {
  return orPageFailure(() =>
    lotteryPage(context.services.db, name, context.request.member?.userId ?? null),
  );
}
