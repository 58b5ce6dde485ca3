import { z } from "zod";
import { email } from "./account";
import { PASSWORD_MAX } from "./account-rules";
import { blankToUndefined, pageNumber, recordId } from "./input";
import { AUDIT_ENTITIES, SECOND_FACTOR_MAX, STAFF_ROLES } from "./ops-roles";

/** Payloads of the /api/ops calls, shared by the server's validation and the ops pages. */

export const opsLoginPayload = z.object({
  email,
  password: z
    .string()
    .min(1, "パスワードを入力してください")
    .max(PASSWORD_MAX, `パスワードは${PASSWORD_MAX}文字以内で入力してください`),
});

export const opsCodePayload = z.object({
  code: z
    .string()
    .trim()
    .min(6, "確認コードを入力してください")
    .max(SECOND_FACTOR_MAX, "確認コードが正しくありません"),
});

const role = z.enum(STAFF_ROLES, { message: "role は admin・editor・support のいずれかです" });

export const staffAddPayload = z.object({ email, role });
export const staffRolePayload = z.object({ role });
export const staffIdParams = z.object({ userId: recordId("userId") });

const isoDate = (field: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} は YYYY-MM-DD の形式で指定してください`)
      .refine(
        (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)),
        `${field} は実在する日付で指定してください`,
      )
      .optional(),
  );

const entityNames = Object.keys(AUDIT_ENTITIES) as [keyof typeof AUDIT_ENTITIES];

/** /ops/audit and GET /api/ops/audit: who, what kind of entity, Tokyo dates from/to (inclusive). */
export const auditQuery = z
  .object({
    actor: z.preprocess(blankToUndefined, recordId("actor").optional()),
    entity: z.preprocess(
      blankToUndefined,
      z.enum(entityNames, { message: "entity の値が正しくありません" }).optional(),
    ),
    from: isoDate("from"),
    to: isoDate("to"),
    page: pageNumber(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "to は from 以降の日付で指定してください",
    path: ["to"],
  });
export type AuditQuery = z.infer<typeof auditQuery>;
