// Tenancy of the insight and extraction tools: bound to a run of organization B (or of another project of A), none
// of them reads, changes or reveals organization A's project, drafts, messages, source folder or description. The
// coverage check in cross-tenant-tools.int.test.ts finds these cases by their names ("tenancy: <tool> ...").
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { mintRunToken } from "@/lib/runs/run-token";
import { createDraftRow, createOrg, uid, type OrgFixture } from "./fixtures";
import { connectToolClient } from "./tool-client";
import { setEnv } from "./org-fixtures";

let A: OrgFixture;
let B: OrgFixture;
let tmp: string;
let restoreEnv: (() => void) | undefined;
const SECRET = { draft: "A's private draft about the unreleased roadmap", reply: "A's private reply with a phone number", file: "A PRIVATE ROADMAP", description: "A's own description" };
let a: { projectId: number; projectName: string; sourcePath: string; draftIds: number[]; messageId: number };
let b: { projectId: number; sourcePath: string; draftIds: number[] };

async function seedProject(orgId: number, sourcePath: string, body: string, description: string) {
  const project = await db.project.create({ data: { organizationId: orgId, name: `Project ${uid()}`, description, sourceKind: "folder", sourcePath } });
  const drafts = [];
  for (let i = 0; i < 5; i++) drafts.push(await createDraftRow(orgId, { projectId: project.id, state: "sent", body: `${body} #${i}` }));
  return { project, drafts };
}

beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "tenancy-src-")));
  // Both organizations' folders lie under a root the operator lists (docs/security.md, "Files").
  restoreEnv = setEnv({ OUTREACH_SOURCE_ROOTS: tmp });
  const srcA = path.join(tmp, "a-src");
  const srcB = path.join(tmp, "b-src");
  fs.mkdirSync(srcA);
  fs.mkdirSync(srcB);
  fs.writeFileSync(path.join(srcA, "a-secret-plan.md"), `${SECRET.file}\n`);
  fs.writeFileSync(path.join(srcB, "README.md"), "# B's product\n");

  const pa = await seedProject(A.orgId, srcA, SECRET.draft, SECRET.description);
  const thread = await db.conversationThread.create({
    data: { organizationId: A.orgId, platform: "forum", accountHandle: "me", targetUser: pa.drafts[0]!.targetUser, kind: "dm", parentDraftId: pa.drafts[0]!.id, lastMessageAt: new Date() },
  });
  const msg = await db.conversationMessage.create({
    data: { organizationId: A.orgId, threadId: thread.id, direction: "inbound", author: "someone", body: SECRET.reply, sentAt: new Date() },
  });
  a = { projectId: pa.project.id, projectName: pa.project.name, sourcePath: srcA, draftIds: pa.drafts.map((d) => d.id), messageId: msg.id };
  const pb = await seedProject(B.orgId, srcB, "B's ordinary draft", "B's description");
  b = { projectId: pb.project.id, sourcePath: srcB, draftIds: pb.drafts.map((d) => d.id) };
});

