import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { hotWords } from "./schema";

export async function hotWordsOfGenre(db: Db, genre: number): Promise<Array<{ word: string }>> {
  return db
    .select({ word: hotWords.word })
    .from(hotWords)
    .where(eq(hotWords.genre, genre))
    .orderBy(asc(hotWords.position));
}
