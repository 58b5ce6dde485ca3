import { createContext, useContext, useEffect, useEffectEvent, useState } from "react";
import { Link } from "react-router";
import type { SeriesItem } from "../../../contract/items";
import { formatCountdown } from "../../../contract/page-clock";
import type {
  PopupCampaign,
  PopupCreativeInfoAnswer,
  PopupGenreCampaignAnswer,
  PopupPickupFreeAnswer,
  PopupSignupCouponAnswer,
  PopupView,
} from "../../../contract/popup";
import { safeLinkUrl } from "../../../contract/safe-url";
import { popupCountdownVisible, startCountdown } from "../../lib/countdown";
import { post } from "../../lib/request";
import { useShell } from "../../lib/shell";
import { withTrackingName } from "../../lib/tracking";
import { BookCard } from "../cards/BookCard";
import { SHOW_ALL } from "../cards/CardParts";
import { viewerUrl } from "../cards/card-rules";
import { reportClicked, type ShownPopup } from "./popup-events";
import { controlGroupTitle, LEAD_LINK_TYPES, ListLoadGate } from "./popup-queue";

/** One list popup loads at a time across the whole page (spec 001 §4). */
const listGate = new ListLoadGate();
const GATE_RETRY_MS = 200;

/**
 * Loads a list popup's data once the gate lets it, then calls `onReady` (the impression counts
 * from then). Null while loading; an empty answer closes the popup silently.
 */
function useListData<T>(popupId: number, load: () => Promise<T | null>, onReady: () => void) {
  const [data, setData] = useState<T | null>(null);
  const fetchData = useEffectEvent(load);
  const loaded = useEffectEvent(onReady);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      if (!live) return;
      if (!listGate.tryStart(popupId)) {
        timer = setTimeout(attempt, GATE_RETRY_MS);
        return;
      }
      void fetchData()
        .then((answer) => {
          if (!live) return;
          setData(answer);
          loaded();
        })
        .finally(() => listGate.finish(popupId));
    };
    attempt();
    return () => {
      live = false;
      clearTimeout(timer);
      listGate.finish(popupId);
    };
  }, [popupId]);
  return data;
}

export interface BodyProps {
  popup: PopupView;
  /** The page's series (series pages), for calls that leave it out. */
  series?: number;
  lastReadGenre: number | null;
  close: () => void;
  /** The popup is on screen with its content: the impression timer may start. */
  ready: () => void;
}

/** The popup on screen, for its links: they carry its tracking name and report clicks. */
export const ShownPopupContext = createContext<ShownPopup | null>(null);

/**
 * A link out of a popup: it carries _tr={the popup's tracking name} (spec 001 §2.1, the store's
 * one tracking-link rule) and a click is an analytics event with the popup id, click_leadlink
 * when it leaves the store.
 */
export function PopupLink({
  href,
  className = "button button--primary popup__action",
  onClick,
  external = false,
  children,
}: {
  href: string | null;
  className?: string;
  onClick?: () => void;
  external?: boolean;
  children: React.ReactNode;
}) {
  const shown = useContext(ShownPopupContext);
  const safe = safeLinkUrl(href);
  if (!safe) return null;
  const to = withTrackingName(safe, shown?.popup.tracking_name);
  const leaves = external || /^https?:/.test(safe);
  const clicked = () => {
    if (shown) reportClicked(shown, to, leaves);
    onClick?.();
  };
  if (leaves) {
    return (
      <a
        className={className}
        href={to}
        target="_blank"
        rel="noopener noreferrer"
        onClick={clicked}
      >
        {children}
      </a>
    );
  }
  return (
    <Link className={className} to={to} onClick={clicked}>
      {children}
    </Link>
  );
}

/** The popup's image; alt names it when the image alone is a link. */
function Image({
  popup,
  className = "popup__img",
  alt = "",
}: {
  popup: PopupView;
  className?: string;
  alt?: string;
}) {
  if (!popup.img) return null;
  return <img className={className} src={popup.img} alt={alt} width={450} height={450} />;
}

