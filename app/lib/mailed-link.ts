/**
 * The token of a mailed link's page (decisions 0050, 0051), or null for a link without a usable
 * one. The server decides whether it is good when the page posts it.
 */
export function linkToken(request: Request): string | null {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return token.length > 0 && token.length <= 200 ? token : null;
}
