// Answers of the news calls (spec 001 §3 News, §7.4 /api/news, /api/news/{id}, §9 nr cookie).

export interface NewsListItem {
  m_news_id: number;
  title: string;
  /** The 重要 mark an editor set: shown before the title on /news and /home. */
  important_flag: boolean;
  /** Tokyo time "2026-06-01 10:00". */
  published_at: string;
  /** Published within the last 7 days. */
  new_flag: boolean;
  /** In the nr cookie: the member or visitor opened it lately; the NEW mark is not shown. */
  read_flag: boolean;
}

/**
 * The NEW mark, on /news and /home alike: a notice published within the last 7 days that this
 * browser has not opened lately (its id is not in the nr cookie, spec 001 §9).
 */
export function showsNew(item: Pick<NewsListItem, "new_flag" | "read_flag">): boolean {
  return item.new_flag && !item.read_flag;
}

export interface NewsListAnswer {
  result: true;
  news: NewsListItem[];
  page: number;
  last_page: number;
  total: number;
}

export interface NewsDetail {
  m_news_id: number;
  title: string;
  /** Simple markup (<p>, <a>, <br>), rendered by the safe topic-text renderer. */
  body: string;
  published_at: string;
  new_flag: boolean;
  important_flag: boolean;
}

/** The mark's text, the same on every list. */
export const IMPORTANT_MARK = "重要";

export interface NewsDetailAnswer {
  result: true;
  detail: NewsDetail;
}
