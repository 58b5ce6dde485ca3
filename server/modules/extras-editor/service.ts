import type { CatalogListQuery } from "../../../contract/ops-catalog";
import type {
  LotteryPayload,
  NewsPayload,
  PrizePayload,
  StampCardPayload,
} from "../../../contract/ops-extras";
import {
  type EditorList,
  EXTRAS_PAGE_SIZE,
  type LotteryEditorAnswer,
  type LotteryRow,
  type NewsEditorAnswer,
  type NewsEditorRow,
  type PrizeAnswer,
  type StampCardEditorAnswer,
  type StampCardRow,
} from "../../../contract/ops-extras-rules";
import type { AuditEntity } from "../../../contract/ops-roles";
import {
  parseTokyoDateTimeInput,
  tokyoDateTimeInput,
  tokyoIsoDate,
} from "../../../contract/tokyo-time";
import type { Db, Tx } from "../../db/client";
import type { CatalogChange, ChangeBus } from "../../lib/changes";
import { BadInput, NotFound } from "../../lib/errors";
import { auditedWrite } from "../audit/service";
import { publicationState } from "../catalog/editing";
import { itemSaleFacts } from "../catalog/service";
import { couponRules } from "../commerce/coupons";
import {
  editorLotteries,
  editorLottery,
  insertLottery,
  type LotteryValues,
  lockLotteryPrizes,
  lotteryNameTaken,
  type PrizeValues,
  updateLottery,
} from "../lottery/editing";
import { isRunning, type PrizeContent } from "../lottery/service";
import {
  editorNews,
  editorNewsList,
  insertNews,
  type NewsRecord,
  type NewsValues,
  setNewsPublication,
  updateNews,
} from "../news/editing";
import type { Staff } from "../staff/service";
import {
  type EditorStampCard,
  editorStampCard,
  editorStampCards,
  insertStampCard,
  lockStampCard,
  type StampCardValues,
  type StampCellValues,
  updateStampCard,
} from "../stamp/editing";

/**
 * The /ops editor of the store's notices, login stamp cards and lotteries (issue 24), built as
 * the catalog editor is (decision 0091): every write is one auditedWrite (the change and its
 * audit row with before and after, in one transaction), then one change on the bus once
 * committed, so every instance drops the answers it keeps (the home answer keeps the latest
 * notices). Answers use the payloads' own shapes, so a form loads what it sends.
 */

export interface ExtrasDeps {
  db: Db;
  changes: ChangeBus;
  now?: () => Date;
}

type Entity = AuditEntity & CatalogChange["entity"];

type LoginStampCard = EditorStampCard["card"];
type Lottery = NonNullable<Awaited<ReturnType<typeof editorLottery>>>["lottery"];

const clock = (deps: ExtrasDeps) => deps.now?.() ?? new Date();

/** One audited write of one row, then its change told to every instance after the commit. */
async function write<T>(
  deps: ExtrasDeps,
  staff: Staff,
  target: { action: string; entity: Entity; id: number | null },
  read: (tx: Tx, id: number) => Promise<T>,
  change: (tx: Tx, before: T | null) => Promise<number>,
): Promise<T> {
  let id = 0;
  const result = await auditedWrite(
    deps.db,
    { userId: staff.userId, email: staff.email, role: staff.role },
    async (tx) => {
      const before = target.id === null ? null : await read(tx, target.id);
      id = await change(tx, before);
      const after = await read(tx, id);
      return {
        action: target.action,
        entity: target.entity,
        entityId: id,
        before,
        after,
        result: after,
      };
    },
  );
  await deps.changes.publish({ entity: target.entity, id });
  return result;
}

const listOf = <T>(rows: T[], total: number, page: number): EditorList<T> => ({
  total,
  page,
  page_size: EXTRAS_PAGE_SIZE,
  rows,
});

const instant = (value: string) => parseTokyoDateTimeInput(value)!;

// ---------------------------------------------------------------- news

function newsRow(n: NewsRecord, now: Date): NewsEditorRow {
  return {
    m_news_id: n.mNewsId,
    title: n.title,
    important: n.important,
    published_at: tokyoDateTimeInput(n.publishedAt),
    state: publicationState({ ...n, publishAt: n.publishedAt }, now),
  };
}

