import { and, inArray, lte, sql } from "drizzle-orm";
import { books, series } from "../../modules/catalog/schema";
import { orderItems } from "../../modules/commerce/schema";
import { reviewLikes, reviews } from "../../modules/review/schema";
import { SYNTHETIC_USER_BASE } from "./activity";
import { insertRows } from "./bulk";
import type { SeedContext } from "./types";
import { GIVEN_NAMES } from "./words";

const DAY = 86_400_000;
/** The best-selling series get reviews, so their pages and /reviews open with readers' voices. */
const REVIEWED_SERIES = 40;
/** Reviewers come from the crowd's reserved ids (activity.ts): nobody signs in as them. */
const REVIEWERS = 300;

const NICKNAME_ENDINGS = ["", "", "さん", "の本棚", "推し", "マンガ好き", "（夜ふかし中）"];

/** Title and comment by the stars given, so a 2 reads as a 2. */
const VOICES: Record<1 | 2 | 3 | 4 | 5, Array<[title: string, comment: string]>> = {
  5: [
    [
      "一気読みしました",
      "気づいたら朝でした。登場人物みんなが愛おしくて、読み終わるのがもったいなかったです。",
    ],
    [
      "何度でも読み返したい",
      "絵がとにかく綺麗で、見開きのたびに息をのみました。台詞の間の取り方も最高です。",
    ],
    ["続きが待ちきれない", "毎巻ちゃんと山場があって、引きも上手い。新刊が出たらすぐ買います。"],
    [
      "友達にも勧めました",
      "最初は表紙買いでしたが、中身はもっと良かった。脇役のエピソードで泣きました。",
    ],
    ["ここ数年でいちばん", "設定の見せ方が丁寧で、世界にすっと入れます。最終話まで追いかけます。"],
  ],
  4: [
    ["じわじわ好きになる", "序盤は少しゆっくりですが、二巻あたりから一気に面白くなります。"],
    [
      "キャラが魅力的",
      "主人公の不器用さが可愛い。話の展開はもう少し早くてもいいかなと思いました。",
    ],
    [
      "安心して読める",
      "大きな事件はないけれど、日常の描写が丁寧で、寝る前に読むのにちょうどいいです。",
    ],
    ["絵柄が好み", "表情の描き分けがうまくて、セリフがなくても気持ちが伝わってきます。"],
  ],
  3: [
    [
      "好みが分かれそう",
      "雰囲気は好きですが、説明が多くてテンポが気になりました。続きは様子見です。",
    ],
    [
      "悪くはない",
      "設定は面白いのに、中盤が少し駆け足に感じました。無料分だけでも読む価値はあります。",
    ],
  ],
  2: [
    [
      "期待しすぎたかも",
      "あらすじに惹かれて買いましたが、思っていた話と違いました。絵は綺麗です。",
    ],
  ],
  1: [
    [
      "合いませんでした",
      "話の流れについていけず、途中で止めてしまいました。好きな人には刺さると思います。",
    ],
  ],
};

const SPOILER_VOICES: Array<[title: string, comment: string]> = [
  [
    "ラストに驚きました",
    "まさか最後にあの人が味方だったとは。読み返すと序盤から伏線が張ってあって鳥肌でした。",
  ],
  [
    "あの別れの場面は反則",
    "三巻の別れのシーンで号泣。再会の場面までページをめくる手が止まりませんでした。",
  ],
];

const TAGS = ["泣ける", "胸キュン", "笑える", "伏線", "作画が最高", "一気読み", "癒やし"];

/**
 * Readers' reviews of the best-selling series, by crowd members: a few to a dozen per series,
 * some of one volume, some with spoilers (folded on the page), some liked by other readers. Like
 * a review posted in the store, each counts toward its series' rating_average / rating_count
 * (decision 0025), so the series page's average and count agree with the reviews under it.
 */
