import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { ApiError } from "../../lib/errors";
import { campaignCreateRequests } from "./schema";

type Entity = "campaign" | "refund_campaign";

/** A creation already made under this request id: its campaign's id, else null. */
export async function createdBefore(
  db: Db,
  requestId: string | undefined,
  entity: Entity,
): Promise<number | null> {
  if (!requestId) return null;
  const [row] = await db
    .select()
    .from(campaignCreateRequests)
    .where(eq(campaignCreateRequests.requestId, requestId));
  if (!row) return null;
  if (row.entity !== entity) {
    throw new ApiError(409, "この request_id は別の種類のキャンペーンの作成に使われています");
  }
  return row.entityId;
}

/** Thrown in the creating transaction when a twin committed first: it rolls back, the twin wins. */
export class MadeByTwin extends Error {
  constructor(readonly entityId: number) {
    super("made by a twin request");
  }
}

/**
 * Records the creation under its request id, in its transaction. A twin still running holds the
 * key: this insert waits for it, then finds its row and gives way.
 */
export async function recordCreation(
  tx: Tx,
  requestId: string | undefined,
  entity: Entity,
  entityId: number,
  staffUserId: number,
): Promise<void> {
  if (!requestId) return;
  const [row] = await tx
    .insert(campaignCreateRequests)
    .values({ requestId, entity, entityId, staffUserId })
    .onConflictDoNothing()
    .returning({ id: campaignCreateRequests.entityId });
  if (row) return;
  const [twin] = await tx
    .select({ id: campaignCreateRequests.entityId })
    .from(campaignCreateRequests)
    .where(eq(campaignCreateRequests.requestId, requestId));
  throw new MadeByTwin(twin!.id);
}
