// The audit feed on a real database: draft and run events in one newest-first feed, keyset pages that neither repeat
// nor skip a row when timestamps are equal and the two sides interleave, filters applied to each side, another
// organization's rows never shown, and each side's filtered page read through an index (no sort, no full scan).
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { databaseUrl } from "@/lib/env";
import { listAudit } from "@/lib/audit/list-audit";
import { ZAuditQuery, type AuditRow } from "@/lib/audit/schemas";
import * as audit from "@/app/api/audit/route";
import { call } from "./http";
import { createDraftRow, createOrg, createProject, type OrgFixture } from "./fixtures";

let A: OrgFixture;
let B: OrgFixture;
let draftId: number;
let runId: number;
const T = new Date("2026-11-20T12:00:00.000Z");

beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  const p = await createProject(A.orgId);
  draftId = (await createDraftRow(A.orgId, { projectId: p.id })).id;
  runId = (await db.run.create({ data: { organizationId: A.orgId, projectId: p.id, kind: "campaign", runner: "cloud", status: "success" } })).id;
  // 12 draft events and 12 run events: the first six of each share one instant, the rest interleave 1 ms apart.
  for (let i = 0; i < 12; i++) {
    const at = i < 6 ? T : new Date(T.getTime() + i);
    await db.draftEvent.create({ data: { organizationId: A.orgId, draftId, event: i % 3 === 0 ? "approved" : "body_edited", actorType: "user", actorLabel: i % 2 ? "owner" : "maria", details: {}, createdAt: at } });
    await db.runEvent.create({ data: { organizationId: A.orgId, runId, seq: i + 1, type: i % 2 ? "tool_call" : "lifecycle", payload: { phase: "started", title: "mcp__outreach__run_start" }, createdAt: at } });
  }
  // B's rows at the same instants.
  const bp = await createProject(B.orgId);
  const bDraft = await createDraftRow(B.orgId, { projectId: bp.id });
  await db.draftEvent.create({ data: { organizationId: B.orgId, draftId: bDraft.id, event: "approved", actorType: "user", actorLabel: "spy", details: {}, createdAt: T } });
});

async function allPages(q: Record<string, string>, limit: number): Promise<AuditRow[]> {
  const rows: AuditRow[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 100; n++) {
    const page = await listAudit({ orgId: A.orgId, query: ZAuditQuery.parse({ ...q, limit: String(limit), ...(cursor ? { cursor } : {}) }) });
    rows.push(...page.rows);
    if (!page.nextCursor) return rows;
    cursor = page.nextCursor;
  }
  throw new Error("did not end");
}
const key = (r: AuditRow) => `${r.kind}:${r.id}`;

