import { describe, expect, it } from "vitest";
import { type CampaignEffect, campaignEffect } from "../pricing/campaign-effect";
import {
  mayDownload,
  nextBookButton,
  offerKind,
  pageIsPublic,
  pageVerdict,
  type Reader,
  readingAccess,
  trackAccessOf,
  trackListed,
  type VolumeFacts,
  volumeTerms,
} from "./rules";

const NOW = new Date("2026-11-24T04:00:00Z");
const PAST = new Date("2026-01-01T00:00:00Z");
const FUTURE = new Date("2027-01-01T00:00:00Z");
const NO_CAMPAIGN = campaignEffect([], null);

function facts(over: Partial<VolumeFacts> = {}): VolumeFacts {
  return {
    volume: 1,
    freeFlag: false,
    memberFreeFlag: false,
    onsaleFlag: true,
    itemStartDate: PAST,
    pageCount: 40,
    trialPageCount: 8,
    ...over,
  };
}

function effect(over: Partial<CampaignEffect>): CampaignEffect {
  return { ...NO_CAMPAIGN, ...over };
}

const VISITOR: Reader = { isLogin: false, owns: false };
const MEMBER: Reader = { isLogin: true, owns: false };
const OWNER: Reader = { isLogin: true, owns: true };

describe("readingAccess", () => {
  it("gives the owner every page, whatever the volume's terms", () => {
    for (const f of [facts(), facts({ trialPageCount: 0 }), facts({ onsaleFlag: false })]) {
      expect(readingAccess(volumeTerms(f, NO_CAMPAIGN, NOW), OWNER)).toEqual({
        entitlement: "owned",
        readablePages: 40,
      });
    }
  });

  it("gives anyone the trial pages of a paid volume, and no more", () => {
    const terms = volumeTerms(facts(), NO_CAMPAIGN, NOW);
    for (const reader of [VISITOR, MEMBER]) {
      expect(readingAccess(terms, reader)).toEqual({ entitlement: "trial", readablePages: 8 });
    }
  });

  it("gives nothing of a paid volume without trial pages", () => {
    const terms = volumeTerms(facts({ trialPageCount: 0 }), NO_CAMPAIGN, NOW);
    expect(readingAccess(terms, VISITOR)).toEqual({ entitlement: "none", readablePages: 0 });
    expect(readingAccess(terms, MEMBER)).toEqual({ entitlement: "none", readablePages: 0 });
  });

  it("never gives more trial pages than the volume has", () => {
    const terms = volumeTerms(facts({ trialPageCount: 99 }), NO_CAMPAIGN, NOW);
    expect(readingAccess(terms, VISITOR).readablePages).toBe(40);
  });

  it("gives everyone every page of a free volume below member_free_vol", () => {
    const terms = volumeTerms(facts({ freeFlag: true }), NO_CAMPAIGN, NOW);
    expect(readingAccess(terms, VISITOR)).toEqual({ entitlement: "free", readablePages: 40 });
    expect(readingAccess(terms, MEMBER)).toEqual({ entitlement: "free", readablePages: 40 });
  });

  it("gives visitors only the trial of a free volume from member_free_vol up; members all of it", () => {
    const terms = volumeTerms(facts({ volume: 2, freeFlag: true }), NO_CAMPAIGN, NOW);
    expect(readingAccess(terms, VISITOR)).toEqual({ entitlement: "trial", readablePages: 8 });
    expect(readingAccess(terms, MEMBER)).toEqual({ entitlement: "free", readablePages: 40 });
    // A site with a higher member_free_vol lets visitors read volume 2.
    expect(readingAccess(terms, { ...VISITOR, memberFreeVol: 3 }).readablePages).toBe(40);
  });

  it("gives member-free volumes to members only, visitors the trial pages", () => {
    const terms = volumeTerms(facts({ memberFreeFlag: true }), NO_CAMPAIGN, NOW);
    expect(readingAccess(terms, MEMBER)).toEqual({ entitlement: "member_free", readablePages: 40 });
    expect(readingAccess(terms, VISITOR)).toEqual({ entitlement: "trial", readablePages: 8 });
    const noTrial = volumeTerms(
      facts({ memberFreeFlag: true, trialPageCount: 0 }),
      NO_CAMPAIGN,
      NOW,
    );
    expect(readingAccess(noTrial, VISITOR)).toEqual({ entitlement: "none", readablePages: 0 });
  });

  it("reads a 102 campaign's volumes free, up to its free count", () => {
    const free2 = effect({ freeCount: 2 });
    const v1 = volumeTerms(facts({ volume: 1 }), free2, NOW);
    const v2 = volumeTerms(facts({ volume: 2 }), free2, NOW);
    const v3 = volumeTerms(facts({ volume: 3 }), free2, NOW);
    expect(readingAccess(v1, VISITOR)).toEqual({ entitlement: "campaign_free", readablePages: 40 });
    expect(readingAccess(v2, MEMBER)).toEqual({ entitlement: "campaign_free", readablePages: 40 });
    // From member_free_vol up a visitor needs to sign up, as for any free volume.
    expect(readingAccess(v2, VISITOR).entitlement).toBe("trial");
    expect(readingAccess(v3, MEMBER).entitlement).toBe("trial");
  });

  it("reads a 103 campaign's volumes free for members only", () => {
    const terms = volumeTerms(facts({ volume: 1 }), effect({ memberFreeCount: 1 }), NOW);
    expect(terms.memberFree).toBe(true);
    expect(readingAccess(terms, MEMBER).entitlement).toBe("campaign_free");
    expect(readingAccess(terms, VISITOR).entitlement).toBe("trial");
  });

  it("extends trial pages while a 104 campaign runs, never past the volume", () => {
    const more = volumeTerms(facts(), effect({ trialPageCount: 20 }), NOW);
    expect(readingAccess(more, VISITOR)).toEqual({ entitlement: "trial", readablePages: 20 });
    const fewer = volumeTerms(facts(), effect({ trialPageCount: 3 }), NOW);
    expect(readingAccess(fewer, VISITOR).readablePages).toBe(8);
    const past = volumeTerms(facts(), effect({ trialPageCount: 500 }), NOW);
    expect(readingAccess(past, VISITOR).readablePages).toBe(40);
    expect(more.trialExtended).toBe(true);
  });

  it("opens whole volumes as trial up to a 105 campaign's count", () => {
    const whole = effect({ wholeVolumeTrialCount: 1 });
    expect(readingAccess(volumeTerms(facts({ volume: 1 }), whole, NOW), VISITOR)).toEqual({
      entitlement: "trial",
      readablePages: 40,
    });
    expect(
      readingAccess(volumeTerms(facts({ volume: 2 }), whole, NOW), VISITOR).readablePages,
    ).toBe(8);
  });

  it("reads no volume free before its release; campaigns do not free unreleased volumes", () => {
    const unreleased = volumeTerms(
      facts({ freeFlag: true, itemStartDate: FUTURE }),
      NO_CAMPAIGN,
      NOW,
    );
    expect(readingAccess(unreleased, MEMBER)).toEqual({ entitlement: "trial", readablePages: 8 });
    const offSale = volumeTerms(facts({ onsaleFlag: false }), effect({ freeCount: 5 }), NOW);
    expect(offSale.free).toBe(false);
    expect(readingAccess(offSale, MEMBER).entitlement).toBe("trial");
  });
});

