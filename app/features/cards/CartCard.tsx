import { useState } from "react";
import type { SeriesItem } from "../../../contract/items";
import type { Tracking } from "../../lib/tracking";
import { CampaignLabels, type CardShow, Cover } from "./CardParts";
import { cartButton, displayName, yen } from "./card-rules";
import { useCardState, useItemFlags } from "./card-state";
import { TrackedLink } from "./TrackedLink";
import "./cards.css";

/**
 * The cart-style card (spec 000 §4): read, read free, sign up, go to checkout or add to cart.
 * After a successful add the card offers checkout; a failed add leaves it as it was.
 */
export function CartCard(props: { item: SeriesItem; show: CardShow; tracking?: Tracking | null }) {
  const { item, show, tracking } = props;
  const { isLogin, addToCart } = useCardState();
  const flags = useItemFlags(item);
  const [adding, setAdding] = useState(false);
  const button = cartButton({ ...item, get_flag: flags.owned, cart_flag: flags.cart }, { isLogin });
  const name = displayName(item);
  const showPrice = !flags.owned && !item.free_flag && item.price_inc > 0;
  return (
    <article className="book-card book-card--tile cart-card">
      <TrackedLink
        href={item.url}
        tracking={tracking}
        seriesId={item.series_id}
        className="book-card__cover"
        ariaLabel={name}
      >
        <Cover src={item.img || item.latest_cover} item={item} show={show} />
      </TrackedLink>
      <div className="book-card__body">
        {show.name && (
          <TrackedLink
            href={item.url}
            tracking={tracking}
            seriesId={item.series_id}
            className="book-card__name"
          >
            {name}
          </TrackedLink>
        )}
        <CampaignLabels item={item} show={show} />
        {showPrice && (
          <p className="card-price">
            {yen(item.price_inc)}
            <small>円 ( 税込 )</small>
          </p>
        )}
        <div className="book-card__actions">
          {button.kind === "add" || button.disabled ? (
            <button
              type="button"
              className={`card-button card-button--${button.kind}`}
              disabled={button.disabled || adding}
              onClick={async () => {
                if (button.kind !== "add" || item.item_id === null) return;
                setAdding(true);
                try {
                  await addToCart([item.item_id]);
                } finally {
                  setAdding(false);
                }
              }}
            >
              {button.label}
            </button>
          ) : (
            <TrackedLink
              href={button.href}
              tracking={button.kind === "checkout" ? null : tracking}
              seriesId={item.series_id}
              className={`card-button card-button--${button.kind}`}
            >
              {button.label}
            </TrackedLink>
          )}
        </div>
      </div>
    </article>
  );
}
