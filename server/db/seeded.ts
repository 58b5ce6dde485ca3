import { sql } from "drizzle-orm";
import type { Db } from "./client";

/** Whether the database already holds a catalog (the server's first start seeds when not). */
export async function isSeeded(db: Db): Promise<boolean> {
  const result = await db.execute(sql`select exists(select 1 from series) as seeded`);
  return Boolean((result.rows[0] as { seeded?: boolean } | undefined)?.seeded);
}
