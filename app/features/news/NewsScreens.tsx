import { Link } from "react-router";
import {
  IMPORTANT_MARK,
  type NewsDetail,
  type NewsListAnswer,
  showsNew,
} from "../../../contract/news";
import { Html } from "../topic/TopicBlocks";
import "./news.css";

/** The 重要 mark an editor set on a notice. */
export function ImportantMark() {
  return (
    <span className="news__important" data-testid="news-important">
      {IMPORTANT_MARK}
    </span>
  );
}

/** "2026-06-01 10:00" → "2026/06/01". */
const slashDay = (t: string) => t.slice(0, 10).replaceAll("-", "/");

/** /news: the notices a page at a time; NEW on those of the last 7 days not yet read. */
export function NewsListScreen({ answer }: { answer: NewsListAnswer }) {
  const { page, last_page: last } = answer;
  return (
    <section className="news page" aria-labelledby="news-title">
      <h1 id="news-title" className="news__title">
        お知らせ
      </h1>
      {answer.news.length === 0 ? (
        <p className="news__none">お知らせはありません</p>
      ) : (
        <ul className="news__list" data-testid="news-list">
          {answer.news.map((n) => (
            <li key={n.m_news_id}>
              <Link to={`/news_detail?id=${n.m_news_id}`} className="news__item">
                <span className="news__date">
                  {slashDay(n.published_at)}
                  {n.important_flag ? <ImportantMark /> : null}
                  {showsNew(n) ? (
                    <span className="news__new" data-testid="news-new">
                      NEW
                    </span>
                  ) : null}
                </span>
                <span className="news__item-title">{n.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {last > 1 ? (
        <nav className="news__pager" aria-label="ページ">
          {page > 1 ? <Link to={`/news?page=${page - 1}`}>前へ</Link> : <span />}
          <span>
            {page} / {last}
          </span>
          {page < last ? <Link to={`/news?page=${page + 1}`}>次へ</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}

/** /news_detail?id=: one notice with its content. */
export function NewsDetailScreen({ detail }: { detail: NewsDetail }) {
  return (
    <article className="news page" aria-labelledby="news-detail-title">
      <p className="news__date">
        {slashDay(detail.published_at)}
        {detail.important_flag ? <ImportantMark /> : null}
        {detail.new_flag ? <span className="news__new">NEW</span> : null}
      </p>
      <h1 id="news-detail-title" className="news__title">
        {detail.title}
      </h1>
      <div data-testid="news-body">
        <Html className="news__body" html={detail.body} />
      </div>
      <p className="news__back">
        <Link to="/news">お知らせ一覧へ戻る</Link>
      </p>
    </article>
  );
}