/** Series in a popup: the popup is their frame, so their links carry {tracking name}_{position}. */
function Cards({ items }: { items: SeriesItem[] }) {
  const shown = useContext(ShownPopupContext);
  return (
    <ul className="popup__cards">
      {items.map((item, i) => (
        <li key={item.series_id}>
          <BookCard
            item={item}
            show={SHOW_ALL}
            withFavorite
            tracking={shown ? { frame: shown.popup.tracking_name, position: i + 1 } : null}
          />
        </li>
      ))}
    </ul>
  );
}

/** Types 2, 3, 5, 6: a big image leading to the link; 3 and 5 lead off the store (PR). */
export function BigBody({ popup, close, ready }: BodyProps) {
  useEffect(() => ready(), [ready]);
  const lead = LEAD_LINK_TYPES.includes(popup.popup_type);
  return (
    <>
      {lead ? <p className="popup__pr">PR</p> : null}
      <PopupLink href={popup.link_url} className="popup__img-link" external={lead} onClick={close}>
        <Image popup={popup} alt={popup.title} />
      </PopupLink>
      {popup.body ? <p className="popup__text">{popup.body}</p> : null}
      <PopupLink href={popup.link_url} external={lead} onClick={close}>
        {popup.button_label ?? "詳しく見る"}
      </PopupLink>
    </>
  );
}

/** Types 1, 9, 11, 12, 33, 35 and the like: an image, a line of text and a button. */
export function AppealBody({ popup, close, ready }: BodyProps) {
  useEffect(() => ready(), [ready]);
  return (
    <>
      <Image popup={popup} className="popup__img popup__img--small" />
      {popup.body ? <p className="popup__text">{popup.body}</p> : null}
      <PopupLink href={popup.link_url} onClick={close}>
        {popup.button_label ?? "見てみる"}
      </PopupLink>
    </>
  );
}

/** Type 1 as the pickup-campaign popup: banner, up to 6 series, もっと見る. */
export function PickupBody({ popup, close, ready }: BodyProps) {
  useEffect(() => ready(), [ready]);
  const pickup = popup.pickup;
  if (!pickup) return null;
  return (
    <>
      <PopupLink href={pickup.campaign.url} className="popup__img-link" onClick={close}>
        {pickup.campaign.img ? (
          <img className="popup__banner" src={pickup.campaign.img} alt={pickup.campaign.name} />
        ) : (
          pickup.campaign.name
        )}
      </PopupLink>
      <Cards items={pickup.series} />
      <PopupLink href={pickup.more_url} className="button popup__action" onClick={close}>
        もっと見る
      </PopupLink>
    </>
  );
}

/** Type 4: the volume the member was reading, and 続きを読む. */
export function ContinueBody({ popup, close, ready }: BodyProps) {
  useEffect(() => ready(), [ready]);
  const book = popup.book_data;
  if (!book) return null;
  return (
    <div className="popup__book">
      <img className="popup__cover" src={book.cover || book.img} alt="" width={96} height={136} />
      <div>
        <p className="popup__book-name">{book.title || book.name}</p>
        <PopupLink href={viewerUrl(book, null, { continueReading: true })} onClick={close}>
          {popup.button_label ?? "続きを読む"}
        </PopupLink>
      </div>
    </div>
  );
}

/** Types 32, 41: one volume with a link to its series. */
export function BookBody({ popup, close, ready }: BodyProps) {
  useEffect(() => ready(), [ready]);
  const book = popup.book_data;
  if (!book) return null;
  return (
    <>
      {popup.body ? <p className="popup__text">{popup.body}</p> : null}
      <div className="popup__book">
        <img className="popup__cover" src={book.cover || book.img} alt="" width={96} height={136} />
        <div>
          <p className="popup__book-name">{book.series_name || book.name}</p>
          {book.price_inc > 0 ? <p className="popup__price">{book.price_inc}円（税込）</p> : null}
          <PopupLink href={book.url} onClick={close}>
            作品を見る
          </PopupLink>
        </div>
      </div>
    </>
  );
}

