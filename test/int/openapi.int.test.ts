// The two public documentation routes answer without a credential: the JSON document and the HTML reference.
import { describe, expect, it } from "vitest";
import { call } from "./http";
import * as openapi from "@/app/api/openapi.json/route";
import * as docs from "@/app/api/docs/route";

describe("API documentation routes", () => {
  it("GET /api/openapi.json answers the OpenAPI 3.1 document", async () => {
    const res = await call(openapi.GET, { path: "/api/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.json.openapi).toMatch(/^3\.1/);
    expect(res.json.info.title).toBe("Outreach dashboard API");
    expect(res.json.paths["/api/drafts/{id}"].patch).toBeDefined();
  });

  it("GET /api/docs answers the reference page under a CSP that loads nothing", async () => {
    const res = await call(docs.GET, { path: "/api/docs" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.json).toContain("Outreach dashboard API");
    expect(res.json).toContain("/api/drafts/{id}");
  });
});
