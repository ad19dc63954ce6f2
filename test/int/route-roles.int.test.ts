// Every route's gate matches the table in route-roles.ts: a session route refuses a caller without a session (401)
// and any role below its least one (403, in the one error shape), and lets its least role through (any other answer,
// such as a 400 for the empty input sent here, proves the gate was passed); machine routes refuse a session cookie in
// place of their own credential. The last tests fail when a route file or an exported method has no line in the table.
import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Role } from "@/lib/generated/prisma/enums";
import { listApiRoutes } from "./route-files";
import { createOrg, type OrgFixture } from "./fixtures";
import { addMember, asOperatorUser, BILLING_ENV, withEnv } from "./org-fixtures";
import { ROUTE_ACCESS, type Access, type HttpMethod } from "./route-roles";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
const METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const ROLES: Role[] = ["member", "admin", "owner"];
const isRole = (a: Access): a is Role => (ROLES as string[]).includes(a);
// next-auth's handler needs Next's request scope (a real server): its own tests are in e2e/auth.spec.ts.
const NOT_CALLED = new Set(["/api/auth/[...nextauth]"]);
// Routes that end the caller's own sessions are let through with a person of their own, not the shared one.
const ENDS_SESSIONS = new Set(["/api/auth/logout-everywhere"]);

const modules = new Map<string, Record<string, unknown>>();
async function routeModule(route: string) {
  if (!modules.has(route)) modules.set(route, await import(path.join(process.cwd(), "app", route, "route.ts")));
  return modules.get(route)!;
}

/** The route's id-like segments filled with an id nobody has. */
function paramsOf(route: string): Record<string, string> {
  return Object.fromEntries([...route.matchAll(/\[(\w+)\]/g)].map((m) => [m[1]!, "999999999"]));
}

