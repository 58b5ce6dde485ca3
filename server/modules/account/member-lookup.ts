import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "./schema";
import { normaliseEmail } from "./service";

/**
 * Members found by address or id for the back office (staff accounts are member accounts,
 * decision 0083): the id, address and nickname, of members who have not left.
 */
export interface MemberName {
  userId: number;
  email: string | null;
  nickname: string | null;
}

export async function memberByEmail(db: Db, email: string): Promise<MemberName | null> {
  const [row] = await db
    .select({ userId: users.userId, email: users.email, nickname: users.nickname })
    .from(users)
    .where(and(eq(users.email, normaliseEmail(email)), isNull(users.leftAt)));
  return row ?? null;
}

export async function memberNames(db: Db, userIds: number[]): Promise<Map<number, MemberName>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.userId, email: users.email, nickname: users.nickname })
    .from(users)
    .where(and(inArray(users.userId, userIds), isNull(users.leftAt)));
  return new Map(rows.map((row) => [row.userId, row]));
}
