/**
 * Every page is also reachable with a .html suffix (spec 001 §2.1): /home.html is /home and
 * /index.html (or /x/index.html) is / (or /x/). The router knows pages by their plain path.
 */
export function withoutHtmlSuffix(pathname: string): string {
  if (!pathname.endsWith(".html")) return pathname;
  if (pathname.endsWith("/index.html")) return pathname.slice(0, -"index.html".length);
  return pathname.slice(0, -".html".length);
}
