import { useRef, useState } from "react";
import { Link } from "react-router";
import type { DramaCdItem } from "../../../contract/items";
import type { Tracking } from "../../lib/tracking";
import { AppealTags } from "./CardParts";
import { cutCredits, dramaCdActions, dramaCdPrice } from "./card-rules";
import { useCardState, useItemFlags } from "./card-state";
import { TrackedLink } from "./TrackedLink";
import "./cards.css";

/** The trial file names its track: trial_{cdId}_{trackNo}.mp3. */
export function trialUrl(cd: Pick<DramaCdItem, "cd_id" | "trial_file_name">): string | null {
  if (!cd.trial_file_name) return null;
  const track = /_(\d+)\.mp3$/i.exec(cd.trial_file_name)?.[1] ?? "1";
  return `/media/cds/${cd.cd_id}/trials/${track}.mp3`;
}

/**
 * Drama CD card (spec 000 §4): jacket, name, casts, appeal, price with 円 ( 税込 ) and the
 * struck-out old price of a sale, and 再生する / 試聴 / 購入手続きへ / カートに入れる / 詳細.
 * `demo` plays the trial in place (layout type 29) instead of opening the CD page.
 */
export function DramaCdCard(props: {
  cd: DramaCdItem;
  tracking?: Tracking | null;
  appeal?: boolean;
  demo?: boolean;
}) {
  const { cd, tracking, appeal = false, demo = false } = props;
  const { addToCart } = useCardState();
  const flags = useItemFlags(cd);
  const state = { ...cd, get_flag: flags.owned, cart_flag: flags.cart };
  const actions = dramaCdActions(state);
  const price = dramaCdPrice(state);
  const casts = cutCredits(cd.casts);
  const detail = `/doramacd/${cd.cd_id}`;
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [adding, setAdding] = useState(false);
  const trial = trialUrl(cd);

  const toggleDemo = () => {
    if (!trial) return;
    if (!audio.current) {
      audio.current = new Audio(trial);
      audio.current.addEventListener("ended", () => setPlaying(false));
    }
    if (playing) {
      audio.current.pause();
      setPlaying(false);
    } else {
      void audio.current.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      );
    }
  };

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
        {price && (
          <p className="card-price">
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
        )}
        <div className="book-card__actions">
          {actions.map((a) => {
            if (a.kind === "trial" && demo && trial) {
              return (
                <button
                  key={a.kind}
                  type="button"
                  className="card-button card-button--trial"
                  aria-pressed={playing}
                  onClick={toggleDemo}
                >
                  {playing ? "停止" : a.label}
                </button>
              );
            }
            if (a.kind === "add") {
              return (
                <button
                  key={a.kind}
                  type="button"
                  className="card-button card-button--add"
                  disabled={adding}
                  onClick={async () => {
                    setAdding(true);
                    try {
                      await addToCart([cd.item_id]);
                    } finally {
                      setAdding(false);
                    }
                  }}
                >
                  {a.label}
                </button>
              );
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
