import { z } from "zod";
import type { TopicPlace } from "./page-state";

const kept = z.string().max(200, "utm の値が長すぎます").default("");
const id = (what: string) =>
  z.coerce
    .number({ message: `${what}が正しくありません` })
    .int(`${what}が正しくありません`)
    .positive(`${what}が正しくありません`)
    .optional();

/** Where the content will be shown, as the page tells it (its path, kept utm values, target). */
export const placeQuery = z.object({
  url: z.string().max(2000, "url が長すぎます").default("/"),
  utm_source: kept,
  utm_medium: kept,
  utm_campaign: kept,
  series: id("series"),
  cd: id("cd"),
  publisher: id("publisher"),
  genre: id("genre"),
});

/** The place a topic answer is computed for, from the page's query. */
export function placeOf(q: z.infer<typeof placeQuery>): TopicPlace {
  return {
    url: q.url,
    utm: { src: q.utm_source, mdm: q.utm_medium, cpn: q.utm_campaign },
    seriesId: q.series ?? null,
    cdId: q.cd ?? null,
    publisherId: q.publisher ?? null,
    genreId: q.genre ?? null,
  };
}
