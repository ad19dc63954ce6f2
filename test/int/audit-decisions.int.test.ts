// The audit feed's decisions view (the Audit page's default): what people did to drafts, with each run folded into one
// row carrying its outline; what a run wrote to drafts stays in the run's row; keyset pages neither repeat nor skip;
// the run's own events stay reachable with view=all; another organization's runs and decisions never show.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { listAudit } from "@/lib/audit/list-audit";
import { ZAuditQuery, type AuditRow } from "@/lib/audit/schemas";
import { createCampaignRow, createDraftRow, createOrg, createProject, type OrgFixture } from "./fixtures";

let A: OrgFixture;
let B: OrgFixture;
let runId: number;
let bRunId: number;
let draftId: number;
const T = new Date("2026-11-20T12:00:00.000Z");
const at = (ms: number) => new Date(T.getTime() + ms);

beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  const p = await createProject(A.orgId);
  const c = await createCampaignRow(A.orgId, p.id);
  runId = (await db.run.create({ data: { organizationId: A.orgId, projectId: p.id, campaignId: c.id, kind: "campaign", runner: "cloud", status: "success", createdAt: at(0) } })).id;
  draftId = (await createDraftRow(A.orgId, { projectId: p.id, campaignId: c.id, draftingRunId: runId })).id;
  await db.draft.update({ where: { id: draftId }, data: { runId } });
  for (let i = 0; i < 5; i++) {
    await db.runEvent.create({ data: { organizationId: A.orgId, runId, seq: i + 1, type: i % 2 ? "message_chunk" : "lifecycle", payload: { text: `chunk ${i}`, phase: "started" }, createdAt: at(1 + i) } });
  }
  await db.draftEvent.create({ data: { organizationId: A.orgId, draftId, event: "created", actorType: "run", actorId: runId, actorLabel: `run #${runId}`, details: {}, createdAt: at(3) } });
  await db.draftEvent.create({ data: { organizationId: A.orgId, draftId, event: "body_edited", actorType: "user", actorLabel: "maria", details: {}, createdAt: at(10) } });
  await db.draftEvent.create({ data: { organizationId: A.orgId, draftId, event: "approved", actorType: "user", actorLabel: "owner", details: {}, createdAt: at(11) } });
  await db.draftEvent.create({ data: { organizationId: A.orgId, draftId, event: "sent", actorType: "system", actorLabel: "system", details: {}, createdAt: at(12) } });

  const bp = await createProject(B.orgId);
  bRunId = (await db.run.create({ data: { organizationId: B.orgId, projectId: bp.id, kind: "campaign", runner: "cloud", status: "failed", createdAt: at(5) } })).id;
});

const read = async (orgId: number, q: Record<string, string>) => listAudit({ orgId, query: ZAuditQuery.parse(q) });
const key = (r: AuditRow) => `${r.kind}:${r.id}`;

describe("audit feed, decisions view", () => {
  it("lists people's decisions and one row per run, newest first", async () => {
    const { rows } = await read(A.orgId, { view: "decisions" });
    expect(rows.map((r) => `${r.kind}:${r.event}`)).toEqual(["draft:sent", "draft:approved", "draft:body_edited", "run:run"]);
    expect(rows[1]).toMatchObject({ actor: { label: "owner" }, draftId });
    expect(rows[3]).toMatchObject({
      runId,
      run: { kind: "campaign", status: "success", events: 5, drafts: 1 },
      summary: expect.stringMatching(/^Campaign run of Campaign .*: success, 1 draft, 5 events$/),
    });
    // What the run wrote (the draft's creation) is not a separate row.
    expect(rows.some((r) => r.kind === "draft" && r.event === "created")).toBe(false);
  });

  it("pages without repeats or gaps", async () => {
    const all = (await read(A.orgId, { view: "decisions" })).rows.map(key);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof read>> = await read(A.orgId, { view: "decisions", limit: "1", ...(cursor ? { cursor } : {}) });
      paged.push(...page.rows.map(key));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all);
  });

  it("keeps the run's own events reachable with view=all", async () => {
    const { rows } = await read(A.orgId, { view: "all", run: String(runId) });
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.kind === "run" && r.runId === runId && !r.run)).toBe(true);
  });

  it("narrows by who, and a run-event filter leaves no run rows", async () => {
    expect((await read(A.orgId, { view: "decisions", actor: "maria" })).rows.map((r) => r.event)).toEqual(["body_edited"]);
    expect((await read(A.orgId, { view: "decisions", event: "approved" })).rows.map((r) => r.event)).toEqual(["approved"]);
    expect((await read(A.orgId, { view: "decisions", actor: `run #${runId}` })).rows.map(key)).toEqual([`run:${runId}`]);
  });

  it("never shows another organization's runs or decisions", async () => {
    const a = await read(A.orgId, { view: "decisions" });
    expect(a.rows.some((r) => r.runId === bRunId)).toBe(false);
    const b = await read(B.orgId, { view: "decisions" });
    expect(b.rows.map(key)).toEqual([`run:${bRunId}`]);
    expect((await read(B.orgId, { view: "decisions", run: String(runId) })).rows).toEqual([]);
  });
});
