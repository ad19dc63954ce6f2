import { describe, expect, it } from "vitest";
import type http from "node:http";
import { exportResourceOf } from "@/lib/export/serve-export-natively";
import { acceptsGzip } from "@/lib/http/native-response";

const req = (method: string, url: string) => ({ method, url }) as http.IncomingMessage;

describe("the native export path", () => {
  it("takes GET /api/export/<resource> with or without a query, and nothing else", () => {
    expect(exportResourceOf(req("GET", "/api/export/drafts?format=csv"))).toBe("drafts");
    expect(exportResourceOf(req("GET", "/api/export/contacts"))).toBe("contacts");
    expect(exportResourceOf(req("GET", "/api/export/no%20such"))).toBe("no such");
    expect(exportResourceOf(req("POST", "/api/export/drafts"))).toBeNull();
    expect(exportResourceOf(req("GET", "/api/export/drafts/more"))).toBeNull();
    expect(exportResourceOf(req("GET", "/api/exports/drafts"))).toBeNull();
    expect(exportResourceOf(req("GET", "/api/export/%E0%A4%A"))).toBeNull();
  });

  it("compresses only for a client that accepts gzip", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
