import { data } from "react-router";
import { CONTROL_CHARACTER_MESSAGE, controlCharacterPath } from "../../contract/input";
import { searchParamsObject } from "../../contract/search";
import { ApiError } from "../../server/lib/errors";

/**
 * The loaders' half of the typed errors (server/lib/errors.ts): a failure a service or a loader
 * throws becomes the error page of its status (404 for not found or ended, 403, 400 …), the way
 * the API answers it as JSON. Anything else stays an error, a 500.
 */
export function pageFailure(error: unknown): never {
  if (error instanceof ApiError) throw data(error.message, { status: error.status });
  throw error;
}

/** Runs a loader's work, answering typed failures with their error page. */
export async function orPageFailure<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    pageFailure(error);
  }
}

/**
 * The address's query (repeated keys as lists) for a loader that hands its text to the database:
 * a control character anywhere is a 400 page, as the API's input reader refuses it.
 */
export function pageQuery(request: Request): Record<string, string | string[]> {
  const query = searchParamsObject(new URL(request.url).searchParams);
  if (controlCharacterPath(query)) throw data(CONTROL_CHARACTER_MESSAGE, { status: 400 });
  return query;
}
