import type { LoginStampsAnswer } from "../../contract/stamp";
import type { Db } from "../db/client";
import { loginStamps } from "../modules/stamp/service";

/**
 * /stamp: the same answer as /api/login_stamps, so opening the page presses today's stamp too.
 * The page adds nothing to the module's answer; this is the page's one door to it.
 */
export function stampPage(db: Db, userId: number, now = new Date()): Promise<LoginStampsAnswer> {
  return loginStamps(db, userId, now);
}
