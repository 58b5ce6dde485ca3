import type { ReactNode } from "react";

/** An article of the terms or the privacy policy: numbered clauses, some with lettered items. */
export interface Article {
  id: string;
  title: string;
  clauses: Array<string | { text: string; items: string[] }>;
}

function Clause({ clause }: { clause: Article["clauses"][number] }): ReactNode {
  if (typeof clause === "string") return clause;
  return (
    <>
      {clause.text}
      <ol className="info__items">
        {clause.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    </>
  );
}

/** Articles headed 第N条（title), as Japanese terms are written; one clause is not numbered. */
export function Articles({ articles }: { articles: Article[] }) {
  return (
    <>
      {articles.map((article, index) => (
        <section
          key={article.id}
          id={article.id}
          className="info__article"
          aria-labelledby={`${article.id}-title`}
        >
          <h2 id={`${article.id}-title`}>
            第{index + 1}条（{article.title}）
          </h2>
          {article.clauses.length === 1 ? (
            <p>
              <Clause clause={article.clauses[0]!} />
            </p>
          ) : (
            <ol className="info__clauses">
              {article.clauses.map((clause) => (
                <li key={typeof clause === "string" ? clause : clause.text}>
                  <Clause clause={clause} />
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </>
  );
}
