import { createHmac, randomInt } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";

/**
 * The staff second factor (decision 0083): TOTP as RFC 6238 and every authenticator app has it
 * (SHA-1, 6 digits, 30 s), through otplib, plus single-use recovery codes.
 */

export const TOTP_ISSUER = "コマヤ運営";
const PERIOD_SECONDS = 30;
/**
 * One step either side of now: a phone clock a little off, or a code typed as it turned, still
 * signs in; a code older than a minute does not.
 */
export const TOTP_TOLERANCE_SECONDS = PERIOD_SECONDS;

/** A fresh secret: 20 random bytes in Base32, as authenticator apps take it. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app takes (typed in, or as a QR code). */
export function totpUri(secret: string, account: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: account, secret });
}

/**
 * The 30-second step a code is good for, or null. `afterStep` is the last step a code was
 * accepted for: a code of that step or an earlier one is refused, so an overheard code cannot be
 * replayed even within its minute.
 */
export async function totpStep(
  secret: string,
  code: string,
  afterStep: number | null,
  now = Date.now(),
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  // The functional verify answers for HOTP too; a TOTP answer carries its step.
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/** Recovery codes given at enrolment: each signs in once in place of the authenticator. */
export const RECOVERY_CODE_COUNT = 10;
// No 0/O, 1/I/L: read off paper and typed again.
const RECOVERY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** "XXXXX-XXXXX": 10 characters of 31, about 50 bits, too many to guess within the throttle. */
export function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < 10; i++) {
    if (i === 5) code += "-";
    code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  }
  return code;
}

/** As typed: case, spaces and hyphens do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

/**
 * Codes are kept as HMACs keyed by the session secret, as session tokens are: a copy of the
 * table alone signs nobody in. Their entropy makes a slow hash unnecessary.
 */
export function recoveryCodeHash(secret: string, code: string): string {
  return createHmac("sha256", secret)
    .update(`staff-recovery:${normaliseRecoveryCode(code)}`)
    .digest("base64url");
}
