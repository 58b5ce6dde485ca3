import type { AppLoadContext } from "react-router";
import type { LoginStampsAnswer } from "../../../contract/stamp";
import { loginStamps } from "../../../server/modules/stamp/service";

/** /stamp: the same answer as /api/login_stamps, so opening the page presses today's stamp too. */
export function loadStampCard(context: AppLoadContext, userId: number): Promise<LoginStampsAnswer> {
  return loginStamps(context.services.db, userId, new Date());
}
