import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import {
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  recoveryCodeHash,
  totpStep,
  totpUri,
} from "./second-factor";

const secret = newTotpSecret();
const STEP = 30;
// One second into step N: the window is one step either side.
const N = 59_000_000;
const now = (N * STEP + 1) * 1000;
const codeOf = (step: number) => generate({ secret, epoch: step * STEP });

describe("the TOTP window", () => {
  it("accepts the codes of the step before, this one and the next, and says which", async () => {
    for (const step of [N - 1, N, N + 1]) {
      expect(await totpStep(secret, await codeOf(step), null, now)).toBe(step);
    }
  });

  it("refuses codes two steps away either side", async () => {
    for (const step of [N - 2, N + 2]) {
      expect(await totpStep(secret, await codeOf(step), null, now)).toBeNull();
    }
  });

  it("refuses a code for the step last accepted or an earlier one", async () => {
    expect(await totpStep(secret, await codeOf(N), N, now)).toBeNull();
    expect(await totpStep(secret, await codeOf(N - 1), N, now)).toBeNull();
    expect(await totpStep(secret, await codeOf(N + 1), N, now)).toBe(N + 1);
  });

  it("refuses what is not six digits without asking the library", async () => {
    expect(await totpStep(secret, "12345", null, now)).toBeNull();
    expect(await totpStep(secret, "12345a", null, now)).toBeNull();
  });

  it("gives authenticator apps an otpauth address naming the store and the account", () => {
    const uri = new URL(totpUri(secret, "staff@komaya.example"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(decodeURIComponent(uri.href)).toContain("staff@komaya.example");
  });
});

describe("recovery codes", () => {
  it("are ten characters from an alphabet without look-alikes", () => {
    for (let i = 0; i < 50; i++)
      expect(newRecoveryCode()).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
  });

  it("hash the same however they are typed, and differently under another key", () => {
    const code = newRecoveryCode();
    const typed = ` ${normaliseRecoveryCode(code).toLowerCase()} `;
    expect(recoveryCodeHash("k", typed)).toBe(recoveryCodeHash("k", code));
    expect(recoveryCodeHash("other", code)).not.toBe(recoveryCodeHash("k", code));
  });
});
