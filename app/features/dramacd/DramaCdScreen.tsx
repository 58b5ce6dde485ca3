import { useState } from "react";
import { Link } from "react-router";
import type { DramaCdPageAnswer, DramaCdTrack } from "../../../contract/dramacd";
import { TRACK_RATINGS } from "../../../contract/dramacd";
import { formatTrackLength } from "../../../contract/track-length";
import { post } from "../../lib/request";
import { useAudioPlayer } from "../audio/AudioPlayer";
import { playableTracks, playQueue, sourceOf } from "../audio/player-rules";
import { AddToCartButton, CdPrice } from "../cards/CardParts";
import { cutCredits, dramaCdActions, dramaCdPrice } from "../cards/card-rules";
import { CardStateProvider, useCardState } from "../cards/card-state";
import { ExpandableText } from "../cards/ExpandableText";
import { LoginOffer } from "../cards/LoginOffer";
import "../cards/cards.css";
import "./dramacd.css";

/**
 * /doramacd/{cdId} (spec 001 §3 "Drama CD"): jacket, brand and label, categories, casts (five and
 * 他), description, bonus, the tracks with 再生する (owned) or 試聴 (trial file), each rated 1–5
 * by members, and the buy buttons of the drama CD card rules.
 */
export function DramaCdScreen({ page, isLogin }: { page: DramaCdPageAnswer; isLogin: boolean }) {
  return (
    <CardStateProvider isLogin={isLogin}>
      <DramaCdBody page={page} isLogin={isLogin} />
    </CardStateProvider>
  );
}

