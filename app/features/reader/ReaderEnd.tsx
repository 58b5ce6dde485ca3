import { useState } from "react";
import { Link } from "react-router";
import { type VolumeWords, volumeWords } from "../../../contract/episodes";
import type { ReaderBook, ReaderNextBook, ReaderOffer } from "../../../contract/reader";
import { post } from "../../lib/request";
import { signupUrl } from "../../lib/return-to";
import { PRICE_SUFFIX, viewerUrl, yen } from "../cards/card-rules";
import { useCardState } from "../cards/card-state";
import type { EndKind } from "./reader-rules";

/**
 * What follows the last readable page: the trial's offer (試し読みはここまで) instead of more
 * pages, or at the end of a volume the next one, a rating and the way back to the series.
 */
export function ReaderEnd({
  reader,
  kind,
  seriesUrl,
  onRestart,
  canRestart,
}: {
  reader: ReaderBook;
  kind: EndKind;
  seriesUrl: string;
  onRestart: () => void;
  canRestart: boolean;
}) {
  return (
    <section className="reader-end" aria-labelledby="reader-end-title" data-end={kind}>
      <p className="reader-end__book">{reader.book.title || reader.book.series_title}</p>
      {kind === "trial" ? (
        <TrialEnd
          words={volumeWords(reader.book.vertical)}
          offer={reader.offer}
          readable={reader.readable_pages > 0}
          here={viewerUrl({ ...reader.book, continue_cid: "" }, "free")}
        />
      ) : (
        <VolumeEnd reader={reader} />
      )}
      <div className="reader-end__links">
        {canRestart ? (
          <button type="button" className="reader-end__link" onClick={onRestart}>
            最初のページへ
          </button>
        ) : null}
        <Link className="reader-end__link" to={seriesUrl}>
          作品ページへ戻る
        </Link>
      </div>
    </section>
  );
}

/** `here`: this volume in the reader, where sign-up brings the new member back to. */
function TrialEnd({
  words,
  offer,
  readable,
  here,
}: {
  words: VolumeWords;
  offer: ReaderOffer | null;
  readable: boolean;
  here: string;
}) {
  return (
    <>
      <h2 id="reader-end-title" className="reader-end__title">
        {readable
          ? "試し読みはここまで"
          : offer?.kind === "signup"
            ? `${words.this}は会員登録で無料で読めます`
            : `${words.this}は購入すると読めます`}
      </h2>
      {offer?.kind === "signup" ? (
        <>
          <p className="reader-end__lead">会員登録すると、{words.this}を無料で最後まで読めます。</p>
          <div className="reader-end__actions">
            <a className="reader-end__primary" href={signupUrl(here)}>
              {SIGNUP_LABEL}
            </a>
          </div>
        </>
      ) : offer?.kind === "buy" ? (
        <>
          <p className="reader-end__lead">続きは購入してお楽しみください。</p>
          {offer.price !== null ? (
            <p className="reader-end__price">
              {yen(offer.price)}
              <small>{PRICE_SUFFIX}</small>
            </p>
          ) : null}
          <BuyButtons itemId={offer.item_id} inCart={offer.in_cart} />
        </>
      ) : (
        <p className="reader-end__lead">{words.this}は現在販売していません。</p>
      )}
    </>
  );
}

/** The cards' label for a volume free with sign-up (spec 000 §4). */
const SIGNUP_LABEL = "会員登録で無料で読む";

function BuyButtons({ itemId, inCart }: { itemId: number; inCart: boolean }) {
  const { cart, addToCart } = useCardState();
  const [adding, setAdding] = useState(false);
  const added = inCart || cart.has(itemId);
  return (
    <div className="reader-end__actions">
      <a className="reader-end__primary" href={`/order/${itemId}`}>
        購入する
      </a>
      {added ? (
        <Link className="reader-end__secondary" to="/cart">
          購入手続きへ
        </Link>
      ) : (
        <button
          type="button"
          className="reader-end__secondary"
          disabled={adding}
          onClick={async () => {
            setAdding(true);
            await addToCart([itemId]);
            setAdding(false);
          }}
        >
          カートに入れる
        </button>
      )}
    </div>
  );
}

