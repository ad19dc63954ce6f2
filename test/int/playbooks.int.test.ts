// Playbooks: the built-ins ship as files and every organization gets read-only rows of them; people write their own
// or duplicate a built-in; runs keep the text they started with; and the built-ins only name tools the tool server
// really has.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { db } from "@/lib/db/client";
import { createToolServer } from "@/lib/mcp/create-tool-server";
import { startCampaignRun } from "@/lib/runs/start-campaign-run";
import { BUILTIN_PLAYBOOKS, loadBuiltinPlaybook } from "@/lib/playbooks/builtin-playbooks";
import { seedBuiltinPlaybooks } from "@/lib/playbooks/seed-builtin-playbooks";
import { ensureDefaultOrganization } from "@/lib/organizations/ensure-default-organization";
import { createUserWithOrganization } from "@/lib/users/create-user-with-organization";
import * as playbooks from "@/app/api/playbooks/route";
import * as playbook from "@/app/api/playbooks/[id]/route";
import * as campaignRoute from "@/app/api/campaigns/[id]/route";
import { call } from "./http";
import { createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { registerFakeBackends, scriptedCampaign, scriptOrgPlaybook, scriptPlaybook, serveToolServer } from "./agent-harness";
import { REPLY_INTENTS } from "@/lib/replies/reply-intent";

const SLUGS = [
  "forum-scout", "forum-commenter", "forum-poster", "federated-scout", "federated-commenter", "federated-poster",
  "draft-regenerator", "reply-drafter", "followup-drafter", "project-insighter", "project-extractor", "campaign-skill-generator",
];

let A: OrgFixture;
let tools: { url: string; close: () => Promise<void> };

/** An organization with its built-ins, the way a real one is created. */
async function seededOrg(): Promise<OrgFixture> {
  const org = await createOrg();
  await seedBuiltinPlaybooks(db, org.orgId);
  return org;
}

const builtinRows = (orgId: number) =>
  db.playbook.findMany({ where: { organizationId: orgId, isBuiltin: true }, orderBy: { slug: "asc" } });

beforeAll(async () => {
  await registerFakeBackends();
  tools = await serveToolServer();
  A = await seededOrg();
});

afterAll(async () => {
  await tools?.close();
});

describe("built-in playbooks", () => {
  it("ship as one Markdown file each, with a title and real instructions", async () => {
    expect(BUILTIN_PLAYBOOKS.map((p) => p.slug).sort()).toEqual([...SLUGS].sort());
    for (const slug of SLUGS) {
      const file = path.join(process.cwd(), "playbooks", `${slug}.md`);
      expect(fs.existsSync(file), file).toBe(true);
      const body = await loadBuiltinPlaybook(slug);
      expect(body).toMatch(/^# \S/);
      const lines = body.split("\n").length;
      expect(lines, `${slug} has ${lines} lines`).toBeGreaterThanOrEqual(60);
      expect(lines, `${slug} has ${lines} lines`).toBeLessThanOrEqual(150);
      expect(body).toMatch(/## End condition/);
    }
    await expect(loadBuiltinPlaybook("../package")).rejects.toThrow(/Not a built-in/);
  });

  it("a new organization gets the 11 read-only rows, with the files' text", async () => {
    await createOrg(); // a user exists, so the next call creates a new organization rather than adopting the default
    const created = await createUserWithOrganization({ organizationName: `Seeded ${uid()}`, username: `seed-${uid()}`, password: "long enough password" });
    const rows = await builtinRows(created.organization.id);
    expect(rows.map((r) => r.slug)).toEqual([...SLUGS].sort());
    for (const row of rows) {
      expect(row.body).toBe(await loadBuiltinPlaybook(row.slug));
      expect(row.title).toBe(BUILTIN_PLAYBOOKS.find((p) => p.slug === row.slug)!.title);
    }
  });

  it("the default organization has them too", async () => {
    const org = await ensureDefaultOrganization();
    expect((await builtinRows(org.id)).map((r) => r.slug)).toEqual([...SLUGS].sort());
  });

  it("re-seeding refreshes built-in text and leaves the organization's own playbooks alone", async () => {
    const org = await createOrg();
    // A playbook the user wrote before this release made its slug a built-in: it stays theirs.
    const mine = await db.playbook.create({ data: { organizationId: org.orgId, slug: "project-insighter", title: "Mine", body: "my own insights" } });
    const other = await db.playbook.create({ data: { organizationId: org.orgId, slug: "my-scout", title: "My scout", body: "custom" } });
    expect(await seedBuiltinPlaybooks(db, org.orgId)).toEqual({ created: 11, refreshed: 0 });
    const stale = await db.playbook.findFirstOrThrow({ where: { organizationId: org.orgId, slug: "forum-scout" } });
    await db.playbook.update({ where: { id: stale.id }, data: { body: "an old release's text", title: "Old" } });

    // Creating only (what organization creation does) keeps the text; boot's refresh brings the new text.
    expect(await seedBuiltinPlaybooks(db, org.orgId, { refresh: false })).toEqual({ created: 0, refreshed: 0 });
    expect((await db.playbook.findUniqueOrThrow({ where: { id: stale.id } })).body).toBe("an old release's text");
    expect(await seedBuiltinPlaybooks(db, org.orgId)).toEqual({ created: 0, refreshed: 1 });

    const fresh = await db.playbook.findUniqueOrThrow({ where: { id: stale.id } });
    expect(fresh).toMatchObject({ body: await loadBuiltinPlaybook("forum-scout"), title: "Forum scout", isBuiltin: true });
    expect(await db.playbook.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({ body: "my own insights", title: "Mine", isBuiltin: false });
    expect(await db.playbook.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ body: "custom", isBuiltin: false });
    expect(await db.playbook.count({ where: { organizationId: org.orgId } })).toBe(13);
  });
});

describe("playbook routes", () => {
  it("create, list, read, edit and delete a playbook of one's own", async () => {
    const body = "# My scout\n\nFind people who asked for a backup tool.\n";
    const created = await call(playbooks.POST, { cookie: A.cookie, method: "POST", body: { slug: "my-scout", title: "My scout", body } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ slug: "my-scout", title: "My scout", body, isBuiltin: false });
    const id = String(created.json.id);

    const list = await call(playbooks.GET, { cookie: A.cookie });
    expect(list.status).toBe(200);
    expect(list.json.playbooks.filter((p: { isBuiltin: boolean }) => p.isBuiltin)).toHaveLength(12);
    const listed = list.json.playbooks.find((p: { id: number }) => p.id === created.json.id);
    expect(listed).toMatchObject({ slug: "my-scout", isBuiltin: false, bodyLength: body.length, excerpt: "Find people who asked for a backup tool." });
    expect(listed.body).toBeUndefined();

    expect((await call(playbook.GET, { cookie: A.cookie, params: { id } })).json).toMatchObject({ body, campaignCount: 0 });

    const edited = await call(playbook.PATCH, { cookie: A.cookie, method: "PATCH", params: { id }, body: { title: "Scout v2", slug: "scout-v2", body: "# v2\n\nShorter." } });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ title: "Scout v2", slug: "scout-v2", body: "# v2\n\nShorter.", isBuiltin: false });

    const removed = await call(playbook.DELETE, { cookie: A.cookie, method: "DELETE", params: { id } });
    expect(removed.status).toBe(204);
    expect((await call(playbook.GET, { cookie: A.cookie, params: { id } })).status).toBe(404);
  });

  it("a built-in cannot be edited or deleted, and nothing changes", async () => {
    const row = await db.playbook.findFirstOrThrow({ where: { organizationId: A.orgId, slug: "forum-commenter" } });
    for (const patch of [{ body: "# hacked" }, { title: "Mine now" }, { slug: "forum-commenter-2" }]) {
      const res = await call(playbook.PATCH, { cookie: A.cookie, method: "PATCH", params: { id: String(row.id) }, body: patch });
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({ error: "conflict", message: "Built-in playbooks are read-only; duplicate it to make your own" });
    }
    const del = await call(playbook.DELETE, { cookie: A.cookie, method: "DELETE", params: { id: String(row.id) } });
    expect(del.status).toBe(409);
    expect(del.json.message).toMatch(/read-only/);
    expect(await db.playbook.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
  });

  it("duplicating gives editable copies with free slugs", async () => {
    const org = await seededOrg();
    const builtin = await db.playbook.findFirstOrThrow({ where: { organizationId: org.orgId, slug: "reply-drafter" } });
    const dup = (id: number) => call(playbooks.POST, { cookie: org.cookie, method: "POST", body: { duplicateOf: id } });

    const first = await dup(builtin.id);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ slug: "reply-drafter-copy", title: "Reply drafter (copy)", body: builtin.body, isBuiltin: false });
    expect((await dup(builtin.id)).json.slug).toBe("reply-drafter-copy-2");
    // A copy of a copy does not grow "-copy-copy".
    expect((await dup(first.json.id)).json.slug).toBe("reply-drafter-copy-3");

    const edited = await call(playbook.PATCH, { cookie: org.cookie, method: "PATCH", params: { id: String(first.json.id) }, body: { body: "# Mine\n\nShorter replies." } });
    expect(edited.status).toBe(200);
    expect((await db.playbook.findUniqueOrThrow({ where: { id: builtin.id } })).body).toBe(builtin.body);
  });

  it("slugs are unique in an organization: a clash is a 409", async () => {
    const org = await seededOrg();
    const clash = await call(playbooks.POST, { cookie: org.cookie, method: "POST", body: { slug: "forum-scout", title: "x", body: "y" } });
    expect(clash.status).toBe(409);
    expect(clash.json.message).toMatch(/forum-scout/);
    const mine = await call(playbooks.POST, { cookie: org.cookie, method: "POST", body: { slug: "mine", title: "x", body: "y" } });
    const renamed = await call(playbook.PATCH, { cookie: org.cookie, method: "PATCH", params: { id: String(mine.json.id) }, body: { slug: "reply-drafter" } });
    expect(renamed.status).toBe(409);
    expect((await db.playbook.findUniqueOrThrow({ where: { id: mine.json.id } })).slug).toBe("mine");
    // Another organization may use the same slug.
    expect((await call(playbooks.POST, { cookie: A.cookie, method: "POST", body: { slug: "mine", title: "x", body: "y" } })).status).toBe(201);
  });

  it("a body over 200 KB is refused", async () => {
    const res = await call(playbooks.POST, { cookie: A.cookie, method: "POST", body: { slug: `big-${uid()}`, title: "Big", body: "x".repeat(200 * 1024 + 1) } });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/200 KB/);
  });
});

