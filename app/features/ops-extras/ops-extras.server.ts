import type { AppLoadContext } from "react-router";
import { catalogListQuery } from "../../../contract/ops-catalog";
import { roleMay } from "../../../contract/ops-roles";
import { idFromPath } from "../../../contract/row-id";
import { NotFound } from "../../../server/lib/errors";
import { parseInput } from "../../../server/lib/input";
import {
  opsLotteryList,
  opsLotteryPage,
  opsNewsList,
  opsNewsPage,
  opsStampCardList,
  opsStampCardPage,
} from "../../../server/pages/ops-extras";
import { orPageFailure, pageQuery } from "../../lib/page-failure.server";
import { requireOpsRight } from "../ops/ops.server";

/**
 * The news, stamp card and lottery editor's pages (issue 24). Each asks for ops.read first, as
 * the calls do, and says whether the staff member may save (content.write), so a support member
 * reads the forms without buttons that would only be refused.
 */

const idOr404 = (raw: string | undefined, message: string) => {
  if (raw === undefined) return null;
  const id = idFromPath(raw);
  if (id === null) throw new NotFound(message);
  return id;
};

async function reader(context: AppLoadContext, request: Request) {
  const staff = await requireOpsRight(context, request, "ops.read");
  return { mayWrite: roleMay(staff.role, "content.write") };
}

function listLoader<T>(
  list: (services: AppLoadContext["services"], query: ReturnType<typeof readQuery>) => Promise<T>,
) {
  return async (context: AppLoadContext, request: Request) => {
    const { mayWrite } = await reader(context, request);
    return orPageFailure(async () => {
      const query = readQuery(request);
      return { query, mayWrite, list: await list(context.services, query) };
    });
  };
}

const readQuery = (request: Request) => parseInput(catalogListQuery, pageQuery(request));

function pageLoader<T>(
  page: (services: AppLoadContext["services"], id: number | null) => Promise<T>,
  notFound: string,
) {
  return async (context: AppLoadContext, request: Request, rawId: string | undefined) => {
    const { mayWrite } = await reader(context, request);
    return orPageFailure(async () => ({
      mayWrite,
      ...(await page(context.services, idOr404(rawId, notFound))),
    }));
  };
}

export const loadNewsList = listLoader(opsNewsList);
export const loadNews = pageLoader(opsNewsPage, "お知らせが見つかりませんでした");
export const loadStampCardList = listLoader(opsStampCardList);
export const loadStampCard = pageLoader(opsStampCardPage, "スタンプカードが見つかりませんでした");
export const loadLotteryList = listLoader(opsLotteryList);
export const loadLottery = pageLoader(opsLotteryPage, "くじが見つかりませんでした");
