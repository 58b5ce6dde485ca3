import type { Tx } from "../../db/client";
import { forgetBookshelf } from "../bookshelf/service";
import { forgetMemberCommerce } from "../commerce/service";
import { forgetMemberLibrary } from "../library/service";

/**
 * What a leaving member's data becomes, module by module, inside the leave transaction:
 * personal lists are deleted, while orders, payments and the point ledger stay for accounting.
 */
export async function forgetMemberPersonalData(tx: Tx, userId: number): Promise<void> {
  await forgetMemberCommerce(tx, userId);
  await forgetMemberLibrary(tx, userId);
  await forgetBookshelf(tx, userId);
}
