import type { SeriesItem } from "../../../contract/items";
import type { Tracking } from "../../lib/tracking";
import { trackingValue } from "../../lib/tracking";
import { AppealTags, Authors, CampaignLabels, type CardShow, Cover } from "./CardParts";
import { bookButton, displayName } from "./card-rules";
import { useCardState, useItemFlags } from "./card-state";
import { ExpandableText } from "./ExpandableText";
import { FavoriteButton } from "./FavoriteButton";
import { TrackedLink } from "./TrackedLink";
import "./cards.css";

export interface BookCardProps {
  item: SeriesItem;
  show: CardShow;
  tracking?: Tracking | null;
  /** tile: cover and a few lines (grids, strips); row: cover beside text (rankings, pickups). */
  variant?: "tile" | "row";
  withFavorite?: boolean;
  withDescription?: boolean;
  /** The card is on the first screen, so its cover may be the largest paint. */
  onFirstScreen?: boolean;
}

/** A series or volume card with the reading button of spec 000 §4. */
export function BookCard({
  item,
  show,
  tracking,
  variant = "tile",
  withFavorite = false,
  withDescription = false,
  onFirstScreen = false,
}: BookCardProps) {
  const { isLogin } = useCardState();
  const flags = useItemFlags(item);
  const name = displayName(item);
  const button = bookButton({ ...item, get_flag: flags.owned }, { isLogin, readOn: show.read });
  const source = tracking ? trackingValue(tracking) : "";
  return (
    <article className={`book-card book-card--${variant}`}>
      <TrackedLink
        href={item.url}
        tracking={tracking}
        seriesId={item.series_id}
        className="book-card__cover"
        ariaLabel={name}
      >
        <Cover
          src={item.img || item.latest_cover}
          item={item}
          show={show}
          onFirstScreen={onFirstScreen}
        />
      </TrackedLink>
      <div className="book-card__body">
        {(show.name || variant === "row") && (
          <TrackedLink
            href={item.url}
            tracking={tracking}
            seriesId={item.series_id}
            className="book-card__name"
          >
            {name}
          </TrackedLink>
        )}
        {variant === "row" && <Authors authors={item.authors} />}
        <CampaignLabels item={item} show={show} />
        {show.appeal && <AppealTags tags={item.appeal_tags} />}
        {withDescription && <ExpandableText text={item.description} />}
        {(show.read || withFavorite) && (
          <div className="book-card__actions">
            {show.read && (
              <TrackedLink
                href={button.href}
                tracking={tracking}
                seriesId={item.series_id}
                className={`card-button card-button--${button.kind}`}
              >
                {button.label}
              </TrackedLink>
            )}
            {withFavorite && (
              <FavoriteButton seriesId={item.series_id} favorite={flags.favorite} source={source} />
            )}
          </div>
        )}
      </div>
    </article>
  );
}
