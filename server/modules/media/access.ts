/**
 * Who may see a page of a volume (DESIGN.md "The API"): its owner every page; anyone the trial
 * pages (campaigns may extend them); anyone every page of a volume that reads free for them
 * (free, campaign-free, member-free for members — visitors get no free volume from the
 * member-free volume number up). The server decides, never the page.
 */
export interface PageRules {
  page: number;
  pageCount: number;
  trialPageCount: number;
  readsFree: boolean;
}

export type PageVerdict = "trial" | "free" | "owned" | "not-found" | "forbidden";

export function pageVerdict(rules: PageRules, owns: boolean): PageVerdict {
  if (rules.page < 1 || rules.page > rules.pageCount) return "not-found";
  if (owns) return "owned";
  if (rules.page <= rules.trialPageCount) return "trial";
  if (rules.readsFree) return "free";
  return "forbidden";
}