function VolumeEnd({ reader }: { reader: ReaderBook }) {
  const { book } = reader;
  const words = volumeWords(book.vertical);
  return (
    <>
      <h2 id="reader-end-title" className="reader-end__title">
        最後まで読みました
      </h2>
      {/* A タテヨミ strip goes straight on to the next episode, the rating after it. */}
      {reader.next_book && book.vertical ? <NextBook next={reader.next_book} episodes /> : null}
      {!reader.next_book && book.vertical ? (
        <p className="reader-end__lead reader-end__last">
          {words.name(book.volume)}は最新話です。次の話の配信をお待ちください。
        </p>
      ) : null}
      {reader.is_login ? (
        <BookRating
          seriesId={book.series_id}
          bookId={book.book_id}
          initial={reader.my_rating}
          words={words}
        />
      ) : null}
      {reader.next_book && !book.vertical ? (
        <NextBook next={reader.next_book} episodes={false} />
      ) : null}
    </>
  );
}

const STARS = [1, 2, 3, 4, 5] as const;

function BookRating({
  seriesId,
  bookId,
  initial,
  words,
}: {
  seriesId: number;
  bookId: number;
  initial: number | null;
  words: VolumeWords;
}) {
  const [rating, setRating] = useState(initial);
  const [saved, setSaved] = useState(false);
  const rate = async (value: number) => {
    const answer = await post("/api/book_rating", {
      series: seriesId,
      book: bookId,
      rating: value,
    });
    if (!answer.result) return;
    setRating(value);
    setSaved(true);
  };
  return (
    <fieldset className="reader-rating">
      <legend>{words.this}の評価</legend>
      <div className="reader-rating__stars">
        {STARS.map((value) => (
          <button
            key={value}
            type="button"
            className="reader-rating__star"
            aria-pressed={rating !== null && value <= rating}
            aria-label={`${value}点`}
            onClick={() => void rate(value)}
          >
            ★
          </button>
        ))}
      </div>
      <p className="reader-rating__note" aria-live="polite">
        {saved ? "評価しました" : rating ? `${rating}点で評価済み` : "タップして評価"}
      </p>
    </fieldset>
  );
}

/**
 * What comes next. A タテヨミ episode's next one reads on from the strip: 続けて読む when owned,
 * 読む when free to the reader; otherwise its price and the store's buy and cart buttons.
 */
function NextBook({ next, episodes }: { next: ReaderNextBook; episodes: boolean }) {
  const words = volumeWords(episodes);
  const { cart, addToCart } = useCardState();
  const [adding, setAdding] = useState(false);
  const inCart = next.button === "in_cart" || cart.has(next.item_id);
  const target = { book_id: next.book_id, series_id: next.series_id, continue_cid: "" };
  let action: React.ReactNode;
  if (next.button === "read") {
    action = (
      <a className="reader-end__primary" href={viewerUrl(target, null)}>
        {episodes ? "続けて読む" : "読む"}
      </a>
    );
  } else if (next.button === "free_read") {
    action = (
      <a className="reader-end__primary" href={viewerUrl(target, "free")}>
        {episodes ? "読む" : "無料で読む"}
      </a>
    );
  } else if (next.button === "signup") {
    // Spec 001 §1: free for members; the new member comes back to read it.
    action = (
      <a className="reader-end__primary" href={signupUrl(viewerUrl(target, "free"))}>
        {SIGNUP_LABEL}
      </a>
    );
  } else if (next.button === "buy") {
    // "buy" is a visitor's volume to pay for, or one not yet on sale (decision 0019): its page
    // offers login and the cart, or says when it comes out.
    action = (
      <Link className="reader-end__primary" to={`/series/${next.series_id}/book/${next.book_id}`}>
        購入する
      </Link>
    );
  } else if (inCart) {
    action = (
      <Link className="reader-end__primary" to="/cart">
        購入手続きへ
      </Link>
    );
  } else {
    action = (
      <button
        type="button"
        className="reader-end__primary"
        disabled={adding}
        onClick={async () => {
          setAdding(true);
          await addToCart([next.item_id]);
          setAdding(false);
        }}
      >
        カートに入れる
      </button>
    );
  }
  return (
    <div className="reader-next" data-next-volume={next.volume}>
      <h3 className="reader-next__heading">{words.next}</h3>
      <div className="reader-next__body">
        <img
          className="reader-next__cover"
          src={next.cover_url}
          alt=""
          width={96}
          height={136}
          loading="lazy"
        />
        <div className="reader-next__info">
          <p className="reader-next__title">{next.title}</p>
          <p className="reader-next__volume">{words.name(next.volume)}</p>
          {next.price !== null && next.button !== "read" && next.button !== "free_read" ? (
            <p className="reader-next__price">
              {yen(next.price)}
              <small>{PRICE_SUFFIX}</small>
            </p>
          ) : null}
          {action}
        </div>
      </div>
    </div>
  );
}
