import type { Tx } from "../db/client";
import { forgetBookshelf } from "../modules/bookshelf/service";
import { forgetMemberCommerce } from "../modules/commerce/service";
import { forgetMemberLibrary } from "../modules/library/service";
import { forgetStandingOrders } from "../modules/preorders/service";
import { forgetNotices } from "../modules/volume-notices/service";

/**
 * What a leaving member's data becomes, module by module, inside the leave transaction:
 * personal lists are deleted, while orders, payments and the point ledger stay for accounting.
 * It draws on modules above account, so the account routes get it from the router registry.
 */
export async function forgetMemberPersonalData(tx: Tx, userId: number): Promise<void> {
  await forgetMemberCommerce(tx, userId);
  await forgetMemberLibrary(tx, userId);
  await forgetBookshelf(tx, userId);
  await forgetNotices(tx, userId);
  // Nothing is bought for a member who left: reservations end, automatic purchase stops.
  await forgetStandingOrders(tx, userId);
}
