import { describe, expect, it } from "vitest";
import { freeTerms, memberPrice } from "./free-terms";

const none = { freeCount: 0, memberFreeCount: 0, salePct: 0 };
const volume = (v: number, over: Partial<Parameters<typeof freeTerms>[0]> = {}) => ({
  volume: v,
  freeFlag: false,
  memberFreeFlag: false,
  onsaleFlag: true,
  ...over,
});

describe("free to members", () => {
  it("a free campaign frees its first volumes while they are on sale, not the ones to come", () => {
    const effect = { ...none, freeCount: 2 };
    expect(freeTerms(volume(2), effect)).toEqual({
      free: true,
      memberFree: false,
      freeSource: "campaign",
    });
    expect(freeTerms(volume(2, { onsaleFlag: false }), effect).free).toBe(false);
    expect(freeTerms(volume(3), effect).free).toBe(false);
  });

  it("a members-only campaign (103) frees on-sale volumes for members only", () => {
    const effect = { ...none, memberFreeCount: 3 };
    expect(freeTerms(volume(3), effect)).toEqual({
      free: false,
      memberFree: true,
      freeSource: "campaign",
    });
    expect(freeTerms(volume(3, { onsaleFlag: false }), effect).memberFree).toBe(false);
  });

  it("the catalog's own flags stand, on sale or not (ComingSoon, spec 000 §4)", () => {
    expect(freeTerms(volume(5, { memberFreeFlag: true, onsaleFlag: false }), none)).toEqual({
      free: false,
      memberFree: true,
      freeSource: "catalog",
    });
    expect(freeTerms(volume(1, { freeFlag: true }), { ...none, memberFreeCount: 1 })).toEqual({
      free: true,
      memberFree: false,
      freeSource: "catalog",
    });
  });

  it("a drama CD (no volume) is never freed by a campaign", () => {
    expect(freeTerms(volume(0, { volume: null }), { ...none, freeCount: 9 }).free).toBe(false);
  });
});

describe("what a member pays", () => {
  it("is 0 when free to members, else the price under the running sale", () => {
    expect(memberPrice(660, { salePct: 30 }, { free: false, memberFree: true })).toBe(0);
    expect(memberPrice(660, { salePct: 30 }, { free: true, memberFree: false })).toBe(0);
    expect(memberPrice(528, { salePct: 30 }, { free: false, memberFree: false })).toBe(369);
    expect(memberPrice(528, { salePct: 0 }, { free: false, memberFree: false })).toBe(528);
  });
});