describe("pageVerdict", () => {
  const terms = volumeTerms(facts(), NO_CAMPAIGN, NOW);
  it("allows pages up to the readable ones, refuses the rest, and knows no page outside the volume", () => {
    const trial = readingAccess(terms, VISITOR);
    expect(pageVerdict(trial, 1, 40)).toBe("allowed");
    expect(pageVerdict(trial, 8, 40)).toBe("allowed");
    expect(pageVerdict(trial, 9, 40)).toBe("forbidden");
    expect(pageVerdict(trial, 40, 40)).toBe("forbidden");
    expect(pageVerdict(trial, 0, 40)).toBe("not-found");
    expect(pageVerdict(trial, 41, 40)).toBe("not-found");
    expect(pageVerdict(readingAccess(terms, OWNER), 41, 40)).toBe("not-found");
    expect(pageVerdict(readingAccess(terms, OWNER), 40, 40)).toBe("allowed");
  });

  it("lets shared caches keep only pages every visitor may read", () => {
    expect(pageIsPublic(terms, 8)).toBe(true);
    expect(pageIsPublic(terms, 9)).toBe(false);
    const memberFree = volumeTerms(facts({ memberFreeFlag: true }), NO_CAMPAIGN, NOW);
    expect(pageIsPublic(memberFree, 20)).toBe(false);
    expect(pageIsPublic(volumeTerms(facts({ freeFlag: true }), NO_CAMPAIGN, NOW), 20)).toBe(true);
  });
});

describe("offerKind", () => {
  it("offers nothing when every page is readable", () => {
    const terms = volumeTerms(facts({ freeFlag: true }), NO_CAMPAIGN, NOW);
    expect(offerKind(terms, VISITOR, readingAccess(terms, VISITOR))).toBeNull();
    expect(offerKind(terms, OWNER, readingAccess(terms, OWNER))).toBeNull();
  });

  it("offers sign-up to a visitor when members read the rest free, else buying", () => {
    const memberFree = volumeTerms(facts({ memberFreeFlag: true }), NO_CAMPAIGN, NOW);
    expect(offerKind(memberFree, VISITOR, readingAccess(memberFree, VISITOR))).toBe("signup");
    const paid = volumeTerms(facts(), NO_CAMPAIGN, NOW);
    expect(offerKind(paid, VISITOR, readingAccess(paid, VISITOR))).toBe("buy");
    expect(offerKind(paid, MEMBER, readingAccess(paid, MEMBER))).toBe("buy");
  });
});

