import { describe, expect, it } from "vitest";
import { clientAddress, isHttpsRequest, throttleAddress } from "@/lib/http/request-origin";
import { peerAddressHeader } from "@/lib/http/peer-address";

const h = (init: Record<string, string>) => new Headers(init);

describe("isHttpsRequest", () => {
  it("is true for every request when the configured URL is https", () => {
    expect(isHttpsRequest(h({}), { publicUrl: "https://outreach.example.com", trustProxy: false })).toBe(true);
  });

  it("believes X-Forwarded-Proto only from a trusted proxy", () => {
    const forwarded = h({ "x-forwarded-proto": "https" });
    expect(isHttpsRequest(forwarded, { trustProxy: false })).toBe(false);
    expect(isHttpsRequest(forwarded, { trustProxy: true })).toBe(true);
    expect(isHttpsRequest(h({ "x-forwarded-proto": "https, http" }), { trustProxy: true })).toBe(true);
    expect(isHttpsRequest(h({ "x-forwarded-proto": "http" }), { trustProxy: true })).toBe(false);
  });

  it("is false for a plain-HTTP install", () => {
    expect(isHttpsRequest(h({}), { publicUrl: "http://localhost:3000", trustProxy: false })).toBe(false);
    expect(isHttpsRequest(h({}), { trustProxy: true })).toBe(false);
  });
});

describe("clientAddress", () => {
  it("takes the entry a trusted proxy appended, not the one the client claimed", () => {
    const headers = h({ "x-forwarded-for": "6.6.6.6, 203.0.113.7" });
    expect(clientAddress(headers, { trustProxy: true })).toBe("203.0.113.7");
  });

  it("without a trusted proxy, takes the socket's address and ignores X-Forwarded-For and X-Real-IP", () => {
    const headers = h({ "x-forwarded-for": "6.6.6.6", "x-real-ip": "7.7.7.7", [peerAddressHeader()]: "203.0.113.9" });
    expect(clientAddress(headers, { trustProxy: false })).toBe("203.0.113.9");
    expect(clientAddress(h({ "x-forwarded-for": "6.6.6.6", "x-real-ip": "7.7.7.7" }), { trustProxy: false })).toBe("unknown");
  });

  it("names the socket's header at random per process, so a client cannot send it", () => {
    expect(peerAddressHeader()).toMatch(/^x-outreach-peer-[0-9a-f]{16}$/);
  });
});

describe("throttleAddress", () => {
  it("keeps IPv4 whole, unwraps IPv4-mapped IPv6 and groups IPv6 by /64", () => {
    expect(throttleAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(throttleAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(throttleAddress("2001:db8:1:2:aaaa::1")).toBe(throttleAddress("2001:db8:1:2:bbbb:cccc:dddd:eeee"));
    expect(throttleAddress("2001:db8:1:2::1")).not.toBe(throttleAddress("2001:db8:1:3::1"));
    expect(throttleAddress("unknown")).toBe("unknown");
  });
});
