import { useEffect, useState } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import {
  type LotteryPlayAnswer,
  type LotteryPrizeView,
  type LotteryStatus,
  PLAY_CONDITION_TEXT,
} from "../../../contract/lottery";
import { post } from "../../lib/request";
import { loginUrl } from "../../lib/return-to";
import { Html } from "../topic/TopicBlocks";
import type { LotteryPageData } from "./lottery.server";
import "./lottery.css";

/** How long the drawing animation runs before the result shows. */
const DRAW_MS = 1400;

const slashDate = (d: string) => d.replaceAll("-", "/");

function prizeGives(p: LotteryPrizeView): string {
  if (p.point > 0) return `${p.point.toLocaleString("ja-JP")}ポイント`;
  if (p.coupon_id !== null) return "クーポン";
  if (p.item_id !== null) return "作品1冊";
  return "";
}

type Phase = { kind: "ready" } | { kind: "drawing" } | { kind: "done"; answer: LotteryPlayAnswer };

/**
 * /lottery/{name}: the upper and lower content, the play condition, the draw button and its
 * result. The server decides the prize; the animation only waits for the answer and at least
 * DRAW_MS so the result never flashes by.
 */
export function LotteryScreen({ data }: { data: LotteryPageData }) {
  const { lottery } = data;
  const location = useLocation();
  const { revalidate } = useRevalidator();
  const [status, setStatus] = useState<LotteryStatus | null>(data.status);
  const [phase, setPhase] = useState<Phase>({ kind: "ready" });
  const [copied, setCopied] = useState(false);

  async function draw() {
    if (!status?.can_play || phase.kind === "drawing") return;
    setPhase({ kind: "drawing" });
    const [answer] = await Promise.all([
      post<LotteryPlayAnswer>(`/api/lottery/${lottery.name}/play`, {
        condition_type: status.play_condition_type,
      }),
      new Promise((resolve) => setTimeout(resolve, DRAW_MS)),
    ]);
    if (!answer.result) {
      setPhase({ kind: "ready" });
      return;
    }
    setStatus(answer.status);
    setPhase({ kind: "done", answer });
    // The drawer's present count and points come with the page data.
    await revalidate();
  }

  // The stored address may be a path. It is made whole once the page runs in the browser, after
  // hydration: React keeps a server-rendered attribute that differs from the browser's first
  // render, so resolving it during render would leave X a relative address.
  const [shareAddress, setShareAddress] = useState(lottery.share_url);
  useEffect(() => {
    setShareAddress(new URL(lottery.share_url, window.location.origin).toString());
  }, [lottery.share_url]);
  async function copyShare() {
    await navigator.clipboard?.writeText(shareAddress).catch(() => undefined);
    setCopied(true);
  }

  return (
    <section className="lottery page" aria-labelledby="lottery-title">
      <h1 id="lottery-title" className="lottery__title">
        {lottery.title}
      </h1>
      {lottery.img ? (
        <img
          className="lottery__img"
          src={lottery.img}
          alt={lottery.title}
          width={750}
          height={400}
        />
      ) : null}
      <div data-testid="lottery-upper">
        <Html className="lottery__content" html={lottery.upper_page_content} />
      </div>
      <p className="lottery__period">
        開催期間：{slashDate(lottery.start_date)}〜
        {lottery.end_date ? slashDate(lottery.end_date) : ""}
      </p>

      <div className="lottery__stage" data-testid="lottery-stage">
        {phase.kind === "drawing" ? (
          <div className="lottery__drawing" role="status" aria-live="polite">
            <span className="lottery__box" aria-hidden="true" />
            <span>抽選中…</span>
          </div>
        ) : phase.kind === "done" ? (
          <LotteryResult prize={phase.answer.prize} />
        ) : (
          <span className="lottery__box lottery__box--idle" aria-hidden="true" />
        )}
      </div>

      {status ? (
        <div className="lottery__play">
          <p className="lottery__condition">{PLAY_CONDITION_TEXT[status.play_condition_type]}</p>
          <button
            type="button"
            className="lottery__button"
            onClick={draw}
            disabled={!status.can_play || phase.kind === "drawing"}
          >
            抽選する
          </button>
          {!status.can_play && status.message ? (
            <p className="lottery__refusal" data-testid="lottery-refusal">
              {status.message}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="lottery__play">
          <p className="lottery__condition">抽選にはログインが必要です</p>
          <Link className="lottery__button" to={loginUrl(location.pathname + location.search)}>
            ログインして抽選する
          </Link>
        </div>
      )}

      {lottery.prizes.length > 0 ? (
        <section className="lottery__prizes" aria-labelledby="prizes-title">
          <h2 id="prizes-title">賞品</h2>
          <ul>
            {lottery.prizes.map((p) => (
              <li key={`${p.rank}-${p.name}`}>
                <strong>{p.name}</strong>
                <span>{prizeGives(p)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div data-testid="lottery-lower">
        <Html
          className="lottery__content lottery__content--lower"
          html={lottery.lower_page_content}
        />
      </div>

      <div className="lottery__share">
        <a
          className="lottery__share-x"
          href={`https://twitter.com/intent/tweet?text=${encodeURIComponent(lottery.title)}&url=${encodeURIComponent(shareAddress)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Xでシェア
        </a>
        <button type="button" className="lottery__share-copy" onClick={copyShare}>
          {copied ? "URLをコピーしました" : "URLをコピー"}
        </button>
      </div>
    </section>
  );
}

function LotteryResult({ prize }: { prize: LotteryPrizeView | null }) {
  const gives = prize ? prizeGives(prize) : "";
  return (
    <div className="lottery__result" role="status" aria-live="polite" data-testid="lottery-result">
      {prize ? (
        <>
          <p className="lottery__result-name">{prize.name}</p>
          {prize.description ? <p>{prize.description}</p> : null}
          {gives ? (
            <p className="lottery__result-note">
              {gives}
              をプレゼントボックスにお届けしました。メニューのプレゼントボックスから受け取ってください。
            </p>
          ) : null}
        </>
      ) : (
        <p className="lottery__result-name">はずれ</p>
      )}
    </div>
  );
}
