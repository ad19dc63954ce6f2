// The OpenAPI document: valid 3.1, and in step with the route files. The routes an API key may call are read from
// the sources themselves (each exported method wrapped in withOrg without `apiKeys: false`), so a new public route
// without an operation, or an operation whose route is gone, fails here rather than surprising an integrator.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validate } from "@scalar/openapi-parser";
import packageJson from "@/package.json";
import { EXPORT_RESOURCES } from "@/lib/export/schemas";
import { buildOpenApiDocument, ROLE_EXTENSION, SECURITY_SCHEME } from "@/lib/openapi/build-openapi-document";
import { PUBLIC_OPERATIONS } from "@/lib/openapi/public-operations";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const API_DIR = path.join(process.cwd(), "app", "api");

interface RouteExport {
  /** The route's URL pattern, as its folders spell it: `/api/drafts/[id]`. */
  route: string;
  method: string;
  /** The source of the options object passed to the wrapper. */
  options: string;
  /** The source from the options to the next export. */
  handler: string;
  file: string;
}

function routeFiles(dir = API_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** The `{...}` that opens at `start`, braces balanced (the options never hold a brace inside a string). */
function balancedObject(source: string, start: number): string {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    if (source[i] === "{") depth++;
    else if (source[i] === "}" && --depth === 0) return source.slice(start, i + 1);
  }
  throw new Error("unbalanced options object");
}

/** Every exported method wrapped in withOrg that accepts API keys, per export: a file may mix both kinds. */
function publicRouteExports(): RouteExport[] {
  const out: RouteExport[] = [];
  for (const file of routeFiles()) {
    const source = fs.readFileSync(file, "utf8");
    const route = "/api/" + path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/");
    const exports = [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = (\w+)\(/g)];
    exports.forEach((m, i) => {
      if (m[2] !== "withOrg") return;
      const open = source.indexOf("{", m.index! + m[0].length);
      const options = balancedObject(source, open);
      if (/apiKeys:\s*false/.test(options)) return;
      const end = i + 1 < exports.length ? exports[i + 1]!.index! : source.length;
      out.push({ route, method: m[1]!.toLowerCase(), options, handler: source.slice(open + options.length, end), file: source });
    });
  }
  return out;
}

/**
 * The route file that serves a documented path, with Next's precedence: a static segment beats a dynamic one. A
 * `{name}` must sit on a `[name]` segment; a literal may fill a dynamic segment (`/api/export/drafts`).
 */
function routeFor(docPath: string, routes: string[]): string | undefined {
  const segments = docPath.split("/").filter(Boolean);
  let best: string | undefined;
  let bestScore = -1;
  for (const route of routes) {
    const parts = route.split("/").filter(Boolean);
    if (parts.length !== segments.length) continue;
    let score = 0;
    const fits = parts.every((part, i) => {
      const seg = segments[i]!;
      if (!part.startsWith("[")) {
        score += 2 ** (parts.length - i);
        return part === seg;
      }
      return seg.startsWith("{") ? seg.slice(1, -1) === part.slice(1, -1) : true;
    });
    if (fits && score > bestScore) [best, bestScore] = [route, score];
  }
  return best;
}

type Doc = ReturnType<typeof buildOpenApiDocument>;
type Op = { operationId?: string; parameters?: { name: string; in: string; schema?: Record<string, unknown>; style?: string; explode?: boolean }[]; requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> }; responses?: Record<string, unknown>; security?: unknown; [ROLE_EXTENSION]?: string };

function operations(doc: Doc): { method: string; path: string; op: Op }[] {
  return Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
    METHODS.filter((m) => (item as Record<string, unknown>)[m]).map((m) => ({ method: m, path: p, op: (item as Record<string, Op>)[m]! })),
  );
}

function successStatuses(handler: string): number[] {
  const found = new Set<number>();
  for (const m of handler.matchAll(/status:\s*(\d{3})\b/g)) found.add(Number(m[1]));
  for (const m of handler.matchAll(/\?\s*(\d{3})\s*:\s*(\d{3})\b/g)) [m[1], m[2]].forEach((s) => found.add(Number(s)));
  return found.size ? [...found].sort((a, b) => a - b) : [200];
}