describe("nextBookButton", () => {
  const paid = volumeTerms(facts({ volume: 2 }), NO_CAMPAIGN, NOW);
  it("reads an owned volume, reads free a free one, and otherwise follows the cart", () => {
    expect(nextBookButton(paid, { ...OWNER, inCart: false })).toBe("read");
    expect(nextBookButton(paid, { ...MEMBER, inCart: false })).toBe("cart");
    expect(nextBookButton(paid, { ...MEMBER, inCart: true })).toBe("in_cart");
    expect(nextBookButton(paid, { ...VISITOR, inCart: false })).toBe("buy");
    const memberFree = volumeTerms(facts({ volume: 2, memberFreeFlag: true }), NO_CAMPAIGN, NOW);
    expect(nextBookButton(memberFree, { ...MEMBER, inCart: false })).toBe("free_read");
    const soon = volumeTerms(facts({ volume: 2, onsaleFlag: false }), NO_CAMPAIGN, NOW);
    expect(nextBookButton(soon, { ...MEMBER, inCart: false })).toBe("buy");
  });

  it("offers a visitor sign-up for a volume a member reads free, by the member-free rule", () => {
    const memberFree = volumeTerms(facts({ volume: 2, memberFreeFlag: true }), NO_CAMPAIGN, NOW);
    expect(nextBookButton(memberFree, { ...VISITOR, inCart: false })).toBe("signup");
    // A free vol. 2 is free to members only from member_free_vol (2) up.
    const free2 = volumeTerms(facts({ volume: 2, freeFlag: true }), NO_CAMPAIGN, NOW);
    expect(nextBookButton(free2, { ...VISITOR, inCart: false })).toBe("signup");
    expect(nextBookButton(free2, { ...VISITOR, memberFreeVol: 3, inCart: false })).toBe(
      "free_read",
    );
    // Not released yet: nobody reads it free, so its page says when.
    const later = volumeTerms(
      facts({ volume: 2, memberFreeFlag: true, itemStartDate: FUTURE }),
      NO_CAMPAIGN,
      NOW,
    );
    expect(nextBookButton(later, { ...VISITOR, inCart: false })).toBe("buy");
  });
});

describe("trackAccessOf", () => {
  it("plays the full track to its owner, the trial to others, nothing without a trial", () => {
    expect(trackAccessOf({ owns: true, hasTrial: true })).toBe("full");
    expect(trackAccessOf({ owns: true, hasTrial: false })).toBe("full");
    expect(trackAccessOf({ owns: false, hasTrial: true })).toBe("trial");
    expect(trackAccessOf({ owns: false, hasTrial: false })).toBe("none");
  });

  it("keeps a withdrawn track whole for who had the CD before, and nothing for anyone else", () => {
    const withdrawnAt = NOW;
    const before = new Date(NOW.getTime() - 1000);
    const after = new Date(NOW.getTime() + 1000);
    const facts = { hasTrial: true, withdrawnAt };
    expect(trackAccessOf({ ...facts, owns: true, acquiredAt: before })).toBe("full");
    expect(trackAccessOf({ ...facts, owns: true, acquiredAt: after })).toBe("none");
    expect(trackAccessOf({ ...facts, owns: true, acquiredAt: withdrawnAt })).toBe("none");
    expect(trackAccessOf({ ...facts, owns: false })).toBe("none");
    expect(trackListed({ ...facts, owns: true, acquiredAt: before })).toBe(true);
    expect(trackListed({ ...facts, owns: true, acquiredAt: after })).toBe(false);
    expect(trackListed({ ...facts, owns: false })).toBe(false);
    expect(trackListed({ hasTrial: false, owns: false, withdrawnAt: null })).toBe(true);
  });
});

describe("mayDownload", () => {
  it("lets only an owned volume be kept on a device, whatever else the member may read", () => {
    const paid = volumeTerms(facts(), NO_CAMPAIGN, NOW);
    expect(mayDownload(readingAccess(paid, OWNER))).toBe(true);
    expect(mayDownload(readingAccess(paid, MEMBER))).toBe(false);
    expect(mayDownload(readingAccess(paid, VISITOR))).toBe(false);
    // Free and member-free volumes read in full, but only while their window is open.
    const free = volumeTerms(facts({ freeFlag: true }), NO_CAMPAIGN, NOW);
    expect(readingAccess(free, MEMBER).readablePages).toBe(40);
    expect(mayDownload(readingAccess(free, MEMBER))).toBe(false);
    const memberFree = volumeTerms(facts({ memberFreeFlag: true }), NO_CAMPAIGN, NOW);
    expect(readingAccess(memberFree, MEMBER).entitlement).toBe("member_free");
    expect(mayDownload(readingAccess(memberFree, MEMBER))).toBe(false);
    // An owner keeps a volume withdrawn from the store.
    const withdrawn = volumeTerms(facts({ onsaleFlag: false }), NO_CAMPAIGN, NOW);
    expect(mayDownload(readingAccess(withdrawn, OWNER))).toBe(true);
    expect(mayDownload({ entitlement: "owned", readablePages: 0 })).toBe(false);
  });
});
