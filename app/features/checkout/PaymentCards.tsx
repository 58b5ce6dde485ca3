import { lazy, Suspense, useState } from "react";
import { cardLabel, MAX_SAVED_CARDS, type SavedCard } from "../../../contract/card-rules";
import { post } from "../../lib/request";
import "./card-form.css";

// The form (brand detection, the checks of every field) loads when a card is to be added, so
// the account page's first load stays within the store routes' 60 KB.
const CardForm = lazy(() => import("./CardForm").then((m) => ({ default: m.CardForm })));

/** The member's saved cards, each removable at once. */
export function SavedCardList({
  cards,
  onRemoved,
}: {
  cards: SavedCard[];
  onRemoved: (cards: SavedCard[]) => void;
}) {
  const [busy, setBusy] = useState<number | null>(null);
  if (cards.length === 0) {
    return <p className="saved-cards__none">登録済みのカードはありません</p>;
  }
  async function remove(card: SavedCard) {
    setBusy(card.card_id);
    try {
      const answer = await post<{ cards: SavedCard[] }>("/api/payment_cards/remove", {
        card_id: card.card_id,
      });
      if (answer.result) onRemoved(answer.cards);
    } finally {
      setBusy(null);
    }
  }
  return (
    <ul className="saved-cards" aria-label="登録済みのカード">
      {cards.map((card) => (
        <li key={card.card_id} className="saved-cards__card">
          <span className="saved-cards__name">{cardLabel(card)}</span>
          <span className="saved-cards__exp">
            有効期限 {card.exp}
            {card.expired ? <span className="saved-cards__expired">期限切れ</span> : null}
          </span>
          <button
            type="button"
            className="button button--ghost saved-cards__remove"
            disabled={busy === card.card_id}
            aria-label={`${cardLabel(card)} を削除`}
            onClick={() => void remove(card)}
          >
            削除
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The account page's お支払いカード: the saved cards, and the form to keep another. */
export function PaymentCardsSection({ cards: initial }: { cards: SavedCard[] }) {
  const [cards, setCards] = useState(initial);
  const [adding, setAdding] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  return (
    <section className="account__section" aria-labelledby="payment-cards-title">
      <h2 id="payment-cards-title">お支払いカード</h2>
      <p className="saved-cards__lead">
        登録したカードは、ご購入手続きで「登録済みカードで購入」からワンタップでお使いいただけます。
      </p>
      <SavedCardList
        cards={cards}
        onRemoved={(next) => {
          setCards(next);
          setNote("カードを削除しました");
        }}
      />
      {note ? (
        <p className="form-note" role="status">
          {note}
        </p>
      ) : null}
      {adding ? (
        <Suspense fallback={<p className="form-note">読み込み中…</p>}>
          <CardForm
            onSaved={(card) => {
              setCards((c) => [...c, card]);
              setAdding(false);
              setNote(`${cardLabel(card)} を登録しました`);
            }}
            onCancel={() => setAdding(false)}
          />
        </Suspense>
      ) : cards.length < MAX_SAVED_CARDS ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setNote(null);
            setAdding(true);
          }}
        >
          カードを登録する
        </button>
      ) : null}
    </section>
  );
}
