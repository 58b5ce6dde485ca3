import { Link } from "react-router";
import type { DramaCdItem } from "../../../contract/items";
import type { Tracking } from "../../lib/tracking";
import { useAudioPlayer } from "../audio/AudioPlayer";
import { AddToCartButton, AppealTags, CdPrice } from "./CardParts";
import { cutCredits, dramaCdActions, dramaCdPrice } from "./card-rules";
import { useItemFlags } from "./card-state";
import { TrackedLink } from "./TrackedLink";
import "./cards.css";

/**
 * Drama CD card (spec 000 §4): jacket, name, casts, appeal, price with 円 ( 税込 ) and the
 * struck-out old price of a sale, and 再生する / 試聴 / 購入手続きへ / カートに入れる / 詳細.
 * 再生する and 試聴 open the store's audio player (the owner hears the full track); `demo` (layout
 * type 29) also puts a play button on the jacket.
 */
export function DramaCdCard(props: {
  cd: DramaCdItem;
  tracking?: Tracking | null;
  appeal?: boolean;
  demo?: boolean;
}) {
  const { cd, tracking, appeal = false, demo = false } = props;
  const flags = useItemFlags(cd);
  const state = { ...cd, get_flag: flags.owned, cart_flag: flags.cart };
  const actions = dramaCdActions(state);
  const price = dramaCdPrice(state);
  const casts = cutCredits(cd.casts);
  const detail = `/doramacd/${cd.cd_id}`;
  const player = useAudioPlayer();
  const listenable = actions.some((a) => a.kind === "play" || a.kind === "trial");
  const listen = () => void player.playCd(cd.cd_id);

  return (
    <article className={appeal ? "cd-card cd-card--appeal" : "cd-card"}>
      <TrackedLink
        href={detail}
        tracking={tracking}
        cdId={cd.cd_id}
        className="cd-card__jacket"
        ariaLabel={cd.name}
      >
        <img src={cd.img} alt="" width={300} height={300} loading="lazy" decoding="async" />
      </TrackedLink>
      {demo && listenable && (
        <button
          type="button"
          className="cd-card__demo"
          aria-label={`${cd.name}を${flags.owned ? "再生する" : "試聴"}`}
          onClick={listen}
        >
          ▶
        </button>
      )}
      <div className="cd-card__body">
        <TrackedLink href={detail} tracking={tracking} cdId={cd.cd_id} className="cd-card__name">
          {cd.name}
        </TrackedLink>
        {casts.shown.length > 0 && (
          <p className="cd-card__casts">
            {casts.shown.map((c, i) => (
              <span key={c.cast_id}>
                {i > 0 && "、"}
                <Link to={`/doramacd?cast=${c.cast_id}`}>{c.name}</Link>
              </span>
            ))}
            {casts.others && " 他"}
          </p>
        )}
        {appeal && <AppealTags tags={cd.appeal_tags} />}
        {appeal && cd.appeal_text && <p className="cd-card__appeal">{cd.appeal_text}</p>}
        {price && <CdPrice price={price} />}
        <div className="book-card__actions">
          {actions.map((a) => {
            if (a.kind === "play" || a.kind === "trial") {
              return (
                <button
                  key={a.kind}
                  type="button"
                  className={`card-button card-button--${a.kind}`}
                  onClick={listen}
                >
                  {a.label}
                </button>
              );
            }
            if (a.kind === "add") {
              return <AddToCartButton key={a.kind} itemId={cd.item_id} label={a.label} />;
            }
            return (
              <TrackedLink
                key={a.kind}
                href={a.href}
                tracking={a.kind === "checkout" ? null : tracking}
                cdId={cd.cd_id}
                className={`card-button card-button--${a.kind}`}
              >
                {a.label}
              </TrackedLink>
            );
          })}
        </div>
      </div>
    </article>
  );
}
