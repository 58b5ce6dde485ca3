import type { SeriesItem } from "../../../contract/items";
import { mediaShape, mediaSrcSet } from "../../../contract/media";
import { type Tracking, trackingValue } from "../../lib/tracking";
import { AppealTags, type CardShow, Cover } from "./CardParts";
import { bookButton, displayName } from "./card-rules";
import { useCardState, useItemFlags } from "./card-state";
import { FavoriteButton } from "./FavoriteButton";
import { TrackedLink } from "./TrackedLink";
import "./cards.css";

/**
 * The series appeal card (spec 000 §2 "Cards"): grey-bordered with its appeal image, otherwise
 * pink-backed; the latest cover links to the series, beside a comment image or a speech bubble
 * with appeal_title and appeal_intro (with an appeal image, the image speaks for it). `staff`
 * puts the staff member's photo by the bubble and `pop` draws it as a shop POP.
 */
export function SeriesAppealCard(props: {
  item: SeriesItem;
  show: CardShow;
  tracking?: Tracking | null;
  variant?: "pickup" | "staff" | "pop";
}) {
  const { item, show, tracking, variant = "pickup" } = props;
  const { isLogin } = useCardState();
  const flags = useItemFlags(item);
  const hasImage = variant !== "staff" && Boolean(item.appeal_img);
  const button = bookButton({ ...item, get_flag: flags.owned }, { isLogin, readOn: true });
  const name = displayName(item);
  const cover = (
    <TrackedLink
      href={item.url}
      tracking={tracking}
      seriesId={item.series_id}
      className="appeal-card__cover"
      ariaLabel={name}
    >
      <Cover src={item.latest_cover || item.img} item={item} show={show} />
    </TrackedLink>
  );
  const title = (
    <TrackedLink
      href={item.url}
      tracking={tracking}
      seriesId={item.series_id}
      className="appeal-card__name"
    >
      {name}
    </TrackedLink>
  );
  const actions = (
    <div className="book-card__actions appeal-card__actions">
      <TrackedLink
        href={button.href}
        tracking={tracking}
        seriesId={item.series_id}
        className={`card-button card-button--${button.kind}`}
      >
        {button.label}
      </TrackedLink>
      <FavoriteButton
        seriesId={item.series_id}
        favorite={flags.favorite}
        source={tracking ? trackingValue(tracking) : ""}
      />
    </div>
  );
  const tags = show.appeal ? <AppealTags tags={item.appeal_tags} /> : null;

  if (hasImage) {
    // Spec 000 §9's 300×248 holds the appeal picture and, under it, the cover beside the name
    // and buttons; the picture carries the appeal words itself (decision 0066).
    return (
      <article className={`appeal-card appeal-card--${variant} appeal-card--image`}>
        <img
          className="appeal-card__image"
          // The picture is drawn 2:1 for this card, so none of its text is cropped away.
          src={mediaShape(item.appeal_img!, "wide")}
          srcSet={mediaSrcSet(mediaShape(item.appeal_img!, "wide"), [320, 480, 640, 960])}
          sizes="(max-width: 767px) 80vw, 300px"
          alt={item.appeal_title ?? ""}
          width={480}
          height={240}
          loading="lazy"
        />
        <div className="appeal-card__foot">
          {cover}
          <div className="appeal-card__side">
            {title}
            {tags}
            {actions}
          </div>
        </div>
      </article>
    );
  }

  return (
    <article className={`appeal-card appeal-card--${variant} appeal-card--plain`}>
      <div className="appeal-card__main">
        {cover}
        <div className="appeal-card__talk">
          {variant === "staff" && item.appeal_img && (
            <img
              className="appeal-card__staff"
              src={item.appeal_img}
              alt=""
              width={56}
              height={56}
              loading="lazy"
            />
          )}
          {item.comment_img && variant !== "staff" ? (
            <img
              className="appeal-card__comment"
              src={item.comment_img}
              alt={item.appeal_title ?? ""}
              width={240}
              height={240}
              loading="lazy"
            />
          ) : (
            <div className="bubble">
              {item.appeal_title && <p className="bubble__title">{item.appeal_title}</p>}
              {item.appeal_intro && <p className="bubble__intro">{item.appeal_intro}</p>}
            </div>
          )}
        </div>
      </div>
      {title}
      {tags}
      {actions}
    </article>
  );
}
