import { Link } from "react-router";
import type { SeriesInfo } from "../../../contract/series";

/** Authors with their roles, each linking to their other works (/search?at=). */
export function SeriesCredits({ authors }: { authors: SeriesInfo["authors"] }) {
  return (
    <ul className="series-credits">
      {authors.map((a) => (
        <li key={`${a.author_id}-${a.role}`}>
          <span className="series-credits__role">{a.role}</span>
          <Link to={`/search?at=${a.author_id}`}>{a.name}</Link>
        </li>
      ))}
    </ul>
  );
}

/** The publisher and label rows of a series' fact list, each linking to its search. */
export function PublisherFacts({ series }: { series: SeriesInfo }) {
  return (
    <>
      <dt>出版社</dt>
      <dd>
        <Link to={`/search?pb=${series.publisher_id}`}>{series.publisher_name}</Link>
      </dd>
      {series.label && (
        <>
          <dt>レーベル</dt>
          <dd>
            <Link to={`/search?lb=${series.label.label_id}`}>{series.label.name}</Link>
          </dd>
        </>
      )}
    </>
  );
}