export async function seedReviews(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const rng = ctx.rng.fork("reviews");
  const now = ctx.options.now;
  // The series the crowd bought most (activity.ts), with their seeded rating.
  const popular = (
    await db.execute(sql`
      select s.series_id as "seriesId", s.rating_average as "ratingAverage"
      from ${series} s
      join (select series_id, count(*) as n from ${orderItems} where series_id is not null
            group by series_id) sold on sold.series_id = s.series_id
      order by sold.n desc, s.series_id
      limit ${REVIEWED_SERIES}`)
  ).rows as Array<{ seriesId: number; ratingAverage: number }>;
  if (popular.length === 0) return;
  const volumes = await db
    .select({ seriesId: books.seriesId, bookId: books.bookId })
    .from(books)
    .where(
      and(
        inArray(
          books.seriesId,
          popular.map((p) => p.seriesId),
        ),
        // Only volumes out by then can have been read.
        lte(books.itemStartDate, now),
      ),
    )
    .orderBy(books.bookId);
  const volumesOf = new Map<number, number[]>();
  for (const v of volumes)
    volumesOf.set(v.seriesId, [...(volumesOf.get(v.seriesId) ?? []), v.bookId]);

  const nickname = (userId: number) => {
    const [name] = GIVEN_NAMES[(userId * 7919) % GIVEN_NAMES.length]!;
    return `${name}${NICKNAME_ENDINGS[userId % NICKNAME_ENDINGS.length]}`;
  };
  const rows: Array<typeof reviews.$inferInsert> = [];
  popular.forEach((s, rank) => {
    // The best known series carry the most reviews.
    const count = Math.max(3, 12 - Math.floor(rank / 4)) - rng.int(0, 2);
    const writers = rng.sample(
      Array.from({ length: REVIEWERS }, (_, i) => SYNTHETIC_USER_BASE + i),
      count,
    );
    const bookIds = volumesOf.get(s.seriesId) ?? [];
    for (const userId of writers) {
      // Stars cluster around the series' average.
      const centre = s.ratingAverage > 0 ? s.ratingAverage : 4;
      const rating = Math.min(5, Math.max(1, Math.round(centre + (rng.next() - 0.5) * 2.4))) as
        | 1
        | 2
        | 3
        | 4
        | 5;
      const spoil = rating >= 4 && rng.chance(0.12);
      const [title, comment] = rng.pick(spoil ? SPOILER_VOICES : VOICES[rating]);
      const at = new Date(now.getTime() - rng.int(1, 120) * DAY - rng.int(0, 86_399) * 1000);
      rows.push({
        userId,
        seriesId: s.seriesId,
        // One review in four is of a single volume.
        bookId: bookIds.length > 0 && rng.chance(0.25) ? rng.pick(bookIds) : null,
        nickname: nickname(userId),
        title,
        comment,
        rating,
        spoil,
        tag: rng.chance(0.5) ? rng.sample(TAGS, rng.int(1, 2)).join(",") : null,
        createdAt: at,
        updatedAt: at,
      });
    }
  });
  // Distinct (writer, series, volume) per row: one writer picks a series once.
  const saved = await db
    .insert(reviews)
    .values(rows)
    .returning({ reviewId: reviews.reviewId, userId: reviews.userId });

  const likes: Array<typeof reviewLikes.$inferInsert> = [];
  for (const r of saved) {
    const n = rng.chance(0.4) ? 0 : Math.floor(rng.next() ** 2 * 24);
    const likers = rng.sample(
      Array.from({ length: REVIEWERS }, (_, i) => SYNTHETIC_USER_BASE + i),
      n + 1,
    );
    for (const userId of likers.filter((u) => u !== r.userId).slice(0, n)) {
      likes.push({ reviewId: r.reviewId, userId, createdAt: now });
    }
  }
  await insertRows(db, reviewLikes, likes);
  // The reviews join the ratings the series had (decision 0025: reviews move the figures).
  await db.execute(sql`
    update ${series} s set
      rating_average = (s.rating_average * s.rating_count + r.total) / (s.rating_count + r.n),
      rating_count = s.rating_count + r.n
    from (select series_id, count(*)::int as n, sum(rating)::float8 as total
          from ${reviews} group by series_id) r
    where s.series_id = r.series_id`);
  // like_count is kept in step with review_likes (decision 0025).
  await db.execute(sql`
    update ${reviews} r set like_count = l.n
    from (select review_id, count(*)::int as n from ${reviewLikes} group by review_id) l
    where r.review_id = l.review_id`);
}
