import { Link } from "react-router";
import type { AuthorPickupRow, PickupCampaign } from "../../../contract/home";
import type { LayoutConfig, SeriesItem } from "../../../contract/items";
import type { Tracking } from "../../lib/tracking";
import { BookCard } from "../cards/BookCard";
import { type CardShow, Cover, SHOW_ALL } from "../cards/CardParts";
import { CartCard } from "../cards/CartCard";
import { displayName } from "../cards/card-rules";
import { SeriesAppealCard } from "../cards/SeriesAppealCard";
import { TrackedLink } from "../cards/TrackedLink";
import { authorGroups } from "./author-pickup";
import { useSectionFrame } from "./section-frame";

const at = (frame: string, i: number): Tracking => ({ frame, position: i + 1 });

/** Grid sections (1, 2, 13 on small screens) and scrolling strips (6, 7, 21, 13 on larger). */
export function SeriesList(props: { layout: LayoutConfig; items: SeriesItem[]; show: CardShow }) {
  const frame = useSectionFrame(props.layout.layout_id);
  const { layout, items, show } = props;
  const cart = layout.content_type === 1 && layout.layout_type === 2;
  return (
    <ul className={`series-list series-list--t${layout.layout_type}`}>
      {items.map((item, i) => (
        <li key={`${item.series_id}-${item.book_id}`}>
          {cart ? (
            <CartCard item={item} show={show} tracking={at(frame, i)} />
          ) : (
            <BookCard item={item} show={show} tracking={at(frame, i)} />
          )}
        </li>
      ))}
    </ul>
  );
}

export const RANKING_GROUP = 5;

/** The ranking block: rows in groups of five, each with its rank, cover and 気になる. */
export function RankingList({ layout, items }: { layout: LayoutConfig; items: SeriesItem[] }) {
  const frame = useSectionFrame(layout.layout_id);
  const groups: SeriesItem[][] = [];
  for (let i = 0; i < items.length; i += RANKING_GROUP)
    groups.push(items.slice(i, i + RANKING_GROUP));
  return (
    <div className="ranking-groups">
      {groups.map((group, g) => (
        <ol key={group[0]!.series_id} className="ranking-group" start={g * RANKING_GROUP + 1}>
          {group.map((item, i) => {
            const position = g * RANKING_GROUP + i;
            const rank = item.rank ?? position + 1;
            return (
              <li key={item.series_id} className="ranking-row">
                <span className={`ranking-row__rank ranking-row__rank--${rank <= 3 ? rank : "n"}`}>
                  {rank}
                </span>
                <BookCard
                  item={item}
                  show={{ ...SHOW_ALL, name: true, read: false, appeal: false }}
                  tracking={at(frame, position)}
                  variant="row"
                  withFavorite
                />
              </li>
            );
          })}
        </ol>
      ))}
    </div>
  );
}

/** Pickup (10), staff pick (11) and POP display (30) cards. */
export function AppealList(props: { layout: LayoutConfig; items: SeriesItem[]; show: CardShow }) {
  const frame = useSectionFrame(props.layout.layout_id);
  const { layout, items, show } = props;
  const variant =
    layout.layout_type === 11 ? "staff" : layout.layout_type === 30 ? "pop" : "pickup";
  return (
    <ul className={`appeal-list appeal-list--t${layout.layout_type}`}>
      {items.map((item, i) => (
        <li key={item.series_id}>
          <SeriesAppealCard item={item} show={show} tracking={at(frame, i)} variant={variant} />
        </li>
      ))}
    </ul>
  );
}

/** Author pickup (20): an item with an image is the author card, the others series rows. */
export function AuthorPickup({ layout, rows }: { layout: LayoutConfig; rows: AuthorPickupRow[] }) {
  const frame = useSectionFrame(layout.layout_id);
  return (
    <ul className="author-pickup">
      {authorGroups(rows).map((group) => (
        <li
          key={group.author ? `a${group.author.author_id}` : `s${group.works[0]!.index}`}
          className={
            group.author
              ? "author-pickup__group"
              : "author-pickup__group author-pickup__group--works"
          }
        >
          {group.author && (
            <div className="author-card">
              <img src={group.author.img} alt="" width={240} height={240} loading="lazy" />
              <div>
                <p className="author-card__name">{group.author.name}</p>
                <p className="author-card__intro">{group.author.introduction}</p>
                <Link className="author-card__link" to={`/search?at=${group.author.author_id}`}>
                  作品一覧
                </Link>
              </div>
            </div>
          )}
          <ul
            className="author-pickup__works"
            aria-label={group.author ? `${group.author.name}の作品` : undefined}
          >
            {group.works.map(({ row, index }) => (
              <li key={row.item.series_id} className="author-pickup__series">
                <BookCard
                  item={row.item}
                  show={{ ...SHOW_ALL, read: true, appeal: false }}
                  tracking={at(frame, index)}
                  variant="row"
                  withFavorite
                  withDescription
                />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** The pickup 'more' tile needs more than this many items (spec 000 §5, §9). */
export const PICKUP_MORE_THRESHOLD = 6;

/** Pickup campaigns (14): each campaign's banner, end date and first series. */
export function PickupCampaigns(props: { layout: LayoutConfig; campaigns: PickupCampaign[] }) {
  const frame = useSectionFrame(props.layout.layout_id);
  const { campaigns } = props;
  return (
    <ul className="pickup-campaigns">
      {campaigns
        .filter((c) => c.items.length > 0)
        .map((c, i) => (
          <li key={c.campaign_id} className="pickup-campaign">
            <TrackedLink href={c.url} tracking={at(frame, i)} className="pickup-campaign__banner">
              {c.img && <img src={c.img} alt="" width={702} height={240} loading="lazy" />}
              <span className="pickup-campaign__name">{c.name}</span>
            </TrackedLink>
            {c.cp_end_date_label && <p className="end-label">{c.cp_end_date_label}</p>}
            <ul className="pickup-campaign__items">
              {c.items.map((item, n) => (
                <li key={item.series_id}>
                  <TrackedLink
                    href={item.url}
                    tracking={{ ...at(frame, i), sub: n + 1 }}
                    seriesId={item.series_id}
                    ariaLabel={displayName(item)}
                  >
                    <Cover src={item.latest_cover || item.img} />
                  </TrackedLink>
                </li>
              ))}
              {c.item_count > PICKUP_MORE_THRESHOLD && (
                <li className="pickup-campaign__more">
                  <TrackedLink href={c.pickup_more_url} tracking={{ frame: "more", position: 1 }}>
                    もっと見る
                  </TrackedLink>
                </li>
              )}
            </ul>
          </li>
        ))}
    </ul>
  );
}