afterAll(() => {
  restoreEnv?.();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** A client of the tool server bound to a fresh running run of `orgId` (the agent's only identity). */
async function bound(orgId: number, kind: string, projectId: number) {
  const { token, hash } = mintRunToken();
  const run = await db.run.create({ data: { organizationId: orgId, projectId, kind, runner: "cloud", status: "running", runTokenHash: hash } });
  const client = await connectToolClient({ runId: run.id, token });
  // One call per client: each case binds a fresh run.
  const callTool = async (name: string, args: Record<string, unknown> = {}) => {
    const res = await client.callTool(name, args);
    await client.close();
    return { ...res, runId: run.id };
  };
  return { callTool };
}

function expectNoLeak(text: string) {
  for (const leak of [SECRET.draft, SECRET.reply, SECRET.file, SECRET.description, a.projectName, "a-secret-plan.md", "a-src"]) {
    expect(text).not.toContain(leak);
  }
}

async function expectAUntouched() {
  const project = await db.project.findUniqueOrThrow({ where: { id: a.projectId } });
  expect(project.description).toBe(SECRET.description);
  expect(await db.projectInsight.count({ where: { organizationId: A.orgId } })).toBe(0);
}

describe("cross-tenant: insight and extraction tools bound to another organization's run", () => {
  it("tenancy: project_insights_context answers the bound project only, never another organization's or project's drafts and messages", async () => {
    const { isError, text } = await (await bound(B.orgId, "project_insights", b.projectId)).callTool("project_insights_context");
    expect(isError).toBe(false);
    const ctx = JSON.parse(text);
    expect(ctx).toMatchObject({ project: { id: b.projectId }, draftCount: 5, replyCount: 0 });
    expect(ctx.recentDrafts.map((d: { id: number }) => d.id).sort()).toEqual([...b.draftIds].sort());
    expectNoLeak(text);
    // Another project of A's own organization does not see this project's outreach either.
    const sibling = await db.project.create({ data: { organizationId: A.orgId, name: `Sibling ${uid()}` } });
    const own = JSON.parse((await (await bound(A.orgId, "project_insights", sibling.id)).callTool("project_insights_context")).text);
    expect(own).toMatchObject({ project: { id: sibling.id }, draftCount: 0, sentCount: 0, replyCount: 0, recentDrafts: [], recentMessages: [] });
  });

  it("tenancy: project_insights refuses evidence citing another organization's draft or message and writes nothing", async () => {
    for (const evidence of [[{ draftId: a.draftIds[0] }], [{ messageId: a.messageId }], [{ draftId: b.draftIds[0] }, { draftId: a.draftIds[1] }]]) {
      const { isError, text, runId } = await (await bound(B.orgId, "project_insights", b.projectId)).callTool("project_insights", { summaryMd: "# B's brief", evidence });
      expect(isError).toBe(true);
      expect(text).toMatch(/^not_found: /);
      expectNoLeak(text);
      expect((await db.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("running");
    }
    // A foreign id reads exactly like one that names nothing.
    const cite = async (draftId: number) =>
      (await (await bound(B.orgId, "project_insights", b.projectId)).callTool("project_insights", { summaryMd: "# B's brief", evidence: [{ draftId }] })).text;
    expect(await cite(a.draftIds[0]!)).toBe((await cite(2_000_000_000)).replace("2000000000", String(a.draftIds[0])));
    expect(await cite(a.draftIds[0]!)).toBe(`not_found: Draft ${a.draftIds[0]} not found. Cite ids from project_insights_context.`);
    expect(await db.projectInsight.count({ where: { projectId: { in: [a.projectId, b.projectId] } } })).toBe(0);
    await expectAUntouched();
  });

  it("tenancy: project_extract_start shows the bound project's source folder, never another organization's", async () => {
    const { isError, text } = await (await bound(B.orgId, "project_extraction", b.projectId)).callTool("project_extract_start");
    expect(isError).toBe(false);
    expect(JSON.parse(text)).toMatchObject({ project: { id: b.projectId }, source: { path: b.sourcePath }, entries: [{ name: "README.md", type: "file" }] });
    expectNoLeak(text);
  });

  it("tenancy: project_extract_files cannot list another organization's source folder", async () => {
    for (const dir of ["../a-src", a.sourcePath, "./../a-src/."]) {
      const { isError, text } = await (await bound(B.orgId, "project_extraction", b.projectId)).callTool("project_extract_files", { dir });
      expect(isError).toBe(true);
      expect(text).toMatch(/^forbidden_path: /);
      expect(text).not.toContain("a-secret-plan.md");
    }
    const own = await (await bound(B.orgId, "project_extraction", b.projectId)).callTool("project_extract_files");
    expect(JSON.parse(own.text).files).toEqual([{ path: "README.md", size: expect.any(Number) }]);
  });

  it("tenancy: project_extract_read cannot read another organization's source files", async () => {
    for (const p of ["../a-src/a-secret-plan.md", path.join(a.sourcePath, "a-secret-plan.md"), "a-secret-plan.md"]) {
      const { isError, text } = await (await bound(B.orgId, "project_extraction", b.projectId)).callTool("project_extract_read", { path: p });
      expect(isError).toBe(true);
      expect(text).toMatch(/^(forbidden_path|not_found): /);
      expect(text).not.toContain(SECRET.file);
    }
  });

  it("tenancy: project_extract_finish changes the bound project only", async () => {
    const { isError, text } = await (await bound(B.orgId, "project_extraction", b.projectId)).callTool("project_extract_finish", { description: "Written by B's run" });
    expect(isError).toBe(false);
    expect(JSON.parse(text)).toEqual({ projectId: b.projectId });
    expect((await db.project.findUniqueOrThrow({ where: { id: b.projectId } })).description).toBe("Written by B's run");
    await expectAUntouched();
  });
});