describe("buildOpenApiDocument", () => {
  const doc = buildOpenApiDocument();
  const exports = publicRouteExports();
  const routes = [...new Set(exports.map((e) => e.route))];
  const ops = operations(doc);

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const result = await validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("names the API, its version and a relative server, and is built once", () => {
    expect(doc.info.title).toBe("Outreach dashboard API");
    expect(doc.info.version).toBe(packageJson.version);
    expect(doc.servers).toEqual([{ url: "/" }]);
    expect(buildOpenApiDocument()).toBe(doc);
  });

  it("finds the public routes in the sources", () => {
    // A sanity floor: if the scan broke, every later comparison would pass on empty lists.
    expect(exports.length).toBeGreaterThan(50);
    expect(exports.some((e) => e.route === "/api/drafts/[id]" && e.method === "patch")).toBe(true);
    expect(exports.some((e) => e.route.startsWith("/api/api-keys"))).toBe(false);
  });

  it("documents every public route, and nothing else", () => {
    const undocumented = exports.filter((e) => !ops.some((o) => o.method === e.method && routeFor(o.path, routes) === e.route)).map((e) => `${e.method.toUpperCase()} ${e.route}`);
    expect(undocumented, "public routes without an operation in lib/openapi/public-operations.ts").toEqual([]);
    const stale = ops.filter((o) => !exports.some((e) => e.method === o.method && e.route === routeFor(o.path, routes))).map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(stale, "operations whose route is gone, takes no API keys, or lacks the method").toEqual([]);
    expect(ops.length).toBe(PUBLIC_OPERATIONS.length);
  });

  it("documents each export resource on its own path", () => {
    for (const resource of EXPORT_RESOURCES) expect(doc.paths?.[`/api/export/${resource}`]?.get).toBeDefined();
  });

  it("states the least role each route asks for", () => {
    for (const { method, path: p, op } of ops) {
      const route = exports.find((e) => e.method === method && e.route === routeFor(p, routes))!;
      const role = /role:\s*"(\w+)"/.exec(route.options)?.[1] ?? "member";
      expect(op[ROLE_EXTENSION], `${method} ${p}`).toBe(role);
    }
  });

  it("lists the success statuses each handler answers with", () => {
    for (const { method, path: p, op } of ops) {
      const route = exports.find((e) => e.method === method && e.route === routeFor(p, routes))!;
      const documented = Object.keys(op.responses ?? {}).map(Number).filter((s) => s < 300).sort((a, b) => a - b);
      expect(documented, `${method.toUpperCase()} ${p}`).toEqual(successStatuses(route.handler));
    }
  });

  it("types every path parameter as the id the route parses it as", () => {
    for (const { method, path: p, op } of ops) {
      const names = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const documented = (op.parameters ?? []).filter((x) => x.in === "path").map((x) => x.name);
      expect(documented.sort(), `${method} ${p}`).toEqual([...names].sort());
      if (names.length === 0) continue;
      const route = exports.find((e) => e.method === method && e.route === routeFor(p, routes))!;
      const expr = /params:\s*(z\.object\(\{[^}]*\}\)|\w+)/.exec(route.options)?.[1];
      expect(expr, `${method} ${p} parses no params`).toBeDefined();
      // A file-local `const ZParams = z.object({...})`, an inline object, or a schema the table imports as it is.
      const local = expr!.startsWith("z.object") ? expr! : new RegExp(`const ${expr} = (z\\.object\\(\\{[^}]*\\}\\))`).exec(route.file)?.[1];
      if (!local) {
        expect(PUBLIC_OPERATIONS.find((o) => o.method === method && o.path === p)?.params, `${method} ${p}: pass ${expr} as params`).toBeDefined();
        continue;
      }
      for (const name of names) expect(local, `${method} ${p}`).toMatch(new RegExp(`\\b${name}: ZId\\b`));
    }
  });

  it("requires the API key and lists the shared errors on every operation", () => {
    const scheme = doc.components?.securitySchemes?.[SECURITY_SCHEME] as { type: string; scheme: string; description: string };
    expect(scheme).toMatchObject({ type: "http", scheme: "bearer" });
    expect(scheme.description).toMatch(/read-only key may only call GET/);
    expect(doc.security).toEqual([{ [SECURITY_SCHEME]: [] }]);
    expect(doc.components?.schemas?.Error).toMatchObject({ required: ["error", "message"] });
    for (const { method, path: p, op } of ops) {
      expect(op.security, `${method} ${p}`).toEqual([{ [SECURITY_SCHEME]: [] }]);
      for (const status of ["400", "401", "403", "404", "409", "422", "429"]) expect(op.responses?.[status], `${method} ${p} ${status}`).toBeDefined();
    }
  });

  it("takes a draft edit's body with its version", () => {
    const patch = doc.paths?.["/api/drafts/{id}"]?.patch as Op;
    const body = JSON.stringify(patch.requestBody?.content?.["application/json"]?.schema);
    expect(body).toContain('"version"');
    expect(body).toContain('"state"');
    expect(patch.requestBody?.required).toBe(true);
    expect(JSON.stringify(patch.responses?.["409"])).toContain("VersionConflict");
  });

  it("documents a campaign's follow-up steps in its config, with their limits", () => {
    for (const [p, method] of [["/api/campaigns", "post"], ["/api/campaigns/{id}", "patch"]] as const) {
      const op = (doc.paths?.[p] as Record<string, Op>)[method]!;
      const body = JSON.stringify(op.requestBody?.content?.["application/json"]?.schema);
      expect(body, `${method} ${p}`).toContain('"followups"');
      expect(body).toContain('"afterDays"');
      expect(body).toContain('"maximum":60');
      expect(body).toContain('"maxItems":3');
    }
  });

  it("turns the inbox filters into query parameters", () => {
    const list = doc.paths?.["/api/drafts"]?.get as Op;
    const byName = new Map((list.parameters ?? []).map((p) => [p.name, p]));
    expect(byName.get("cursor")).toMatchObject({ in: "query", required: false });
    // `state=pending_review,proposed`: a comma list whose allowed values are shown.
    expect(byName.get("state")).toMatchObject({ in: "query", style: "form", explode: false, schema: { type: "array" } });
    expect(JSON.stringify(byName.get("state")?.schema)).toContain("pending_review");
    expect(byName.get("limit")?.schema).toMatchObject({ type: "integer", maximum: 200, default: 50 });
  });

  it("never marks a query parameter nullable", () => {
    for (const { op } of ops) {
      for (const p of op.parameters ?? []) expect(JSON.stringify(p.schema?.type ?? "")).not.toContain("null");
    }
  });

  it("takes an archive upload as raw bytes, not JSON, and says it may answer 413", () => {
    const put = doc.paths?.["/api/projects/{id}/source/archive"]?.put as Op;
    expect(Object.keys(put.requestBody?.content ?? {})).toEqual(expect.arrayContaining(["application/zip", "application/gzip"]));
    expect(put.requestBody?.content?.["application/json"]).toBeUndefined();
    expect(put.requestBody?.content?.["application/zip"]?.schema).toEqual({ type: "string", format: "binary" });
    expect(put.requestBody?.required).toBe(true);
    expect(put.responses?.["413"]).toEqual({ $ref: "#/components/responses/PayloadTooLarge" });
    expect((doc.paths?.["/api/projects/{id}"]?.patch as Op).responses?.["413"]).toBeUndefined();
  });

  it("asks for a body only where an empty one would be refused", () => {
    expect((doc.paths?.["/api/campaigns/{id}/skill-runs"]?.post as Op).requestBody?.required).toBe(false);
    expect((doc.paths?.["/api/projects"]?.post as Op).requestBody?.required).toBe(true);
  });
});
