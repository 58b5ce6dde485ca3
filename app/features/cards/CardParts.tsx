import { useState } from "react";
import { Link } from "react-router";
import type { AuthorRef, LayoutConfig, SeriesItem } from "../../../contract/items";
import { mediaSrcSet } from "../../../contract/media";
import { badges, cutCredits, type dramaCdPrice, policyLabel } from "./card-rules";
import { useCardState } from "./card-state";

/** Which parts a section shows on its cards (the layout's display_* flags). */
export interface CardShow {
  name: boolean;
  fresh: boolean;
  final: boolean;
  appeal: boolean;
  policy: boolean;
  endLabel: boolean;
  read: boolean;
}

export const SHOW_ALL: CardShow = {
  name: true,
  fresh: true,
  final: true,
  appeal: true,
  policy: true,
  endLabel: true,
  read: true,
};

export function showFromLayout(layout: LayoutConfig): CardShow {
  return {
    name: layout.display_name_flag,
    fresh: layout.display_new_flag,
    final: layout.display_final_flag,
    appeal: layout.display_appeal_flag,
    policy: layout.display_policy_flag,
    endLabel: layout.display_end_label_flag,
    read: layout.read_flag,
  };
}

// Card covers are drawn about a quarter of a phone's width, or up to 160 px on a PC.
const COVER_WIDTHS = [160, 240, 320, 480] as const;
const COVER_SIZES = "(max-width: 767px) 25vw, 160px";

/** A cover with its 完 / 新 badges; covers are 300×424 images. */
export function Cover(props: {
  src: string;
  item?: Pick<SeriesItem, "final_flag" | "new_flag">;
  show?: CardShow;
  className?: string;
  /** On the first screen: fetched at once and first, as it may be the largest paint. */
  onFirstScreen?: boolean;
}) {
  const marks =
    props.item && props.show
      ? badges(props.item, { final: props.show.final, fresh: props.show.fresh })
      : [];
  return (
    <div className={props.className ?? "cover"}>
      {/* An img without src is invalid HTML; an empty cover keeps its box without one. */}
      {props.src ? (
        <img
          src={props.src}
          srcSet={mediaSrcSet(props.src, COVER_WIDTHS)}
          sizes={COVER_SIZES}
          alt=""
          width={300}
          height={424}
          loading={props.onFirstScreen ? "eager" : "lazy"}
          fetchPriority={props.onFirstScreen ? "high" : undefined}
          decoding="async"
        />
      ) : null}
      {marks.length > 0 && (
        <span className="cover__badges">
          {marks.map((m) => (
            <span key={m} className={m === "完" ? "badge badge--final" : "badge badge--new"}>
              {m}
            </span>
          ))}
        </span>
      )}
    </div>
  );
}

/** Policy label (101–106) and the campaign's end date, as the section asks. */
export function CampaignLabels({ item, show }: { item: SeriesItem; show: CardShow }) {
  const policy = show.policy ? policyLabel(item) : null;
  const end = show.endLabel ? item.cp_end_date_label : "";
  if (!policy && !end) return null;
  return (
    <p className="card-labels">
      {policy && <span className={`policy-label policy-label--${item.policy_type}`}>{policy}</span>}
      {end && <span className="end-label">{end}</span>}
    </p>
  );
}

export function AppealTags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="appeal-tags">
      {tags.map((t) => (
        <li key={t}>{t}</li>
      ))}
    </ul>
  );
}

/** Up to five authors as links to their works, with 他 at five or more. */
export function Authors({ authors }: { authors: readonly AuthorRef[] }) {
  const { shown, others } = cutCredits(authors);
  if (shown.length === 0) return null;
  return (
    <p className="card-authors">
      {shown.map((a, i) => (
        <span key={a.author_id}>
          {i > 0 && "／"}
          <Link to={`/search?at=${a.author_id}`}>{a.name}</Link>
        </span>
      ))}
      {others && <span className="card-authors__others"> 他</span>}
    </p>
  );
}

/** A drama CD's price: 円 ( 税込 ), and the struck-out old price of a sale (spec 000 §4). */
export function CdPrice(props: {
  price: NonNullable<ReturnType<typeof dramaCdPrice>>;
  className?: string;
}) {
  const { price } = props;
  return (
    <p className={props.className ? `card-price ${props.className}` : "card-price"}>
      {price.before && (
        <s className="card-price__before">
          {price.before}
          <small>円</small>
        </s>
      )}
      {price.before && <span aria-hidden="true"> → </span>}
      <span className={price.before ? "card-price__sale" : undefined}>{price.price}</span>
      <small>{price.suffix}</small>
    </p>
  );
}

/** カートに入れる for one item; disabled while the cart call runs, so a double click adds once. */
export function AddToCartButton(props: { itemId: number; label: string }) {
  const { addToCart } = useCardState();
  const [adding, setAdding] = useState(false);
  return (
    <button
      type="button"
      className="card-button card-button--add"
      disabled={adding}
      onClick={async () => {
        setAdding(true);
        try {
          await addToCart([props.itemId]);
        } finally {
          setAdding(false);
        }
      }}
    >
      {props.label}
    </button>
  );
}
