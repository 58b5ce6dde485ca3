import { and, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inTokyo } from "../../lib/tokyo-sql";
import { users } from "./schema";

/**
 * New members per Tokyo day of sign-up (the ops dashboard, issue 24), read from users_signup_idx
 * alone. A member who left since still signed up that day, so they are counted.
 */
export async function signupsByDay(
  db: Db,
  start: Date,
  end: Date,
): Promise<Array<{ day: string; members: number }>> {
  const day = sql<string>`to_char(${inTokyo(users.signupAt)}, 'YYYY-MM-DD')`;
  return db
    .select({ day, members: sql<number>`count(*)::int` })
    .from(users)
    .where(and(gte(users.signupAt, start), lt(users.signupAt, end)))
    .groupBy(day)
    .orderBy(day);
}