describe("GET /api/audit", () => {
  it("merges both sides newest first and pages without repeats or gaps, at every page size", async () => {
    const everything = await allPages({}, 200);
    expect(everything).toHaveLength(24);
    for (const size of [1, 2, 5, 7]) expect((await allPages({}, size)).map(key), `page size ${size}`).toEqual(everything.map(key));
    // Newest first; at one instant runs before drafts, then ids descending.
    const times = everything.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(everything.slice(-12).map(key)).toEqual([...everything.slice(-12).filter((r) => r.kind === "run"), ...everything.slice(-12).filter((r) => r.kind === "draft")].map(key));
    expect(everything[0]).toMatchObject({ kind: "run", event: "tool_call", runId, actor: { type: "run", label: `run #${runId}` }, summary: "Agent: Reading the campaign brief" });
    expect(everything.find((r) => r.kind === "draft")).toMatchObject({ draftId, actor: { type: "user" }, summary: expect.stringMatching(/^(Approved|Edited)/) });
  });

  it("filters each side before the union: event, draft, run, actor, date range, kind", async () => {
    expect((await allPages({ event: "approved" }, 3)).map((r) => r.event)).toEqual(Array(4).fill("approved"));
    expect((await allPages({ event: "tool_call" }, 4)).every((r) => r.kind === "run")).toBe(true);
    expect((await allPages({ draft: String(draftId) }, 5)).every((r) => r.kind === "draft" && r.draftId === draftId)).toBe(true);
    expect(await allPages({ run: String(runId) }, 5)).toHaveLength(12);
    expect((await allPages({ actor: "maria" }, 2)).map((r) => r.actor.label)).toEqual(Array(6).fill("maria"));
    expect(await allPages({ actor: `run #${runId}` }, 4)).toHaveLength(12);
    const late = await allPages({ from: new Date(T.getTime() + 6).toISOString(), to: new Date(T.getTime() + 9).toISOString() }, 2);
    expect(late.map((r) => new Date(r.createdAt).getTime() - T.getTime()).sort()).toEqual([6, 6, 7, 7, 8, 8]);
    expect((await allPages({ kind: "draft" }, 10)).every((r) => r.kind === "draft")).toBe(true);
  });

  it("never shows another organization's rows, and answers bad input with 400", async () => {
    const mine = await call(audit.GET, { cookie: B.cookie, path: "/api/audit?limit=100" });
    expect(mine.status).toBe(200);
    expect(mine.json.rows).toHaveLength(1);
    expect(mine.json.rows[0].actor.label).toBe("spy");
    expect((await call(audit.GET, { cookie: B.cookie, path: `/api/audit?draft=${draftId}` })).json.rows).toEqual([]);
    expect((await call(audit.GET, { cookie: B.cookie, path: `/api/audit?run=${runId}` })).json.rows).toEqual([]);
    const a = await call(audit.GET, { cookie: A.cookie, path: "/api/audit?limit=100" });
    expect(a.json.rows.map((r: AuditRow) => r.actor.label)).not.toContain("spy");
  });

  it("reads each side's filtered page through an index, with no sort and no full scan", async () => {
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      // A's feed at a realistic shape (rolled back at the end): thousands of events of another draft, run, actor,
      // event name and type, and fresh statistics, so each filter is selective and the planner's choice of index
      // is the one a real feed gets, not a tie broken by the handful of rows above.
      const fillerDraft = (await createDraftRow(A.orgId)).id;
      const fillerRun = (await db.run.create({ data: { organizationId: A.orgId, kind: "campaign", runner: "cloud", status: "success" } })).id;
      await client.query("BEGIN");
      await client.query(
        `INSERT INTO draft_events (organization_id, draft_id, event, actor_type, actor_label, created_at)
         SELECT $1, $2, 'sent', 'device', 'filler', $3::timestamptz - g * interval '1 second' FROM generate_series(1, 5000) g`,
        [A.orgId, fillerDraft, T.toISOString()],
      );
      await client.query(
        `INSERT INTO run_events (organization_id, run_id, seq, type, created_at)
         SELECT $1, $2, g, 'message_chunk', $3::timestamptz - g * interval '1 second' FROM generate_series(1, 5000) g`,
        [A.orgId, fillerRun, T.toISOString()],
      );
      await client.query("ANALYZE draft_events, run_events");
      await client.query("SET LOCAL enable_seqscan = off");
      await client.query("SET LOCAL enable_sort = off");
      const cases: Array<[string, string, string]> = [
        ["draft_events", "organization_id = $1", "draft_events_organization_id_created_at_id_idx"],
        ["draft_events", "organization_id = $1 AND event = 'approved'", "draft_events_organization_id_event_created_at_id_idx"],
        ["draft_events", `organization_id = $1 AND draft_id = ${draftId}`, "draft_events_organization_id_draft_id_created_at_id_idx"],
        ["draft_events", "organization_id = $1 AND actor_label = 'maria'", "draft_events_organization_id_actor_label_created_at_id_idx"],
        ["run_events", "organization_id = $1", "run_events_organization_id_created_at_id_idx"],
        ["run_events", "organization_id = $1 AND type = 'tool_call'", "run_events_organization_id_type_created_at_id_idx"],
        ["run_events", `organization_id = $1 AND run_id = ${runId}`, "run_events_organization_id_run_id_created_at_id_idx"],
      ];
      for (const [table, where, index] of cases) {
        const plan = (await client.query(`EXPLAIN SELECT id FROM ${table} WHERE ${where} AND (created_at, id) < ($2::timestamptz, $3) ORDER BY created_at DESC, id DESC LIMIT 51`, [A.orgId, T.toISOString(), 100]))
          .rows.map((r) => r["QUERY PLAN"]).join("\n");
        expect(plan, plan).toMatch(new RegExp(`Index (Only )?Scan Backward using ${index}`));
        expect(plan, plan).not.toMatch(/\bSort\b|Seq Scan/);
      }
      await client.query("ROLLBACK");
    } finally {
      await client.end();
    }
  });
});
