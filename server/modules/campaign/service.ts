import { and, count, gt, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { campaigns } from "./schema";

/** Running campaigns that make something free or cheaper: the menu's free_and_sale_count. */
export async function freeAndSaleCount(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(campaigns)
    .where(
      and(
        lte(campaigns.startAt, now),
        or(isNull(campaigns.endAt), gt(campaigns.endAt, now)),
        or(campaigns.freeFlag, campaigns.saleFlag),
      ),
    );
  return row?.n ?? 0;
}