/** Where a member sees their points and what expires when (/point_detail). */
const POINTS_PAGE = "/point_detail";

/** Type 7: the point-purchasable list (ポイントで購入できるマンガはこちら！). */
export function PointBooksBody({ popup, close, ready }: BodyProps) {
  const data = useListData(
    popup.popup_id,
    async () => {
      const answer = await post<{ data: SeriesItem[] }>("/api/point/books");
      return answer.result ? answer.data : [];
    },
    ready,
  );
  if (data === null) return <p className="popup__loading">読み込み中…</p>;
  if (data.length === 0) return <p className="popup__text">対象の作品はありません</p>;
  return (
    <>
      <Cards items={data.slice(0, 6)} />
      <PopupLink href={POINTS_PAGE} className="button popup__action" onClick={close}>
        ポイントを確認する
      </PopupLink>
    </>
  );
}

/** Type 10: the sign-up coupon's discount, with 3 or 6 recommendations. */
export function SignupCouponBody({ popup, close, ready }: BodyProps) {
  const data = useListData<PopupSignupCouponAnswer>(
    popup.popup_id,
    async () => {
      const answer = await post<PopupSignupCouponAnswer>("/api/popup_signup_coupon", {
        popup: popup.popup_id,
        ...(popup.book_id ? { book: popup.book_id } : {}),
      });
      return answer.result ? answer : null;
    },
    ready,
  );
  return (
    <>
      <p className="popup__discount">
        <strong>{data?.discount_rate ?? popup.display.discount_rate}%OFF</strong>クーポン
      </p>
      {popup.body ? <p className="popup__text">{popup.body}</p> : null}
      <PopupLink href="/signup" onClick={close}>
        {popup.button_label ?? "無料会員登録"}
      </PopupLink>
      {data ? <Cards items={data.recommends} /> : <p className="popup__loading">読み込み中…</p>}
    </>
  );
}

/** Type 31: the coupon, with its countdown while less than three days remain. */
export function CouponBody({ popup, close, ready }: BodyProps) {
  useEffect(() => ready(), [ready]);
  const [left, setLeft] = useState(popup.expire_seconds ?? 0);
  useEffect(() => startCountdown(popup.expire_seconds ?? 0, setLeft), [popup.expire_seconds]);
  return (
    <>
      <Image popup={popup} className="popup__img popup__img--small" />
      {popupCountdownVisible(left) ? (
        <p className="popup__countdown" data-testid="popup-countdown">
          終了まで <time>{formatCountdown(left)}</time>
        </p>
      ) : null}
      <PopupLink href={popup.link_url} onClick={close}>
        {popup.button_label ?? "クーポンを見る"}
      </PopupLink>
    </>
  );
}

/** Type 36: 気になる for the series on screen. */
export function FavoriteBody({ popup, series, close, ready }: BodyProps) {
  useEffect(() => ready(), [ready]);
  const [busy, setBusy] = useState(false);
  if (!series) return null;
  const favorite = async () => {
    setBusy(true);
    await post("/api/series_favorite", { series });
    close();
  };
  return (
    <>
      {popup.body ? <p className="popup__text">{popup.body}</p> : null}
      <button
        type="button"
        className="button button--primary popup__action"
        disabled={busy}
        onClick={favorite}
      >
        {popup.button_label ?? "気になる"}
      </button>
    </>
  );
}

