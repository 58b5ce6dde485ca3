import { storeNameProblem } from "../../contract/reserved-names";
import { BadInput } from "./errors";

/**
 * Refuses a nickname or a review title that speaks as the store (decision 0053), with a 400
 * naming the field. Staff are the store and may.
 */
export function refuseStoreNames(
  userType: string,
  chosen: { nickname?: string | null; title?: string | null },
): void {
  const problem = storeNameProblem(userType, chosen);
  if (problem) throw new BadInput(problem.field, `${problem.field}: ${problem.message}`);
}
