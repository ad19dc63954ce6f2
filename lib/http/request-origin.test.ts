import { describe, expect, it } from "vitest";
import { clientAddress, isHttpsRequest } from "@/lib/http/request-origin";

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
    expect(clientAddress(headers, { trustProxy: false })).toBe("6.6.6.6");
  });

  it("falls back to x-real-ip, then to unknown", () => {
    expect(clientAddress(h({ "x-real-ip": "198.51.100.2" }), { trustProxy: false })).toBe("198.51.100.2");
    expect(clientAddress(h({}), { trustProxy: false })).toBe("unknown");
  });
});
