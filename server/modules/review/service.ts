import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bookRatings } from "./schema";

/** The stars a member gave the volumes of one series (Series user data "ratings"). */
export async function memberBookRatings(
  db: Db,
  userId: number,
  seriesId: number,
): Promise<Array<{ bookId: number; rating: number }>> {
  return db
    .select({ bookId: bookRatings.bookId, rating: bookRatings.rating })
    .from(bookRatings)
    .where(and(eq(bookRatings.userId, userId), eq(bookRatings.seriesId, seriesId)));
}
