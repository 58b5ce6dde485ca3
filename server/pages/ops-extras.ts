import type { CatalogListQuery } from "../../contract/ops-catalog";
import type { AppServices } from "../lib/context";
import {
  getLottery,
  getNews,
  getStampCard,
  listLotteries,
  listNews,
  listStampCards,
} from "../modules/extras-editor/service";

/**
 * The pages of the news, stamp card and lottery editor (issue 24): what each screen loads, the
 * same answers as the GET calls of /api/ops/news, /stamp-cards and /lotteries. A null id is a
 * new one's empty form.
 */

export const opsNewsList = (services: AppServices, query: CatalogListQuery) =>
  listNews(services.db, query);

export async function opsNewsPage(services: AppServices, id: number | null) {
  return { news: id === null ? null : await getNews(services.db, id) };
}

export const opsStampCardList = (services: AppServices, query: CatalogListQuery) =>
  listStampCards(services.db, query);

export async function opsStampCardPage(services: AppServices, id: number | null) {
  return { card: id === null ? null : await getStampCard(services.db, id) };
}

export const opsLotteryList = (services: AppServices, query: CatalogListQuery) =>
  listLotteries(services.db, query);

export async function opsLotteryPage(services: AppServices, id: number | null) {
  return { lottery: id === null ? null : await getLottery(services.db, id) };
}