describe("campaigns and playbooks", () => {
  it("a campaign runs a duplicated playbook, and its run keeps the snapshot after the copy is edited", async () => {
    const org = await seededOrg();
    const script = (summary: string) => ({ steps: [{ tool: "run_start" }, { tool: "run_finish", args: { summary } }] });
    const { campaign } = await scriptedCampaign(org.orgId, script("unused"));
    const builtin = await db.playbook.findFirstOrThrow({ where: { organizationId: org.orgId, slug: "forum-scout" } });
    const copy = (await call(playbooks.POST, { cookie: org.cookie, method: "POST", body: { duplicateOf: builtin.id } })).json;
    const firstBody = scriptPlaybook(script("first text"), "My forum scout, first version.");
    expect((await call(playbook.PATCH, { cookie: org.cookie, method: "PATCH", params: { id: String(copy.id) }, body: { body: firstBody } })).status).toBe(200);

    const pointed = await call(campaignRoute.PATCH, { cookie: org.cookie, method: "PATCH", params: { id: String(campaign.id) }, body: { playbookId: copy.id } });
    expect(pointed.status).toBe(200);
    expect(pointed.json.playbookId).toBe(copy.id);

    const first = await startCampaignRun({ orgId: org.orgId, campaignId: campaign.id, toolServerUrl: tools.url, timeoutMs: 30_000 });
    expect(await first.done).toEqual({ status: "success", failureReason: null });

    const secondBody = scriptPlaybook(script("second text"), "My forum scout, second version.");
    expect((await call(playbook.PATCH, { cookie: org.cookie, method: "PATCH", params: { id: String(copy.id) }, body: { body: secondBody } })).status).toBe(200);
    const firstRun = await db.run.findUniqueOrThrow({ where: { id: first.runId } });
    expect(firstRun).toMatchObject({ playbookSlug: "forum-scout-copy", playbookBody: firstBody, status: "success" });
    expect(firstRun.params).toMatchObject({ summary: "first text" });

    const second = await startCampaignRun({ orgId: org.orgId, campaignId: campaign.id, toolServerUrl: tools.url, timeoutMs: 30_000 });
    expect(await second.done).toEqual({ status: "success", failureReason: null });
    const secondRun = await db.run.findUniqueOrThrow({ where: { id: second.runId } });
    expect(secondRun).toMatchObject({ playbookBody: secondBody });
    expect(secondRun.params).toMatchObject({ summary: "second text" });
    // Editing once more changes neither run.
    await call(playbook.PATCH, { cookie: org.cookie, method: "PATCH", params: { id: String(copy.id) }, body: { body: "# Third\n\nrewritten" } });
    expect((await db.run.findUniqueOrThrow({ where: { id: first.runId } })).playbookBody).toBe(firstBody);
    expect((await db.run.findUniqueOrThrow({ where: { id: second.runId } })).playbookBody).toBe(secondBody);
  });

  it("deleting a playbook a campaign uses clears the link; the next run uses the built-in of the skill", async () => {
    const org = await seededOrg();
    const { campaign, playbook: own } = await scriptedCampaign(org.orgId, { steps: [{ tool: "run_start" }, { tool: "run_finish", args: { summary: "own" } }] });
    await scriptOrgPlaybook(org.orgId, "forum-scout", { steps: [{ tool: "run_start" }, { tool: "run_finish", args: { summary: "built-in" } }] });
    expect((await call(playbook.GET, { cookie: org.cookie, params: { id: String(own.id) } })).json.campaignCount).toBe(1);

    expect((await call(playbook.DELETE, { cookie: org.cookie, method: "DELETE", params: { id: String(own.id) } })).status).toBe(204);
    expect((await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).playbookId).toBeNull();

    const started = await startCampaignRun({ orgId: org.orgId, campaignId: campaign.id, toolServerUrl: tools.url, timeoutMs: 30_000 });
    expect(await started.done).toEqual({ status: "success", failureReason: null });
    const run = await db.run.findUniqueOrThrow({ where: { id: started.runId } });
    expect(run.playbookSlug).toBe("forum-scout");
    expect(run.params).toMatchObject({ summary: "built-in" });
  });

  it("a campaign can only point at a playbook of its own organization", async () => {
    const org = await seededOrg();
    const project = await createProject(org.orgId);
    const camp = await db.campaign.create({ data: { organizationId: org.orgId, projectId: project.id, name: "c", platform: "forum", skill: "forum-scout", runner: "cloud" } });
    const foreign = await db.playbook.findFirstOrThrow({ where: { organizationId: A.orgId, slug: "forum-scout" } });
    const res = await call(campaignRoute.PATCH, { cookie: org.cookie, method: "PATCH", params: { id: String(camp.id) }, body: { playbookId: foreign.id } });
    expect(res.status).toBe(404);
    expect((await db.campaign.findUniqueOrThrow({ where: { id: camp.id } })).playbookId).toBeNull();
    const back = await call(campaignRoute.PATCH, { cookie: org.cookie, method: "PATCH", params: { id: String(camp.id) }, body: { playbookId: null } });
    expect(back.status).toBe(200);
  });
});