function DramaCdBody({ page, isLogin }: { page: DramaCdPageAnswer; isLogin: boolean }) {
  const { cd, cast, bonus, tracks } = page;
  const casts = cutCredits(cast);
  return (
    <article className="dramacd">
      <nav className="breadcrumbs" aria-label="パンくずリスト">
        <Link to="/">ホーム</Link>
        <Link to="/doramacd">ドラマCD</Link>
        <span aria-current="page">{cd.name}</span>
      </nav>
      <div className="dramacd__summary">
        <img
          className="dramacd__jacket"
          src={cd.jacket_url}
          alt={`${cd.name} ジャケット`}
          width={300}
          height={300}
        />
        <div className="dramacd__facts">
          <h1 className="dramacd__name">
            {cd.name}
            {cd.ethic_type === 1 && <span className="dramacd__ethic">R15</span>}
          </h1>
          <p className="dramacd__label">
            {cd.brand_name} ／ <Link to={`/doramacd?label=${cd.label_id}`}>{cd.label_name}</Link>
          </p>
          {cd.categories.length > 0 && (
            <ul className="dramacd__categories" aria-label="カテゴリ">
              {cd.categories.map((c) => (
                <li key={c.category_id}>{c.name}</li>
              ))}
            </ul>
          )}
          {casts.shown.length > 0 && (
            <p className="dramacd__casts">
              <span className="dramacd__term">キャスト</span>
              {casts.shown.map((c, i) => (
                <span key={c.cast_id}>
                  {i > 0 && "、"}
                  <Link to={`/doramacd?cast=${c.cast_id}`}>{c.name}</Link>
                </span>
              ))}
              {casts.others && " 他"}
            </p>
          )}
          {cd.series_id !== null && (
            <p className="dramacd__original">
              <Link to={`/series/${cd.series_id}`}>原作コミックを見る</Link>
            </p>
          )}
          <BuyBox page={page} />
          <CdFavorite cdId={cd.cd_id} initial={page.user.favorite} isLogin={isLogin} />
        </div>
      </div>
      {cd.description && (
        <section className="dramacd__section" aria-labelledby="cd-about">
          <h2 id="cd-about" className="section-title">
            作品紹介
          </h2>
          <ExpandableText text={cd.description} />
        </section>
      )}
      <TrackList page={page} tracks={tracks} isLogin={isLogin} />
      {bonus.length > 0 && (
        <section className="dramacd__section" aria-labelledby="cd-bonus">
          <h2 id="cd-bonus" className="section-title">
            購入特典
          </h2>
          <ul className="dramacd__bonus">
            {bonus.map((b) => (
              <li key={b.bonus_id}>
                <strong>{b.name}</strong>
                {b.description && <p>{b.description}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/** Price and the drama CD card's buttons (spec 000 §4), without the play ones the tracks carry. */
function BuyBox({ page }: { page: DramaCdPageAnswer }) {
  const { cart } = useCardState();
  const cd = { ...page.cd, cart_flag: page.cd.cart_flag || cart.has(page.cd.item_id) };
  const price = dramaCdPrice(cd);
  const actions = dramaCdActions(cd).filter((a) => a.kind !== "play" && a.kind !== "trial");
  if (cd.get_flag) return <p className="dramacd__owned">購入済み</p>;
  return (
    <div className="dramacd__buy">
      {price && <CdPrice price={price} className="dramacd__price" />}
      <div className="dramacd__buttons">
        {actions.map((a) =>
          a.kind === "add" ? (
            <AddToCartButton key={a.kind} itemId={cd.item_id} label={a.label} />
          ) : a.kind === "checkout" ? (
            <Link key={a.kind} to={a.href} className="card-button card-button--checkout">
              {a.label}
            </Link>
          ) : (
            // 詳細 on a card is this page; here a CD not on sale simply says so.
            <span key={a.kind} className="dramacd__unavailable">
              現在販売しておりません
            </span>
          ),
        )}
      </div>
    </div>
  );
}

function CdFavorite(props: { cdId: number; initial: boolean; isLogin: boolean }) {
  const [favorite, setFavorite] = useState(props.initial);
  const [busy, setBusy] = useState(false);
  const [offering, setOffering] = useState(false);
  return (
    <>
      <button
        type="button"
        className={favorite ? "fav-button fav-button--on" : "fav-button"}
        aria-pressed={favorite}
        disabled={busy}
        onClick={async () => {
          if (!props.isLogin) {
            setOffering(true);
            return;
          }
          setBusy(true);
          try {
            const answer = await post<{ favorite: boolean }>(
              `/api/doramacd/${props.cdId}/favorite`,
            );
            if (answer.result && typeof answer.favorite === "boolean") setFavorite(answer.favorite);
          } finally {
            setBusy(false);
          }
        }}
      >
        <span aria-hidden="true">{favorite ? "♥" : "♡"}</span>気になる
      </button>
      {!props.isLogin && <LoginOffer open={offering} onClose={() => setOffering(false)} />}
    </>
  );
}

function TrackList(props: { page: DramaCdPageAnswer; tracks: DramaCdTrack[]; isLogin: boolean }) {
  const player = useAudioPlayer();
  const playable = playableTracks(props.page);
  // Play all: from the first track the listener may hear, on through the CD (owned tracks in
  // full, the others by their sample, skipping those with neither).
  const queue = playQueue(playable);
  const allTrials = queue.every((t) => sourceOf(t)?.trial);
  return (
    <section className="dramacd__section" aria-labelledby="cd-tracks">
      <div className="dramacd__tracks-head">
        <h2 id="cd-tracks" className="section-title">
          収録トラック
        </h2>
        {queue.length > 0 && (
          <button
            type="button"
            className={`card-button card-button--${allTrials ? "trial" : "play"} dramacd__play-all`}
            onClick={() => player.playTrack(queue[0]!, playable)}
          >
            <span aria-hidden="true">▶ </span>
            {allTrials ? "すべて試聴" : "すべて再生"}
          </button>
        )}
      </div>
      <ol className="dramacd__tracks">
        {props.tracks.map((t, i) => {
          const track = playable[i]!;
          const source = sourceOf(track);
          const current =
            player.current?.cdId === track.cdId && player.current.trackNo === track.trackNo;
          return (
            <li
              key={t.track_id}
              className={current ? "dramacd-track dramacd-track--current" : "dramacd-track"}
              data-track={t.track_no}
            >
              <div className="dramacd-track__main">
                <span className="dramacd-track__name">{t.name}</span>
                <span className="dramacd-track__meta">
                  <span className="dramacd-track__length">{formatTrackLength(t.duration_sec)}</span>
                  {t.get_flag ? (
                    <span className="dramacd-track__state dramacd-track__state--owned">
                      購入済み
                    </span>
                  ) : t.trial_file_url ? (
                    <span className="dramacd-track__state">
                      試聴 {formatTrackLength(t.trial_duration_sec ?? 0)}
                    </span>
                  ) : null}
                </span>
              </div>
              {source && (
                <button
                  type="button"
                  className={`card-button card-button--${source.trial ? "trial" : "play"}`}
                  onClick={() => player.playTrack(track, playable)}
                  aria-label={`${t.name}を${source.trial ? "試聴" : "再生する"}`}
                >
                  {source.trial ? "試聴" : "再生する"}
                </button>
              )}
              {props.isLogin && (
                <TrackRating trackId={t.track_id} initial={props.page.user.ratings[t.track_id]} />
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A member's 1–5 rating of one track; the server keeps the latest. */
function TrackRating({ trackId, initial }: { trackId: number; initial: number | undefined }) {
  const [rating, setRating] = useState(initial ?? 0);
  return (
    <fieldset className="dramacd-rating">
      <legend className="visually-hidden">評価</legend>
      {TRACK_RATINGS.map((n) => (
        <button
          key={n}
          type="button"
          className={
            n <= rating ? "dramacd-rating__star dramacd-rating__star--on" : "dramacd-rating__star"
          }
          aria-label={`${n}点`}
          aria-pressed={n === rating}
          onClick={async () => {
            const answer = await post("/api/doramacd/rating", { track: trackId, rating: n });
            if (answer.result) setRating(n);
          }}
        >
          ★
        </button>
      ))}
    </fieldset>
  );
}
