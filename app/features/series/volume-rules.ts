import type { PolicyType } from "../../../contract/items";
import { type Book, readsFree, showsPrice } from "../../../contract/series";
import { bookButton, type CardButton, cartButton, yen } from "../cards/card-rules";

/** What a volume row shows for one viewer: its state label, price and buttons. */
export interface VolumeView {
  /** 購入済み / 無料 / 会員登録で無料 / 配信予定 / null */
  state: string | null;
  price: { before: string | null; now: string } | null;
  read: CardButton | null;
  cart: CardButton | null;
}

function cardShape(book: Book, seriesId: number, flags: { owned: boolean; inCart: boolean }) {
  return {
    book_id: book.book_id,
    series_id: seriesId,
    continue_cid: "",
    url: `/series/${seriesId}/book/${book.book_id}`,
    get_flag: flags.owned,
    cart_flag: flags.inCart,
    free_flag: book.free_flag,
    free_count: 0,
    policy_type: (book.campaign_item?.policy_type ?? null) as PolicyType | null,
    member_free_flag: book.member_free_flag,
    trial_page_count: book.trial_page_count,
    onsale_flag: book.onsale_flag,
  };
}

/**
 * Spec 000 §4 buttons for one volume: the reading button when it reads (owned, free, sign-up for
 * member-free); otherwise 試し読み beside the cart button. Spec 001 §5: the price shows only
 * for volumes neither owned nor free.
 */
export function volumeView(
  book: Book,
  seriesId: number,
  opts: { isLogin: boolean; ownItems: readonly number[]; cartItems: readonly number[] },
): VolumeView {
  const owned = opts.ownItems.includes(book.item_id);
  const inCart = opts.cartItems.includes(book.item_id);
  const shape = cardShape(book, seriesId, { owned, inCart });
  const reading = bookButton(shape, { isLogin: opts.isLogin });
  const free = readsFree(book, opts.isLogin);
  const state = owned
    ? "購入済み"
    : !book.onsale_flag
      ? "配信予定"
      : free
        ? "無料"
        : book.member_free_flag
          ? "会員登録で無料"
          : null;
  const price =
    book.onsale_flag && showsPrice(book, opts.ownItems, opts.isLogin) && !book.member_free_flag
      ? {
          before: book.before_price !== null ? yen(book.before_price) : null,
          now: yen(book.price),
        }
      : null;
  if (!book.onsale_flag && !owned) return { state, price: null, read: null, cart: null };
  if (reading.kind === "read" || reading.kind === "free" || reading.kind === "signup") {
    return { state, price, read: reading, cart: null };
  }
  return {
    state,
    price,
    read: reading.kind === "trial" ? reading : null,
    cart: cartButton(shape, { isLogin: opts.isLogin }),
  };
}
