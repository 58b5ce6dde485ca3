import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./return-to";

describe("safeReturnTo", () => {
  const returnTo = (query: string) => safeReturnTo(new URLSearchParams(query).get("return_to"));

  it("sends members back to the page they came from", () => {
    expect(returnTo("return_to=%2Faccount")).toBe("/account");
    expect(returnTo("return_to=%2Fsearch%3Fwd%3D%E6%81%8B")).toBe("/search?wd=%E6%81%8B");
  });

  it("goes home instead of off-site when return_to is a disguised address", () => {
    expect(returnTo("return_to=/%09/evil.example")).toBe("/");
    expect(returnTo("return_to=/%5Cevil.example")).toBe("/");
    expect(returnTo("return_to=%2F%2Fevil.example")).toBe("/");
    expect(returnTo("return_to=https://evil.example")).toBe("/");
  });

  it("gives a Location header nothing it refuses, so a line break is not a 500", () => {
    const target = returnTo("return_to=/account%0d%0aSet-Cookie:%20x=1");
    expect(() => new Headers({ Location: target })).not.toThrow();
    expect(target.startsWith("/") && !target.startsWith("//")).toBe(true);
  });
});