export async function listNews(db: Db, query: CatalogListQuery, now = new Date()) {
  const { rows, total } = await editorNewsList(db, {
    q: query.q,
    page: query.page,
    pageSize: EXTRAS_PAGE_SIZE,
  });
  return listOf(
    rows.map((n) => newsRow(n, now)),
    total,
    query.page,
  );
}

async function readNews(db: Db | Tx, id: number, now: Date): Promise<NewsEditorAnswer> {
  const n = await editorNews(db, id);
  if (!n) throw new NotFound("お知らせが見つかりませんでした");
  return { ...newsRow(n, now), body: n.body };
}

export const getNews = (db: Db, id: number, now = new Date()) => readNews(db, id, now);

const newsValues = (input: NewsPayload): NewsValues => ({
  title: input.title,
  body: input.body,
  publishedAt: instant(input.published_at),
  important: input.important,
});

/** A new notice is a draft: it reaches the store when published, at its time. */
export function createNews(deps: ExtrasDeps, staff: Staff, input: NewsPayload) {
  const now = clock(deps);
  return write(
    deps,
    staff,
    { action: "create", entity: "news", id: null },
    (tx, id) => readNews(tx, id, now),
    (tx) => insertNews(tx, newsValues(input)),
  );
}

export function editNews(deps: ExtrasDeps, staff: Staff, id: number, input: NewsPayload) {
  const now = clock(deps);
  return write(
    deps,
    staff,
    { action: "update", entity: "news", id },
    (tx, id) => readNews(tx, id, now),
    async (tx) => {
      await updateNews(tx, id, newsValues(input));
      return id;
    },
  );
}

export type NewsAction = "publish" | "withdraw" | "restore";

const NOT_NOW: Record<NewsAction, (state: NewsEditorRow["state"]) => string | null> = {
  publish: (s) => (s === "draft" ? null : "下書きのお知らせだけを公開できます"),
  withdraw: (s) => (s === "withdrawn" ? "このお知らせはすでに取り下げられています" : null),
  restore: (s) => (s === "withdrawn" ? null : "取り下げられたお知らせだけを戻せます"),
};

/** Publish a draft (at its time: a time ahead schedules it), withdraw it, or restore it. */
export function changeNewsPublication(
  deps: ExtrasDeps,
  staff: Staff,
  id: number,
  action: NewsAction,
) {
  const now = clock(deps);
  return write(
    deps,
    staff,
    { action, entity: "news", id },
    (tx, id) => readNews(tx, id, now),
    async (tx, before) => {
      const refusal = NOT_NOW[action](before!.state);
      if (refusal) throw new BadInput("state", refusal);
      await setNewsPublication(tx, id, action, now);
      return id;
    },
  );
}

// ---------------------------------------------------------------- stamp cards

const cardRunning = (card: LoginStampCard, now: Date) => {
  const today = tokyoIsoDate(now);
  return card.startDate <= today && today <= card.endDate;
};

function stampCardRow(card: LoginStampCard, now: Date): StampCardRow {
  return {
    card_id: card.cardId,
    start_date: card.startDate,
    end_date: card.endDate,
    stamp_count: card.stampCount,
    description: card.description,
    running: cardRunning(card, now),
  };
}

function stampCardAnswer(found: EditorStampCard, now: Date): StampCardEditorAnswer {
  const { card } = found;
  return {
    ...stampCardRow(card, now),
    image_url: card.imageUrl,
    bg_color: card.bgColor,
    bg_image_url: card.bgImageUrl,
    band_style: card.bandStyle,
    cells: found.cells.map((c) => ({
      stamp_no: c.stampNo,
      row: c.row,
      col: c.col,
      image_url_on: c.imageUrlOn,
      image_url_off: c.imageUrlOff,
      reward_point: c.rewardPoint,
      reward_coupon_id: c.rewardCouponId,
      reward_present_point: c.rewardPresentPoint,
    })),
    pressed_max: found.pressedMax,
  };
}

export async function listStampCards(db: Db, query: CatalogListQuery, now = new Date()) {
  const { rows, total } = await editorStampCards(db, {
    page: query.page,
    pageSize: EXTRAS_PAGE_SIZE,
  });
  return listOf(
    rows.map((c) => stampCardRow(c, now)),
    total,
    query.page,
  );
}