/** Calls a handler with no input but the given headers; a stream is closed as soon as it opens. */
async function invoke(route: string, method: HttpMethod, headers: Record<string, string> = {}, rawBody?: string) {
  const handler = (await routeModule(route))[method] as Handler;
  const req = new NextRequest(`http://localhost${route}`, { method, headers, body: rawBody });
  const res = await handler(req, { params: Promise.resolve(paramsOf(route)) });
  if (res.headers.get("content-type")?.includes("text/event-stream")) {
    await res.body?.cancel();
    return { status: res.status, json: null };
  }
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

/** The HTTP methods a route file exports (read from its source when it is not imported here). */
async function exportedMethods(route: string): Promise<HttpMethod[]> {
  if (!NOT_CALLED.has(route)) {
    const mod = await routeModule(route);
    return METHODS.filter((m) => typeof mod[m] === "function");
  }
  const source = fs.readFileSync(path.join(process.cwd(), "app", route, "route.ts"), "utf8");
  return METHODS.filter((m) => new RegExp(`export (const|async function|function) ${m}\\b|\\bas ${m}\\b`).test(source));
}

const entries = Object.entries(ROUTE_ACCESS).flatMap(([route, methods]) => Object.entries(methods).map(([method, access]) => ({ route, method: method as HttpMethod, access: access! })));
const label = (e: { route: string; method: string; access: string }) => `${e.method} ${e.route} (${e.access})`;

let people: Record<Role, OrgFixture>;
beforeAll(async () => {
  const owner = await createOrg();
  const [admin, member] = await Promise.all([addMember(owner.orgId, "admin"), addMember(owner.orgId, "member")]);
  people = { owner, admin, member };
});

describe("session routes: the least role passes, anything less is refused", () => {
  for (const e of entries.filter((x) => isRole(x.access))) {
    it(label(e), async () => {
      const least = e.access as Role;
      const anonymous = await invoke(e.route, e.method);
      expect(anonymous.status, JSON.stringify(anonymous.json)).toBe(401);
      expect(anonymous.json).toEqual({ error: "unauthorized", message: "Sign in to continue" });

      for (const lower of ROLES.slice(0, ROLES.indexOf(least))) {
        const refused = await invoke(e.route, e.method, { cookie: people[lower].cookie });
        expect(refused.status, `${lower}: ${JSON.stringify(refused.json)}`).toBe(403);
        expect(refused.json).toEqual({ error: "forbidden", message: `This action needs the ${least} role` });
      }

      const who = ENDS_SESSIONS.has(e.route) ? await addMember(people.owner.orgId, least) : people[least];
      const allowed = await invoke(e.route, e.method, { cookie: who.cookie });
      expect([401, 403], `${least}: ${JSON.stringify(allowed.json)}`).not.toContain(allowed.status);
      // Nothing crashes on the empty input (503 is a route that is not set up here, such as billing).
      expect(allowed.status, JSON.stringify(allowed.json)).not.toBe(500);
    });
  }
});

describe("machine and public routes: a session cookie is no substitute for their credential", () => {
  for (const e of entries.filter((x) => !isRole(x.access) && !NOT_CALLED.has(x.route))) {
    it(label(e), async () => {
      const cookie = people.owner.cookie;
      switch (e.access) {
        case "public": {
          const res = await invoke(e.route, e.method);
          expect([401, 403], JSON.stringify(res.json)).not.toContain(res.status);
          expect(res.status, JSON.stringify(res.json)).not.toBe(500);
          break;
        }
        case "device":
        case "run-token":
        case "api-key": {
          const res = await invoke(e.route, e.method, { cookie });
          expect(res.status).toBe(401);
          expect(res.json.error).toBe("unauthorized");
          break;
        }
        case "relay-secret": {
          const secret = "relay-report-secret-for-roles";
          const body = JSON.stringify({ jti: "0123456789abcdef", org: people.owner.orgId, runId: 1, seconds: 60, endedAt: new Date().toISOString() });
          await withEnv({ OUTREACH_EDITION: "cloud", OUTREACH_RELAY_REPORT_SECRET: secret }, async () => {
            for (const authorization of [undefined, "Bearer wrong-secret-of-same-size", `Basic ${secret}`]) {
              const res = await invoke(e.route, e.method, { cookie, "content-type": "application/json", ...(authorization ? { authorization } : {}) }, body);
              expect(res.status, JSON.stringify(res.json)).toBe(401);
              expect(res.json.error).toBe("unauthorized");
            }
          });
          break;
        }
        case "metrics-token": {
          // No session opens it, an owner's included; without the variable it is not there at all.
          expect((await invoke(e.route, e.method, { cookie })).status).toBe(404);
          await withEnv({ OUTREACH_METRICS_TOKEN: "metrics-token-for-roles-0123456" }, async () => {
            const res = await invoke(e.route, e.method, { cookie });
            expect(res.status).toBe(401);
            expect(res.json.error).toBe("unauthorized");
          });
          break;
        }
        case "stripe-signature": {
          const id = `evt_roles_${Date.now()}`;
          await withEnv(BILLING_ENV, async () => {
            const res = await invoke(e.route, e.method, { cookie, "content-type": "application/json" }, JSON.stringify({ id, object: "event", type: "invoice.paid", data: { object: {} } }));
            expect(res.status).toBe(400);
            expect(res.json.error).toBe("bad_request");
          });
          expect(await db.stripeEvent.count({ where: { id } })).toBe(0);
          break;
        }
        case "operator": {
          // The cloud edition's operator is granted from the command line; the owner of an organization is not one, and
          // hears of no route.
          await withEnv({ OUTREACH_EDITION: "cloud" }, () => asOperatorUser(people.admin, async () => {
            expect((await invoke(e.route, e.method)).status).toBe(401);
            const refused = await invoke(e.route, e.method, { cookie: people.owner.cookie });
            expect(refused.status, JSON.stringify(refused.json)).toBe(404);
            expect(refused.json).toEqual({ error: "not_found", message: "Route not found" });
            const allowed = await invoke(e.route, e.method, { cookie: people.admin.cookie });
            expect([401, 403, 404, 500], JSON.stringify(allowed.json)).not.toContain(allowed.status);
          }));
          break;
        }
        default:
          throw new Error(`no check for ${e.access}`);
      }
    });
  }
});

describe("the table", () => {
  it("has a line for every route file under app/api", () => {
    const missing = listApiRoutes().filter((r) => !(r in ROUTE_ACCESS));
    expect(missing, `routes without an entry in route-roles.ts: ${missing.join(", ")}`).toEqual([]);
    const stale = Object.keys(ROUTE_ACCESS).filter((r) => !listApiRoutes().includes(r));
    expect(stale, `entries for routes that no longer exist: ${stale.join(", ")}`).toEqual([]);
  });

  it("names exactly the HTTP methods each route exports", async () => {
    const wrong: string[] = [];
    for (const route of listApiRoutes()) {
      const exported = await exportedMethods(route);
      const listed = Object.keys(ROUTE_ACCESS[route] ?? {}).sort();
      if (JSON.stringify([...exported].sort()) !== JSON.stringify(listed)) wrong.push(`${route}: exports ${exported.join("/")}, table has ${listed.join("/")}`);
    }
    expect(wrong).toEqual([]);
  });
});
