import type { FeatureItem } from "../../../contract/items";
import type { Tracking } from "../../lib/tracking";
import { featureReadButton } from "./card-rules";
import { ExpandableText } from "./ExpandableText";
import { TrackedLink } from "./TrackedLink";
import "./cards.css";

/**
 * Feature card (spec 000 §2): image, tag, title, description, series name and an optional read
 * button. Defaults of spec 000 §9: title and more on, read and action off.
 */
export function FeatureCard(props: {
  item: FeatureItem;
  tracking?: Tracking | null;
  title?: boolean;
  more?: boolean;
  read?: boolean;
  action?: boolean;
  vertical?: boolean;
}) {
  const { item, tracking, title = true, more = true, read = false, action = false } = props;
  const button = featureReadButton(item);
  return (
    <article className={props.vertical ? "feature-card feature-card--vertical" : "feature-card"}>
      <TrackedLink
        href={item.url}
        tracking={tracking}
        seriesId={item.series_id}
        className="feature-card__image"
      >
        {/* The image is a link of its own, so its text names where it goes. */}
        <img
          src={item.img}
          alt={item.title || item.series_name || "特集"}
          width={660}
          height={340}
          loading="lazy"
          decoding="async"
        />
      </TrackedLink>
      <div className="feature-card__body">
        {item.feature_tag && <span className="feature-card__tag">{item.feature_tag}</span>}
        {title && (
          <TrackedLink
            href={item.url}
            tracking={tracking}
            seriesId={item.series_id}
            className="feature-card__title"
          >
            {item.title}
          </TrackedLink>
        )}
        {more && <ExpandableText text={item.description} />}
        {item.series_name && <p className="feature-card__series">{item.series_name}</p>}
        {(read || action) && (
          <div className="book-card__actions">
            {read && item.series_id !== null && (
              <TrackedLink
                href={button.href}
                tracking={tracking}
                seriesId={item.series_id}
                className={`card-button card-button--${button.kind}`}
              >
                {button.label}
              </TrackedLink>
            )}
            {action && (
              <TrackedLink
                href={item.url}
                tracking={tracking}
                seriesId={item.series_id}
                className="card-button card-button--detail"
              >
                特集を見る
              </TrackedLink>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
