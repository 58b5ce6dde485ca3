import { describe, expect, it } from "vitest";
import { clientAddress, isSecureRequest } from "./forwarded";

const request = (headers: Record<string, string>, url = "http://10.0.0.5:3000/login") => ({
  url,
  header: (name: string) => headers[name],
  socketAddress: "10.0.0.2",
});

describe("the browser's address through trusted proxy hops", () => {
  it("is the socket peer when no proxy is trusted, whatever the headers claim", () => {
    expect(clientAddress(request({ "x-forwarded-for": "1.2.3.4" }), 0)).toBe("10.0.0.2");
  });

  it("is the entry the load balancer appended, not the one the client wrote", () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; the load balancer appended what it saw.
    const spoofed = request({ "x-forwarded-for": "1.2.3.4, 203.0.113.7" });
    expect(clientAddress(spoofed, 1)).toBe("203.0.113.7");
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.7" }), 1)).toBe("203.0.113.7");
  });

  it("counts hops from the right when a CDN sits in front of the load balancer", () => {
    const chain = request({ "x-forwarded-for": "1.2.3.4, 203.0.113.7, 198.51.100.1" });
    expect(clientAddress(chain, 2)).toBe("203.0.113.7");
    expect(clientAddress(chain, 5)).toBe("1.2.3.4");
  });

  it("falls back to the socket peer without the header", () => {
    expect(clientAddress(request({}), 1)).toBe("10.0.0.2");
  });
});

describe("https through trusted proxy hops", () => {
  it("believes X-Forwarded-Proto only from a trusted proxy, read from the right", () => {
    expect(isSecureRequest(request({ "x-forwarded-proto": "https" }), 0)).toBe(false);
    expect(isSecureRequest(request({ "x-forwarded-proto": "https" }), 1)).toBe(true);
    expect(isSecureRequest(request({ "x-forwarded-proto": "https, http" }), 1)).toBe(false);
    expect(isSecureRequest(request({}, "https://komaya.example/"), 0)).toBe(true);
  });
});
