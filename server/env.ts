import { z } from "zod";
import { parseTokyoDateTimeInput } from "../contract/tokyo-time";
import { registrationNumberProblem } from "./lib/registration-number";
import { parseStorageUrl, type S3Location } from "./lib/storage";

/**
 * Configuration is read once at start. A wrong value stops the process with one line naming
 * the variable, so a misconfigured deploy fails before it takes traffic.
 */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(" or ")}`,
    });

/** Hosts kept for documentation (RFC 2606): a link there is a leftover, never a real address. */
const EXAMPLE_HOST = /(^|\.)(example\.(com|net|org)|example)$/i;

/** An https address the store links to from every page (app stores, social accounts). */
const outsideLink = (hosts?: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .superRefine((v, ctx) => {
      if (v === undefined) return;
      const url = URL.parse(v);
      const problem = !url
        ? "must be an absolute URL"
        : url.protocol !== "https:"
          ? "must start with https://"
          : EXAMPLE_HOST.test(url.hostname)
            ? "must not point at an example domain"
            : hosts && !hosts.includes(url.hostname)
              ? `must be an address on ${hosts.join(" or ")}`
              : null;
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

/** The store's own address: an origin, no path. */
const publicUrl = optionalUrl(["http", "https"]).refine(
  (v) => {
    if (v === undefined) return true;
    try {
      const url = new URL(v);
      return url.pathname === "/" && url.search === "" && url.hash === "" && url.username === "";
    } catch {
      return false;
    }
  },
  { message: "must be the store's origin, such as https://komaya.example (no path)" },
);

const settings = z.object({
  /** Unset is a local run (npm start, npm run dev); a deploy says production (decision 0047). */
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: optionalUrl(["postgres", "postgresql"]),
  DATA_DIR: z.string().min(1).default("./data"),
  /**
   * Stored files (uploads, their derivatives) go to this S3-compatible bucket:
   * s3://bucket?endpoint=https://host&region=name (README "Stored files"); unset, under DATA_DIR/store.
   */
  STORAGE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): S3Location | undefined => {
      if (v === undefined || v === "") return undefined;
      try {
        return parseStorageUrl(v);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * The drawn demo art and tracks go to this folder instead of drawn/ in the stored files. Their
   * keys name every input, so stores with different databases may share it (the e2e shards do,
   * so each picture is drawn once per run).
   */
  DRAWN_MEDIA_DIR: z.string().trim().min(1).optional(),
  /** Cap of the drawn media (drawn/ in the Storage); least recently used files go first. */
  MEDIA_CACHE_MB: z.coerce.number().int().min(16).max(10_000_000).default(2048),
  REDIS_URL: optionalUrl(["redis", "rediss"]),
  SESSION_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional()
    .describe("keys session-token hashes; generated and kept in the database when unset"),
  /**
   * Where the store is reached: absolute links in mail, robots.txt, the sitemap and canonical
   * URLs are built on it, never on the request's Host or X-Forwarded-Host. Required in production.
   */
  PUBLIC_URL: publicUrl,
  /** Mail goes out over this server (smtp://user:pass@host:587 or smtps://…); unset: .eml files under DATA_DIR/mail. */
  SMTP_URL: optionalUrl(["smtp", "smtps"]),
  MAIL_FROM: z.string().trim().min(3).default("コマヤ <no-reply@komaya.example>"),
  /**
   * Web Push (new-volume notices, decision 0114): the VAPID key pair, base64url as web-push's
   * generateVAPIDKeys writes it. Both or neither; unset, the store makes a pair on first start
   * and keeps it in DATA_DIR/vapid-keys.json.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .refine((v) => v === undefined || /^[A-Za-z0-9_-]{87}$/.test(v), {
      message: "must be a P-256 public key in base64url (87 characters, as web-push generates)",
    }),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .refine((v) => v === undefined || /^[A-Za-z0-9_-]{43}$/.test(v), {
      message: "must be a P-256 private key in base64url (43 characters, as web-push generates)",
    }),
  /** Who the push services may contact: mailto:… or https://…; unset, MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .refine((v) => v === undefined || /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(v), {
      message: "must be mailto:address or an https:// URL",
    }),
  /** The official app's page on the App Store; unset, its links go to the store's /app page. */
  APP_STORE_URL: outsideLink(),
  /** The official app's page on Google Play; unset, its links go to the store's /app page. */
  GOOGLE_PLAY_URL: outsideLink(),
  /** The store's X account, linked from the footer. */
  X_ACCOUNT_URL: outsideLink(["x.com", "twitter.com"]).transform(
    (v) => v ?? "https://x.com/komaya_official",
  ),
  /**
   * The seller as its 適格請求書 (qualified invoice) names it on every receipt: the registered
   * name and the registration number, T and the 13-digit corporate number. The defaults are the
   * demo store's (a made-up company whose number only passes the check digit).
   */
  SELLER_NAME: z.string().trim().min(1).max(60).default("株式会社コマヤ"),
  INVOICE_REGISTRATION_NUMBER: z
    .string()
    .trim()
    .default("T9234567890123")
    .superRefine((v, ctx) => {
      const problem = registrationNumberProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  SEED_SERIES: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  /**
   * The Tokyo day (YYYY-MM-DD) the demo seed dates its campaigns and releases from; unset, the
   * day of the first start. Tests name it so a store and the copy they compare it with agree.
   */
  SEED_DAY: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const day = parseTokyoDateTimeInput(`${v}T00:00`);
      if (!day) {
        ctx.addIssue({ code: "custom", message: "SEED_DAY must be a date as YYYY-MM-DD" });
        return z.NEVER;
      }
      return day;
    }),
  /** How many proxies in front of the app append to X-Forwarded-*: 0 none, 1 a load balancer… */
  TRUST_PROXY: z
    .string()
    .trim()
    .default("0")
    .transform((v) => (v === "true" ? "1" : v === "false" ? "0" : v))
    .pipe(
      z
        .string()
        .regex(/^\d{1,2}$/, "must be the number of trusted proxy hops (0 for none)")
        .transform(Number)
        .pipe(z.number().int().min(0).max(10, "must be at most 10 proxy hops")),
    ),
  /** When set, GET /metrics answers only `Authorization: Bearer <this>`; unset, it is open. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .refine((v) => v === undefined || v.length >= 16, { message: "must be at least 16 characters" })
    .refine((v) => v === undefined || /^[\x21-\x7e]+$/.test(v), {
      message: "must be printable ASCII without spaces",
    }),
  /** Worker processes when DATABASE_URL is set (default: one per core); PGlite is one process. */
  WEB_CONCURRENCY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" || v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(1).max(64).optional()),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
});

export const envSchema = settings
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.PUBLIC_URL === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message:
          "is required when NODE_ENV=production: the store's address that mail, robots.txt and the sitemap link to (e.g. https://komaya.example)",
      });
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined))
      ctx.addIssue({
        code: "custom",
        path: [env.VAPID_PUBLIC_KEY === undefined ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY"],
        message: "must be set together with its pair (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY)",
      });
  })
  // A local run links to itself on its own port.
  .transform((env) => ({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`,
    VAPID_SUBJECT:
      env.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM.trim()}`,
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = issue.path.join(".");
    const given = source[name] === undefined ? "not set" : `got ${JSON.stringify(source[name])}`;
    throw new EnvError(`Invalid configuration: ${name} ${issue.message} (${given})`);
  }
  return parsed.data;
}
