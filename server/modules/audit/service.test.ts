import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokyoIsoDate } from "../../../contract/tokyo-time";
import type { Database } from "../../db/client";
import { createTestDatabase } from "../../db/test-database";
import { secrets } from "../account/schema";
import { auditLog } from "./schema";
import { auditedWrite, listAudit } from "./service";

/**
 * The audit log's guarantees (decision 0084), on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL: rows cannot be changed or removed by anyone, and a row exists exactly when its
 * write committed.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The database's own message of a refused statement (Drizzle wraps it as the cause). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ""}`;
  }
  return "not refused";
}

const actor = { userId: 1, email: "admin@komaya.example", role: "admin" };

/** A stand-in write on a table the test may touch: the installation secrets. */
const write = (name: string, fail = false) =>
  auditedWrite(database.db, actor, async (tx) => {
    await tx.insert(secrets).values({ name, value: "v" });
    if (fail) throw new Error("the write failed after its first statement");
    return {
      action: "create",
      entity: "staff_member",
      entityId: name,
      before: null,
      after: { name },
      result: name,
    };
  });

describe("the audit log is append-only", () => {
  it("refuses UPDATE and DELETE, through Drizzle or plain SQL", async () => {
    await write("append-only");
    const db = database.db;
    expect(await refusal(db.update(auditLog).set({ action: "forged" }))).toMatch(/append-only/);
    expect(await refusal(db.delete(auditLog))).toMatch(/append-only/);
    expect(
      await refusal(
        db.execute(sql`update audit_log set after = '{}' where entity_id = 'append-only'`),
      ),
    ).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(db.execute(sql`delete from audit_log`))).toMatch(
      /append-only: DELETE refused/,
    );
    const [row] = await db.select().from(auditLog).where(eq(auditLog.entityId, "append-only"));
    expect(row).toMatchObject({ action: "create", after: { name: "append-only" } });
  });

  it("has no path in the code that updates or deletes it", async () => {
    const { readFile, readdir } = await import("node:fs/promises");
    const path = await import("node:path");
    const root = path.resolve(import.meta.dirname, "../..");
    const offenders: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(file);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          const text = await readFile(file, "utf8");
          if (/\.(update|delete)\(auditLog\)|(update|delete from)\s+"?audit_log/i.test(text)) {
            offenders.push(path.relative(root, file));
          }
        }
      }
    };
    await walk(root);
    expect(offenders).toEqual([]);
  });
});

describe("one transaction for the write and its row", () => {
  it("a committed write has its row, with who, what and the values", async () => {
    expect(await write("committed")).toBe("committed");
    const [row] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, "committed"));
    expect(row).toMatchObject({
      actorUserId: 1,
      actorEmail: "admin@komaya.example",
      actorRole: "admin",
      entity: "staff_member",
      before: null,
      after: { name: "committed" },
    });
  });

  it("a write that fails leaves neither its change nor a row", async () => {
    await expect(write("failed", true)).rejects.toThrow(/failed/);
    expect(await database.db.$count(auditLog, eq(auditLog.entityId, "failed"))).toBe(0);
    expect(await database.db.$count(secrets, eq(secrets.name, "failed"))).toBe(0);
  });

  it("a row that cannot be written undoes the write", async () => {
    await expect(
      auditedWrite(database.db, actor, async (tx) => {
        await tx.insert(secrets).values({ name: "unaudited", value: "v" });
        // action is NOT NULL: the row is refused by the database.
        return {
          action: null as unknown as string,
          entity: "staff_member",
          entityId: "unaudited",
          before: null,
          after: null,
          result: null,
        };
      }),
    ).rejects.toThrow();
    expect(await database.db.$count(secrets, eq(secrets.name, "unaudited"))).toBe(0);
  });
});

describe("listing", () => {
  it("filters by Tokyo dates, both ends included", async () => {
    // Rows are written at the transaction's time; the date filter reads it in Tokyo time.
    const tokyo = tokyoIsoDate(new Date());
    const page = await listAudit(database.db, { from: tokyo, to: tokyo, page: 1 });
    expect(page.total).toBeGreaterThan(0);
    const none = await listAudit(database.db, { to: "2000-01-01", page: 1 });
    expect(none.total).toBe(0);
  });
});
