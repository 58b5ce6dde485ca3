import { useState } from "react";
import { Link } from "react-router";
import { volumeWords } from "../../../contract/episodes";
import {
  type Book,
  buyableBooks,
  type SeriesUserData,
  visibleBooks,
} from "../../../contract/series";
import { PRICE_SUFFIX, yen } from "../cards/card-rules";
import { useCardState } from "../cards/card-state";
import { volumeView } from "./volume-rules";
import "../cards/cards.css";
import "./series.css";

function ReadLink({ href, label, kind }: { href: string; label: string; kind: string }) {
  const className = `card-button card-button--${kind}`;
  // The reader's address ends in .html, which only the server strips (decision 0020), so it
  // loads as a document of its own rather than through the client router.
  return href.startsWith("/viewer/") ? (
    <a className={className} href={href}>
      {label}
    </a>
  ) : (
    <Link className={className} to={href}>
      {label}
    </Link>
  );
}

/** A volume's state, price and buttons for this viewer (the row and the volume page share it). */
export function VolumeOffer(props: {
  book: Book;
  seriesId: number;
  user: SeriesUserData;
  /** The volume page also offers buying this one volume now, without the cart (/order/{itemId}). */
  buyNow?: boolean;
}) {
  const { book, seriesId, user, buyNow = false } = props;
  const { isLogin, cart, addToCart } = useCardState();
  const [adding, setAdding] = useState(false);
  const cartItems = [...user.cart_items, ...cart];
  const view = volumeView(book, seriesId, { isLogin, ownItems: user.own_items, cartItems });
  return (
    <>
      <p className="volume-row__meta">
        {view.state && (
          <span className={`volume-state volume-state--${stateClass(view.state)}`}>
            {view.state}
          </span>
        )}
        {book.campaign_item?.sale_pct ? (
          <span className="volume-state volume-state--sale">{book.campaign_item.sale_pct}%OFF</span>
        ) : null}
        {book.coupon_flag && (
          <span className="volume-state volume-state--coupon">クーポン対象</span>
        )}
        <span className="volume-row__date">{book.item_start_date.replaceAll("-", "/")} 配信</span>
      </p>
      <MemberMarks bookId={book.book_id} user={user} />
      {view.price && (
        <p className="volume-price">
          {view.price.before && <s className="volume-price__before">{view.price.before}円</s>}
          <span className="volume-price__now">{view.price.now}</span>
          <small>{PRICE_SUFFIX}</small>
        </p>
      )}
      <div className="volume-row__actions">
        {view.read && (
          <ReadLink href={view.read.href} label={view.read.label} kind={view.read.kind} />
        )}
        {view.cart &&
          (view.cart.kind === "add" ? (
            <button
              type="button"
              className="card-button card-button--add"
              disabled={view.cart.disabled || adding}
              onClick={async () => {
                setAdding(true);
                try {
                  await addToCart([book.item_id]);
                } finally {
                  setAdding(false);
                }
              }}
            >
              {view.cart.label}
            </button>
          ) : (
            <ReadLink href={view.cart.href} label={view.cart.label} kind={view.cart.kind} />
          ))}
        {buyNow && view.cart?.kind === "add" && !view.cart.disabled && (
          <Link className="card-button card-button--buy-now" to={`/order/${book.item_id}`}>
            今すぐ購入
          </Link>
        )}
        {/* A paid volume on sale can be bought for someone else, owned or not (decision 0113). */}
        {buyNow &&
          isLogin &&
          book.onsale_flag &&
          book.price > 0 &&
          !book.member_free_flag &&
          view.state !== "無料" && (
            <Link className="card-button card-button--gift" to={`/order/${book.item_id}?gift=1`}>
              ギフトとして贈る
            </Link>
          )}
      </div>
    </>
  );
}

/** What the member did with this volume in the reader: read to the end, and their rating. */
function MemberMarks({ bookId, user }: { bookId: number; user: SeriesUserData }) {
  const finished = user.read_finish_books.includes(bookId);
  const rating = user.ratings[String(bookId)];
  if (!finished && !rating) return null;
  return (
    <p className="volume-row__marks">
      {finished ? <span className="volume-state volume-state--read">読了</span> : null}
      {rating ? (
        <span className="volume-row__rating" role="img" aria-label={`あなたの評価 ${rating}点`}>
          {"★".repeat(rating)}
          <span className="volume-row__rating-rest">{"★".repeat(5 - rating)}</span>
        </span>
      ) : null}
    </p>
  );
}

export function VolumeRow(props: { book: Book; seriesId: number; user: SeriesUserData }) {
  const { book, seriesId } = props;
  const bookUrl = `/series/${seriesId}/book/${book.book_id}`;
  return (
    <article className="volume-row" data-volume={book.volume}>
      <Link to={bookUrl} className="volume-row__cover" aria-label={book.title}>
        <img src={book.img} alt="" width={300} height={424} loading="lazy" decoding="async" />
      </Link>
      <div className="volume-row__body">
        <h3 className="volume-row__title">
          <Link to={bookUrl}>{book.title}</Link>
        </h3>
        <VolumeOffer {...props} />
      </div>
    </article>
  );
}

function stateClass(state: string): string {
  switch (state) {
    case "購入済み":
      return "owned";
    case "無料":
      return "free";
    case "会員登録で無料":
      return "member";
    default:
      return "soon";
  }
}

/**
 * The volumes of a series (spec 001 §4): volumes not on sale and not owned are left out; the
 * buyable ones (a price, not in the cart, not owned) can go into the cart together.
 */
export function VolumeList(props: {
  books: readonly Book[];
  seriesId: number;
  user: SeriesUserData;
  /** A タテヨミ series: an episode list (第1話…), contract/episodes. */
  episodes?: boolean;
}) {
  const words = volumeWords(props.episodes ?? false);
  const { isLogin, cart, addToCart } = useCardState();
  const [adding, setAdding] = useState(false);
  const [descending, setDescending] = useState(false);
  const shown = visibleBooks(props.books, props.user.own_items);
  const buyable = buyableBooks(shown, [...props.user.cart_items, ...cart], props.user.own_items);
  const total = buyable.reduce((sum, b) => sum + b.price, 0);
  const ordered = descending ? [...shown].reverse() : shown;
  return (
    <section className="volume-list" aria-labelledby="volume-list-title">
      <div className="volume-list__head">
        <h2 id="volume-list-title" className="section-title">
          {words.list}
          <span className="nobr">（{words.count(shown.length)}）</span>
        </h2>
        <button
          type="button"
          className="volume-list__order"
          onClick={() => setDescending(!descending)}
        >
          {descending ? `${words.first}から表示` : `${words.latest}から表示`}
        </button>
      </div>
      {isLogin && buyable.length > 1 && (
        <div className="bulk-buy">
          <p>
            未購入の{words.count(buyable.length)} 合計 <strong>{yen(total)}</strong>
            {PRICE_SUFFIX}
          </p>
          <button
            type="button"
            className="button button--primary"
            disabled={adding}
            onClick={async () => {
              setAdding(true);
              try {
                await addToCart(buyable.map((b) => b.item_id));
              } finally {
                setAdding(false);
              }
            }}
          >
            まとめてカートに入れる
          </button>
        </div>
      )}
      <ul className="volume-list__items">
        {ordered.map((b) => (
          <li key={b.book_id}>
            <VolumeRow book={b} seriesId={props.seriesId} user={props.user} />
          </li>
        ))}
      </ul>
    </section>
  );
}