/** Type 40: the mail magazine, turned on from the popup. */
export function MailMagazineBody({ popup, close, ready }: BodyProps) {
  useEffect(() => ready(), [ready]);
  const [done, setDone] = useState(false);
  const subscribe = async () => {
    const answer = await post<{ enable: boolean }>("/api/newsletter", { enable: true });
    if (answer.result) setDone(true);
  };
  return (
    <>
      {popup.body ? <p className="popup__text">{popup.body}</p> : null}
      {done ? (
        <>
          <p className="popup__text" role="status">
            メルマガの配信を登録しました
          </p>
          <button type="button" className="button popup__action" onClick={close}>
            閉じる
          </button>
        </>
      ) : (
        <button type="button" className="button button--primary popup__action" onClick={subscribe}>
          {popup.button_label ?? "メルマガを受け取る"}
        </button>
      )}
    </>
  );
}

function CampaignList({ campaigns, close }: { campaigns: PopupCampaign[]; close: () => void }) {
  return (
    <ul className="popup__campaigns">
      {campaigns.map((c) => (
        <li key={c.campaign_id}>
          <PopupLink href={c.url} className="popup__campaign" onClick={close}>
            {c.img ? <img src={c.img} alt="" className="popup__banner" /> : null}
            <span>{c.name}</span>
          </PopupLink>
        </li>
      ))}
    </ul>
  );
}

/** Type 37: campaigns of the genre read last. */
export function GenreCampaignBody({ popup, lastReadGenre, close, ready }: BodyProps) {
  const data = useListData(
    popup.popup_id,
    async () => {
      if (lastReadGenre === null) return [];
      const answer = await post<PopupGenreCampaignAnswer>("/api/popup_genre_campaign", {
        genre: lastReadGenre,
      });
      return answer.result ? answer.campaigns : [];
    },
    ready,
  );
  if (data === null) return <p className="popup__loading">読み込み中…</p>;
  if (data.length === 0) return <p className="popup__text">対象の作品はありません</p>;
  return <CampaignList campaigns={data} close={close} />;
}

/** Type 38: free series of the genre read last, the one on screen left out. */
export function PickupFreeBody({ popup, series, lastReadGenre, ready }: BodyProps) {
  const data = useListData(
    popup.popup_id,
    async () => {
      if (lastReadGenre === null) return [];
      const answer = await post<PopupPickupFreeAnswer>("/api/popup_pickup_free", {
        genre: lastReadGenre,
        ...(series ? { series } : {}),
      });
      return answer.result ? answer.data : [];
    },
    ready,
  );
  if (data === null) return <p className="popup__loading">読み込み中…</p>;
  if (data.length === 0) return <p className="popup__text">対象の作品はありません</p>;
  return <Cards items={data} />;
}

/** Types 39 and 42: koma (panel) images and the series they come from. */
export function KomaBody({ popup, series, close, ready }: BodyProps) {
  const data = useListData(
    popup.popup_id,
    async () => {
      const answer = await post<PopupCreativeInfoAnswer>("/api/popup_creative_info", {
        popup: popup.popup_id,
        ...(series ? { series } : {}),
      });
      return answer.result ? answer : null;
    },
    ready,
  );
  if (data === null) return <p className="popup__loading">読み込み中…</p>;
  return (
    <>
      <ul className={popup.popup_type === 42 ? "popup__koma popup__koma--multi" : "popup__koma"}>
        {data.koma.map((src) => (
          <li key={src}>
            <img src={src} alt="" className="popup__koma-img" />
          </li>
        ))}
      </ul>
      {data.series.length === 1 && data.series[0] ? (
        <PopupLink href={viewerUrl(data.series[0], "trial")} onClick={close}>
          試し読みする
        </PopupLink>
      ) : (
        <Cards items={data.series} />
      )}
    </>
  );
}

/** The title, by random control group where the popup has the three texts (spec 001 §9). */
export function usePopupTitle(popup: PopupView): string {
  const { status, user } = useShell();
  return controlGroupTitle(popup, status.ctrl_group, status.is_login ? user.nickname : "");
}