async function readStampCard(db: Db | Tx, id: number, now: Date) {
  const found = await editorStampCard(db, id);
  if (!found) throw new NotFound("スタンプカードが見つかりませんでした");
  return stampCardAnswer(found, now);
}

export const getStampCard = (db: Db, id: number, now = new Date()) => readStampCard(db, id, now);

/** Coupons a reward or a prize names must exist: handing one out would fail at the press. */
async function requireCoupons(tx: Tx, wanted: { field: string; couponId: number }[]) {
  if (wanted.length === 0) return;
  const known = new Set(
    (
      await couponRules(
        tx,
        wanted.map((w) => w.couponId),
      )
    ).map((c) => c.couponId),
  );
  const missing = wanted.find((w) => !known.has(w.couponId));
  if (missing) {
    throw new BadInput(missing.field, `クーポン（ID ${missing.couponId}）が見つかりません`);
  }
}

function stampValues(input: StampCardPayload): {
  card: StampCardValues;
  cells: StampCellValues[];
} {
  return {
    card: {
      imageUrl: input.image_url,
      startDate: input.start_date,
      endDate: input.end_date,
      description: input.description,
      bgColor: input.bg_color?.toLowerCase() ?? null,
      bgImageUrl: input.bg_image_url,
      bandStyle: input.band_style,
    },
    cells: input.cells.map((c) => ({
      imageUrlOn: c.image_url_on,
      imageUrlOff: c.image_url_off,
      rewardPoint: c.reward_point || null,
      rewardCouponId: c.reward_coupon_id ?? null,
      rewardPresentPoint: c.reward_present_point || null,
    })),
  };
}

async function checkStampCard(tx: Tx, input: StampCardPayload, pressedMax: number) {
  await requireCoupons(
    tx,
    input.cells.flatMap((c, i) =>
      c.reward_coupon_id
        ? [{ field: `cells.${i}.reward_coupon_id`, couponId: c.reward_coupon_id }]
        : [],
    ),
  );
  // A member's stamps point at their cells: the card keeps every cell someone pressed.
  if (input.cells.length < pressedMax) {
    throw new BadInput(
      "cells",
      `スタンプを${pressedMax}個押した会員がいるため、マス目を${pressedMax}個より少なくできません`,
    );
  }
}

export function createStampCard(deps: ExtrasDeps, staff: Staff, input: StampCardPayload) {
  const now = clock(deps);
  return write(
    deps,
    staff,
    { action: "create", entity: "stamp_card", id: null },
    (tx, id) => readStampCard(tx, id, now),
    async (tx) => {
      await checkStampCard(tx, input, 0);
      const { card, cells } = stampValues(input);
      return insertStampCard(tx, card, cells);
    },
  );
}

export function editStampCard(deps: ExtrasDeps, staff: Staff, id: number, input: StampCardPayload) {
  const now = clock(deps);
  return write(
    deps,
    staff,
    { action: "update", entity: "stamp_card", id },
    async (tx, id) => {
      await lockStampCard(tx, id);
      return readStampCard(tx, id, now);
    },
    async (tx, before) => {
      await checkStampCard(tx, input, before!.pressed_max);
      const { card, cells } = stampValues(input);
      await updateStampCard(tx, id, card, cells);
      return id;
    },
  );
}

// ---------------------------------------------------------------- lotteries

function lotteryRow(l: Lottery, prizeCount: number, now: Date): LotteryRow {
  return {
    lottery_id: l.lotteryId,
    name: l.name,
    title: l.title,
    start_at: tokyoDateTimeInput(l.startAt),
    end_at: l.endAt ? tokyoDateTimeInput(l.endAt) : null,
    play_condition_type: l.playConditionType as 1 | 2 | 3,
    prize_count: prizeCount,
    running: isRunning(l, now),
  };
}

export async function listLotteries(db: Db, query: CatalogListQuery, now = new Date()) {
  const { rows, total } = await editorLotteries(db, {
    page: query.page,
    pageSize: EXTRAS_PAGE_SIZE,
  });
  return listOf(
    rows.map((r) => lotteryRow(r.lottery, r.prizeCount, now)),
    total,
    query.page,
  );
}