// Non-tool words the playbooks write in backticks with underscores (config keys, states, kinds, error codes).
// Words of the data the playbooks explain, not tools: states, kinds, settings, and a reply's intents.
const VOCABULARY = new Set(["rubric_template", "threshold_red", "threshold_green", "pending_review", "post_comment", "reply_dm", "reply_comment", "forbidden_path", ...REPLY_INTENTS]);

describe("the built-in playbooks name only real tools", () => {
  let registered: Set<string>;

  beforeAll(async () => {
    const server = createToolServer({ orgId: A.orgId, runId: 0, kind: "campaign", campaignId: null, projectId: null });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "playbook-check", version: "1.0.0" });
    await client.connect(clientSide);
    registered = new Set((await client.listTools()).tools.map((t) => t.name));
    await client.close();
  });

  it("every tool a playbook mentions is registered by the tool server", async () => {
    expect(registered.size).toBeGreaterThanOrEqual(25);
    for (const slug of SLUGS) {
      const body = await loadBuiltinPlaybook(slug);
      const prefixed = [...body.matchAll(/mcp__outreach__([a-z0-9_]+)/g)].map((m) => m[1]);
      const backticked = [...body.matchAll(/`([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`/g)].map((m) => m[1]).filter((n) => !VOCABULARY.has(n));
      expect(prefixed.length, `${slug} names no tools`).toBeGreaterThan(0);
      const unknown = [...new Set([...prefixed, ...backticked])].filter((n) => !registered.has(n));
      expect(unknown, `${slug} names tools the server does not have`).toEqual([]);
    }
  });

  it("each playbook calls its own start and finish tools", async () => {
    const contract: Record<string, string[]> = {
      "draft-regenerator": ["draft_regen_start", "draft_regen_finish"],
      "reply-drafter": ["reply_draft_start", "reply_draft_finish"],
      "followup-drafter": ["followup_draft_start", "followup_draft_finish"],
      "project-insighter": ["project_insights_context", "project_insights"],
      "project-extractor": ["project_extract_start", "project_extract_files", "project_extract_read", "project_extract_finish"],
      "campaign-skill-generator": ["skill_generate_start", "skill_review_history", "skill_generate_finish"],
    };
    for (const slug of SLUGS) {
      const body = await loadBuiltinPlaybook(slug);
      const named = new Set([...body.matchAll(/mcp__outreach__([a-z0-9_]+)/g)].map((m) => m[1]));
      // Posters choose communities, not people: no shortlist and no contact history for them.
      const campaign = slug.endsWith("-poster")
        ? ["run_start", "blocklist_check", "drafts_create", "run_finish"]
        : ["run_start", "staging_candidates", "blocklist_check", "contact_history_check", "drafts_create", "run_finish"];
      const needed = contract[slug] ?? campaign;
      for (const tool of needed) expect(named.has(tool), `${slug} never calls ${tool}`).toBe(true);
      if (slug in contract) {
        // Other tools refuse a contract run (research and draft tools belong to campaign runs): a contract playbook
        // may name them only to forbid them.
        const told = body.split("\n").filter((line) => !/(do not|never) call/i.test(line)).join("\n");
        const used = new Set([...told.matchAll(/mcp__outreach__([a-z0-9_]+)/g)].map((m) => m[1]));
        expect([...used].filter((t) => !needed.includes(t)), `${slug} calls tools outside its contract`).toEqual([]);
      }
      // The end condition names the one tool that ends the run, and a contract run never ends with run_finish.
      const end = body.slice(body.indexOf("## End condition"));
      expect(end).toContain(`mcp__outreach__${needed[needed.length - 1]}`);
      if (slug in contract) expect(end).not.toContain("run_finish");
    }
  });
});
