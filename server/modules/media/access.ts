/**
 * Who may see a page of a volume (DESIGN.md "The API"): trial pages are for everyone; free
 * volumes are for everyone once released; member-free volumes for members; everything else
 * only for the member who owns it. The server decides, never the page.
 */
export interface PageRules {
  page: number;
  pageCount: number;
  trialPageCount: number;
  freeFlag: boolean;
  memberFreeFlag: boolean;
  released: boolean;
}

export type PageVerdict = "trial" | "free" | "member-free" | "owned" | "not-found" | "forbidden";

export function pageVerdict(
  rules: PageRules,
  viewer: { isMember: boolean; owns: boolean },
): PageVerdict {
  if (rules.page < 1 || rules.page > rules.pageCount) return "not-found";
  if (viewer.owns) return "owned";
  if (rules.page <= rules.trialPageCount) return "trial";
  if (rules.released && rules.freeFlag) return "free";
  if (rules.released && rules.memberFreeFlag && viewer.isMember) return "member-free";
  return "forbidden";
}