async function readLottery(db: Db | Tx, id: number, now: Date): Promise<LotteryEditorAnswer> {
  const found = await editorLottery(db, id);
  if (!found) throw new NotFound("くじが見つかりませんでした");
  const { lottery: l, prizes } = found;
  return {
    ...lotteryRow(l, prizes.length, now),
    img: l.img,
    upper_page_content: l.upperPageContent ?? "",
    lower_page_content: l.lowerPageContent ?? "",
    share_url: l.shareUrl,
    prizes: prizes.map(
      (p): PrizeAnswer => ({
        prize_id: p.prizeId,
        name: p.content.name,
        rank: p.content.rank ?? null,
        img: p.content.img ?? null,
        description: p.content.description ?? null,
        point: p.content.point ?? null,
        coupon_id: p.content.coupon_id ?? null,
        item_id: p.content.item_id ?? null,
        weight: p.weight,
        stock: p.stock,
        won: p.won,
      }),
    ),
  };
}

export const getLottery = (db: Db, id: number, now = new Date()) => readLottery(db, id, now);

/** The prize JSON the draw and the lottery page read (lottery/service.ts prizeShape). */
function prizeContent(p: PrizePayload): PrizeContent {
  const content: PrizeContent = { name: p.name };
  if (p.rank != null) content.rank = p.rank;
  if (p.img) content.img = p.img;
  if (p.description) content.description = p.description;
  if (p.point) content.point = p.point;
  if (p.coupon_id) content.coupon_id = p.coupon_id;
  if (p.item_id) content.item_id = p.item_id;
  return content;
}

function lotteryValues(input: LotteryPayload): { lottery: LotteryValues; prizes: PrizeValues[] } {
  return {
    lottery: {
      name: input.name,
      title: input.title,
      img: input.img,
      upperPageContent: input.upper_page_content,
      lowerPageContent: input.lower_page_content,
      shareUrl: input.share_url,
      playConditionType: input.play_condition_type,
      startAt: instant(input.start_at),
      endAt: input.end_at ? instant(input.end_at) : null,
    },
    prizes: input.prizes.map((p) => ({
      prizeId: p.prize_id ?? null,
      content: prizeContent(p),
      weight: p.weight,
      stock: p.stock,
      stockSeen: p.stock_seen,
    })),
  };
}

/** What the draw hands over must exist: a missing coupon or volume would fail the play. */
async function checkLottery(tx: Tx, input: LotteryPayload, id: number, now: Date) {
  if (await lotteryNameTaken(tx, input.name, id)) {
    throw new BadInput("name", `/lottery/${input.name} はほかのくじが使っています`);
  }
  await requireCoupons(
    tx,
    input.prizes.flatMap((p, i) =>
      p.coupon_id ? [{ field: `prizes.${i}.coupon_id`, couponId: p.coupon_id }] : [],
    ),
  );
  for (const [i, p] of input.prizes.entries()) {
    if (!p.item_id) continue;
    const [item] = await itemSaleFacts(tx, [p.item_id], now);
    if (!item)
      throw new BadInput(`prizes.${i}.item_id`, `作品（商品ID ${p.item_id}）が見つかりません`);
  }
}

export function createLottery(deps: ExtrasDeps, staff: Staff, input: LotteryPayload) {
  const now = clock(deps);
  return write(
    deps,
    staff,
    { action: "create", entity: "lottery", id: null },
    (tx, id) => readLottery(tx, id, now),
    async (tx) => {
      await checkLottery(tx, input, 0, now);
      const { lottery, prizes } = lotteryValues(input);
      return insertLottery(tx, lottery, prizes);
    },
  );
}

export function editLottery(deps: ExtrasDeps, staff: Staff, id: number, input: LotteryPayload) {
  const now = clock(deps);
  return write(
    deps,
    staff,
    { action: "update", entity: "lottery", id },
    async (tx, id) => {
      // Before anything is read: the before the audit row keeps is what the draws left.
      await lockLotteryPrizes(tx, id);
      return readLottery(tx, id, now);
    },
    async (tx) => {
      await checkLottery(tx, input, id, now);
      const { lottery, prizes } = lotteryValues(input);
      await updateLottery(tx, id, lottery, prizes);
      return id;
    },
  );
}
