import type { AppLoadContext } from "react-router";
import type { LoginStampsAnswer } from "../../../contract/stamp";
import { stampPage } from "../../../server/pages/stamp";

export function loadStampCard(context: AppLoadContext, userId: number): Promise<LoginStampsAnswer> {
  return stampPage(context.services.db, userId);
}
