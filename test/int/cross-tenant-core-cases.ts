// The cross-tenant cases of the core routes, as a function of the two organizations, so the suite can run them
// with B's session and again with B's API key (cross-tenant-api-keys.int.test.ts).
import { beforeAll, expect } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import * as apiKeys from "@/app/api/api-keys/route";
import * as apiKey from "@/app/api/api-keys/[id]/route";
import * as publicMcp from "@/app/api/mcp/public/route";
import * as openapi from "@/app/api/openapi.json/route";
import * as apiDocs from "@/app/api/docs/route";
import { db } from "@/lib/db/client";
import { call } from "./http";
import { addMember, sessionCookie } from "./org-fixtures";
import * as logoutEverywhere from "@/app/api/auth/logout-everywhere/route";
import { createCampaignRow, createDraftRow, createProject, FIXTURE_PASSWORD, type OrgFixture } from "./fixtures";
import { expectUntouched as expectUntouchedRows, id, type RouteCases, type TenantWorld } from "./cross-tenant-world";
import { runRouteCases } from "./cross-tenant-run-cases";
import { extensionRouteCases } from "./cross-tenant-extension-cases";
import { webhookRouteCases } from "./cross-tenant-webhook-cases";
import { reportingRouteCases } from "./cross-tenant-reporting-cases";
import { removalRouteCases } from "./cross-tenant-removal-cases";
import { outcomesRouteCases } from "./cross-tenant-outcomes-cases";
import { cloudRouteCases } from "./cross-tenant-cloud-cases";
import { operatorRouteCases } from "./cross-tenant-operator-cases";
import { sourceRouteCases } from "./cross-tenant-source-cases";
import { accountRouteCases } from "./cross-tenant-account-cases";
import { ssoRouteCases } from "./cross-tenant-sso-cases";
import { searchRouteCases } from "./cross-tenant-search-cases";
import { operationsRouteCases } from "./cross-tenant-operations-cases";
import { sendingRouteCases } from "./cross-tenant-sending-cases";
import { privacyRouteCases } from "./cross-tenant-privacy-cases";
import * as projects from "@/app/api/projects/route";
import * as project from "@/app/api/projects/[id]/route";
import * as projectAccounts from "@/app/api/projects/[id]/accounts/route";
import * as projectTemplates from "@/app/api/projects/[id]/templates/route";
import * as template from "@/app/api/projects/[id]/templates/[templateId]/route";
import * as projectInsights from "@/app/api/projects/[id]/insights/route";
import * as projectExtract from "@/app/api/projects/[id]/extract/route";
import * as account from "@/app/api/accounts/[id]/route";
import * as campaigns from "@/app/api/campaigns/route";
import * as campaign from "@/app/api/campaigns/[id]/route";
import * as blocklist from "@/app/api/blocklist/route";
import * as blocklistEntry from "@/app/api/blocklist/[id]/route";
import * as appConfig from "@/app/api/settings/app-config/route";
import * as login from "@/app/api/auth/login/route";
import * as logout from "@/app/api/auth/logout/route";
import * as signup from "@/app/api/auth/signup/route";
import * as drafts from "@/app/api/drafts/route";
import * as runners from "@/app/api/runners/route";
import * as runnerConfig from "@/app/api/settings/runner-config/route";
import * as draft from "@/app/api/drafts/[id]/route";
import * as bulkApprove from "@/app/api/drafts/bulk-approve/route";
import { expectFilterBulkBlind, inboxRouteCases } from "./cross-tenant-inbox-cases";
import * as bulkReschedule from "@/app/api/drafts/bulk-reschedule/route";
import * as regenerate from "@/app/api/drafts/[id]/regenerate/route";
import * as regenerateUndo from "@/app/api/drafts/[id]/regenerate/undo/route";
import * as replyDrafting from "@/app/api/drafts/[id]/reply-drafting/route";
import * as playbooks from "@/app/api/playbooks/route";
import * as playbook from "@/app/api/playbooks/[id]/route";
import * as skillRuns from "@/app/api/campaigns/[id]/skill-runs/route";
import * as skillRun from "@/app/api/campaigns/[id]/skill-runs/[runId]/route";
import * as skillRunAdopt from "@/app/api/campaigns/[id]/skill-runs/[runId]/adopt/route";
import * as skillRunDiscard from "@/app/api/campaigns/[id]/skill-runs/[runId]/discard/route";
import { peerAddressHeader } from "@/lib/http/peer-address";

export function coreRouteCases(world: TenantWorld): RouteCases {
  let A: OrgFixture;
  let B: OrgFixture;
  let a: TenantWorld["a"];
  // Runs after the world's own beforeAll (hooks run in the order they were registered).
  beforeAll(() => {
    ({ A, B, a } = world);
  });

  const asB = () => ({ cookie: B.cookie });
  const expectUntouched = () => expectUntouchedRows(world);

  /** A finished preview tuning run of A awaiting a decision. */
  async function tuningRunOfA() {
    return db.run.create({
      data: {
        organizationId: A.orgId, campaignId: a.campaignId, projectId: a.projectId, kind: "campaign_skill_generation", runner: "cloud", status: "success",
        params: { mode: "preview", previousConfig: {}, generatedConfig: { audience: "A's generated audience" } },
      },
    });
  }

  return {
    ...runRouteCases(world),
    ...extensionRouteCases(world),
    ...webhookRouteCases(world),
    ...reportingRouteCases(world),
    ...removalRouteCases(world),
    ...operationsRouteCases(world),
    ...outcomesRouteCases(world),
    ...cloudRouteCases(world),
    ...operatorRouteCases(world),
    ...sourceRouteCases(world),
    ...accountRouteCases(world),
    ...ssoRouteCases(world),
    ...inboxRouteCases(world),
    ...searchRouteCases(world),
    ...sendingRouteCases(world),
    ...privacyRouteCases(world),
    "/api/projects": async () => {
      const list = await call(projects.GET, asB());
      expect(list.status).toBe(200);
      expect(list.json.projects.map((p: { id: number }) => p.id)).not.toContain(a.projectId);
      // B may create a project with the same name: names are unique per organization, and nothing leaks.
      const created = await call(projects.POST, { ...asB(), method: "POST", body: { name: a.projectName } });
      expect(created.status).toBe(201);
    },
    "/api/projects/[id]": async () => {
      const params = { id: id(a.projectId) };
      const get = await call(project.GET, { ...asB(), params });
      expect(get.status).toBe(404);
      const missing = await call(project.GET, { ...asB(), params: { id: "2000000000" } });
      expect(get.json).toEqual(missing.json); // another org's row looks exactly like a missing one
      expect((await call(project.PATCH, { ...asB(), method: "PATCH", params, body: { name: "stolen" } })).status).toBe(404);
      expect((await call(project.DELETE, { ...asB(), method: "DELETE", params })).status).toBe(404);
      await expectUntouched();
    },
    "/api/projects/[id]/accounts": async () => {
      const params = { id: id(a.projectId) };
      expect((await call(projectAccounts.GET, { ...asB(), params })).status).toBe(404);
      const post = await call(projectAccounts.POST, { ...asB(), method: "POST", params, body: { platform: "forum", platformId: "intruder" } });
      expect(post.status).toBe(404);
      expect(await db.account.count({ where: { platformId: "intruder" } })).toBe(0);
    },
    "/api/accounts/[id]": async () => {
      const params = { id: id(a.accountId) };
      expect((await call(account.PATCH, { ...asB(), method: "PATCH", params, body: { isDefault: true } })).status).toBe(404);
      expect((await call(account.DELETE, { ...asB(), method: "DELETE", params })).status).toBe(404);
      await expectUntouched();
    },
    "/api/projects/[id]/templates": async () => {
      const params = { id: id(a.projectId) };
      expect((await call(projectTemplates.GET, { ...asB(), params })).status).toBe(404);
      const post = await call(projectTemplates.POST, { ...asB(), method: "POST", params, body: { kind: "dm", title: "x", body: "y" } });
      expect(post.status).toBe(404);
    },
    "/api/projects/[id]/insights": async () => {
      await db.projectInsight.create({ data: { organizationId: A.orgId, projectId: a.projectId, summaryMd: "A's private brief" } });
      const read = await call(projectInsights.GET, { ...asB(), params: { id: id(a.projectId) } });
      expect(read.status).toBe(404);
      expect(JSON.stringify(read.json)).not.toContain("A's private brief");
      const start = await call(projectInsights.POST, { ...asB(), method: "POST", params: { id: id(a.projectId) }, body: {} });
      expect(start.status).toBe(404);
      expect(await db.run.count({ where: { projectId: a.projectId, kind: "project_insights" } })).toBe(0);
    },
    "/api/projects/[id]/extract": async () => {
      const res = await call(projectExtract.POST, { ...asB(), method: "POST", params: { id: id(a.projectId) } });
      expect(res.status).toBe(404);
      expect(await db.run.count({ where: { projectId: a.projectId, kind: "project_extraction" } })).toBe(0);
      expect((await db.project.findUniqueOrThrow({ where: { id: a.projectId } })).description).toBe("A project");
    },
    "/api/projects/[id]/templates/[templateId]": async () => {
      const params = { id: id(a.projectId), templateId: id(a.templateId) };
      expect((await call(template.PATCH, { ...asB(), method: "PATCH", params, body: { isActive: false } })).status).toBe(404);
      // Even pointing at one of B's own projects, A's template stays out of reach.
      const bProject = await createProject(B.orgId);
      const viaOwn = await call(template.PATCH, { ...asB(), method: "PATCH", params: { id: id(bProject.id), templateId: id(a.templateId) }, body: { isActive: false } });
      expect(viaOwn.status).toBe(404);
      await expectUntouched();
    },
    "/api/campaigns": async () => {
      const list = await call(campaigns.GET, asB());
      expect(list.json.campaigns.map((c: { id: number }) => c.id)).not.toContain(a.campaignId);
      const filtered = await call(campaigns.GET, { ...asB(), path: `/api/campaigns?projectId=${a.projectId}` });
      expect(filtered.json.campaigns).toEqual([]);
      // Searching by A's campaign name, state and platform finds nothing of A's either.
      const aName = (await db.campaign.findUniqueOrThrow({ where: { id: a.campaignId } })).name;
      const searched = await call(campaigns.GET, { ...asB(), path: `/api/campaigns?q=${encodeURIComponent(aName)}&state=draft&platform=forum` });
      expect(searched.status).toBe(200);
      expect(searched.json.campaigns.map((c: { id: number }) => c.id)).not.toContain(a.campaignId);
      const post = await call(campaigns.POST, {
        ...asB(), method: "POST", body: { projectId: a.projectId, name: "x", platform: "forum", skill: "forum-scout" },
      });
      expect(post.status).toBe(404);
    },
    "/api/campaigns/[id]": async () => {
      const params = { id: id(a.campaignId) };
      expect((await call(campaign.GET, { ...asB(), params })).status).toBe(404);
      expect((await call(campaign.PATCH, { ...asB(), method: "PATCH", params, body: { state: "active" } })).status).toBe(404);
      expect((await call(campaign.DELETE, { ...asB(), method: "DELETE", params })).status).toBe(404);
      expect((await db.campaign.findUniqueOrThrow({ where: { id: a.campaignId } })).state).toBe("draft");
    },
    "/api/campaigns/[id]/skill-runs": async () => {
      const params = { id: id(a.campaignId) };
      expect((await call(skillRuns.GET, { ...asB(), params })).status).toBe(404);
      expect((await call(skillRuns.POST, { ...asB(), method: "POST", params, body: { mode: "preview" } })).status).toBe(404);
      expect(await db.run.count({ where: { campaignId: a.campaignId, kind: "campaign_skill_generation" } })).toBe(0);
    },
    "/api/campaigns/[id]/skill-runs/[runId]": async () => {
      const r = await tuningRunOfA();
      expect((await call(skillRun.GET, { ...asB(), params: { id: id(a.campaignId), runId: id(r.id) } })).status).toBe(404);
      // Nor through one of B's own campaigns.
      const bCampaign = await createCampaignRow(B.orgId, (await createProject(B.orgId)).id);
      const viaOwn = await call(skillRun.GET, { ...asB(), params: { id: id(bCampaign.id), runId: id(r.id) } });
      expect(viaOwn.status).toBe(404);
      expect(JSON.stringify(viaOwn.json)).not.toContain("A's generated audience");
    },
    "/api/campaigns/[id]/skill-runs/[runId]/adopt": async () => {
      const r = await tuningRunOfA();
      expect((await call(skillRunAdopt.POST, { ...asB(), method: "POST", params: { id: id(a.campaignId), runId: id(r.id) } })).status).toBe(404);
      expect((await db.run.findUniqueOrThrow({ where: { id: r.id } })).params).not.toHaveProperty("adopted");
      expect(await db.campaign.findUniqueOrThrow({ where: { id: a.campaignId } })).toMatchObject({ state: "draft", config: {} });
    },
    "/api/campaigns/[id]/skill-runs/[runId]/discard": async () => {
      const r = await tuningRunOfA();
      expect((await call(skillRunDiscard.POST, { ...asB(), method: "POST", params: { id: id(a.campaignId), runId: id(r.id) } })).status).toBe(404);
      expect((await db.run.findUniqueOrThrow({ where: { id: r.id } })).params).not.toHaveProperty("discarded");
    },
    "/api/blocklist": async () => {
      const list = await call(blocklist.GET, asB());
      const ids = list.json.entries.map((e: { id: number }) => e.id);
      expect(ids).not.toContain(a.blockId);
      expect(ids).not.toContain(a.globalBlockId);
      const post = await call(blocklist.POST, { ...asB(), method: "POST", body: { type: "user", value: "x", projectId: a.projectId } });
      expect(post.status).toBe(404);
    },
    "/api/blocklist/[id]": async () => {
      expect((await call(blocklistEntry.DELETE, { ...asB(), method: "DELETE", params: { id: id(a.blockId) } })).status).toBe(404);
      await expectUntouched();
    },
    "/api/settings/app-config": async () => {
      const put = await call(appConfig.PUT, { cookie: A.cookie, method: "PUT", body: { dedup_policy: { window_days: 7, mode: "skip" } } });
      expect(put.status).toBe(200);
      const bView = await call(appConfig.GET, asB());
      expect(bView.json.dedup_policy).toEqual({ window_days: 90, mode: "warn" });
      await call(appConfig.PUT, { ...asB(), method: "PUT", body: { dedup_policy: { window_days: 1, mode: "warn" } } });
      expect((await call(appConfig.GET, { cookie: A.cookie })).json.dedup_policy).toEqual({ window_days: 7, mode: "skip" });
    },
    "/api/auth/login": async () => {
      // Signing in as B's user lands in B's organization, never A's.
      const res = await call(login.POST, { method: "POST", body: { username: B.username, password: FIXTURE_PASSWORD }, headers: { [peerAddressHeader()]: "10.7.0.1" } });
      expect(res.status).toBe(200);
      expect(res.json.organizationId).toBe(B.orgId);
    },
    "/api/auth/logout": async () => {
      // A session of B's own (signing B.cookie out would end it for the cases after this one).
      const cookie = await sessionCookie({ userId: B.userId, orgId: B.orgId, username: B.username });
      const res = await call(logout.POST, { method: "POST", cookie });
      expect(res.status).toBe(200);
      expect((await call(projects.GET, { cookie })).status).toBe(401);
      expect((await call(projects.GET, { cookie: A.cookie })).status).toBe(200);
      await expectUntouched();
    },
    "/api/auth/logout-everywhere": async () => {
      // Another member of B signs out everywhere: their sessions end, A's do not.
      const other = await addMember(B.orgId, "member");
      const res = await call(logoutEverywhere.POST, { method: "POST", cookie: other.cookie });
      expect(res.status).toBe(200);
      expect((await call(projects.GET, { cookie: other.cookie })).status).toBe(401);
      expect((await call(projects.GET, { cookie: A.cookie })).status).toBe(200);
      await expectUntouched();
    },
    "/api/auth/signup": async () => {
      // Setup is done once users exist: nobody can create an account that joins another organization.
      const res = await call(signup.POST, { method: "POST", body: { organizationName: "Sneaky", username: `sneaky-${Date.now()}`, password: "long enough password" } });
      expect(res.status).toBe(409);
      expect(await db.membership.count({ where: { organizationId: A.orgId } })).toBe(1);
    },
    "/api/drafts": async () => {
      const list = await call(drafts.GET, { ...asB(), path: "/api/drafts" });
      expect(list.status).toBe(200);
      expect(list.json.drafts.map((d: { id: number }) => d.id)).not.toContain(a.draftId);
      for (const q of [`campaign=${a.campaignId}`, `project=${a.projectId}`, "minQuality=90", `ids=${a.draftId}`, "q=onboarding"]) {
        const filtered = await call(drafts.GET, { ...asB(), path: `/api/drafts?${q}` });
        expect(filtered.json.drafts.map((d: { id: number }) => d.id)).not.toContain(a.draftId);
      }
    },
    "/api/drafts/[id]": async () => {
      const params = { id: id(a.draftId) };
      const get = await call(draft.GET, { ...asB(), params });
      expect(get.status).toBe(404);
      expect(get.json).toEqual((await call(draft.GET, { ...asB(), params: { id: "2000000000" } })).json);
      for (const body of [{ body: "stolen" }, { state: "approved" }, { state: "rejected", version: 1 }, { state: "sent" }]) {
        expect((await call(draft.PATCH, { ...asB(), method: "PATCH", params, body })).status).toBe(404);
      }
      await expectUntouched();
    },
    "/api/drafts/bulk-approve": async () => {
      const res = await call(bulkApprove.POST, { ...asB(), method: "POST", body: { ids: [a.draftId] } });
      expect(res.status).toBe(200);
      expect(res.json.results).toEqual([{ id: a.draftId, status: "not_found", reason: "Draft not found" }]);
      await expectUntouched();
      await expectFilterBulkBlind(world);
    },
    "/api/drafts/bulk-reschedule": async () => {
      const res = await call(bulkReschedule.POST, { ...asB(), method: "POST", body: { ids: [a.draftId], send_after: "2030-01-01T00:00:00Z" } });
      expect(res.json.results).toEqual([{ id: a.draftId, status: "not_found", reason: "Draft not found" }]);
      await expectUntouched();
    },
    "/api/drafts/[id]/regenerate": async () => {
      const res = await call(regenerate.POST, { ...asB(), method: "POST", params: { id: id(a.draftId) }, body: { hint: "mine now" } });
      expect(res.status).toBe(404);
      expect(await db.draftRegenerationHint.count({ where: { draftId: a.draftId } })).toBe(0);
      expect(await db.run.count({ where: { organizationId: B.orgId, kind: "draft_regeneration" } })).toBe(0);
      await expectUntouched();
    },
    "/api/drafts/[id]/regenerate/undo": async () => {
      const res = await call(regenerateUndo.POST, { ...asB(), method: "POST", params: { id: id(a.draftId) }, body: {} });
      expect(res.status).toBe(404);
      await expectUntouched();
    },
    "/api/drafts/[id]/reply-drafting": async () => {
      // A's placeholder whose drafting run failed: B can neither retry it nor learn it exists.
      const failed = await db.run.create({ data: { organizationId: A.orgId, projectId: a.projectId, kind: "reply_drafting", runner: "cloud", status: "failed", failureReason: "unknown" } });
      const placeholder = await createDraftRow(A.orgId, { projectId: a.projectId, accountId: a.accountId, kind: "reply_dm", state: "proposed", draftingRunId: failed.id });
      const res = await call(replyDrafting.POST, { ...asB(), method: "POST", params: { id: id(placeholder.id) }, body: {} });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.json)).not.toContain(String(failed.id));
      expect(await db.draft.findUniqueOrThrow({ where: { id: placeholder.id } })).toMatchObject({ draftingRunId: failed.id, version: 1 });
      expect(await db.run.count({ where: { kind: "reply_drafting", organizationId: { in: [A.orgId, B.orgId] } } })).toBe(1);
      await db.draft.delete({ where: { id: placeholder.id } });
      await db.run.delete({ where: { id: failed.id } });
      await expectUntouched();
    },
    "/api/runners": async () => {
      // Detection describes this machine, not an organization: both see the same list and nothing of each other.
      // A's runner that failed to sign in is A's news only.
      const failed = await db.run.create({
        data: { organizationId: A.orgId, kind: "campaign", runner: "gemini", status: "failed", failureReason: "auth_expired", error: "A's missing key", startedAt: new Date(), finishedAt: new Date() },
      });
      const res = await call(runners.GET, asB());
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.json)).not.toContain(a.projectName);
      expect(JSON.stringify(res.json.signInFailures)).not.toContain("A's missing key");
      const own = await call(runners.GET, { cookie: A.cookie });
      expect(own.json.signInFailures).toContainEqual(expect.objectContaining({ runner: "gemini", runId: failed.id, error: "A's missing key" }));
      await db.run.delete({ where: { id: failed.id } });
    },
    "/api/playbooks": async () => {
      const own = await db.playbook.create({ data: { organizationId: A.orgId, slug: "a-private-playbook", title: "A's playbook", body: "A's secret approach" } });
      const list = await call(playbooks.GET, asB());
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.json)).not.toContain("secret approach");
      expect(list.json.playbooks.map((p: { id: number }) => p.id)).not.toContain(own.id);
      // Duplicating A's playbook into B's organization is a 404 and copies nothing.
      const dup = await call(playbooks.POST, { ...asB(), method: "POST", body: { duplicateOf: own.id } });
      expect(dup.status).toBe(404);
      expect(await db.playbook.count({ where: { organizationId: B.orgId } })).toBe(0);
      await db.playbook.delete({ where: { id: own.id } });
    },
    "/api/playbooks/[id]": async () => {
      const own = await db.playbook.create({ data: { organizationId: A.orgId, slug: "a-playbook-by-id", title: "A's playbook", body: "A's secret approach" } });
      const params = { id: id(own.id) };
      const read = await call(playbook.GET, { ...asB(), params });
      expect(read.status).toBe(404);
      expect(JSON.stringify(read.json)).not.toContain("secret");
      expect((await call(playbook.PATCH, { ...asB(), method: "PATCH", params, body: { body: "B was here" } })).status).toBe(404);
      expect((await call(playbook.DELETE, { ...asB(), method: "DELETE", params })).status).toBe(404);
      expect(await db.playbook.findUniqueOrThrow({ where: { id: own.id } })).toEqual(own);
      await db.playbook.delete({ where: { id: own.id } });
    },
    "/api/settings/runner-config": async () => {
      await call(runnerConfig.PUT, { cookie: A.cookie, method: "PUT", body: { slug: "gemini", config: { model: "a-private-model" } } });
      expect((await call(runnerConfig.GET, asB())).json.runner_configs).toEqual({});
      await call(runnerConfig.PUT, { ...asB(), method: "PUT", body: { slug: "gemini", config: { model: "b-model" } } });
      expect((await call(runnerConfig.GET, { cookie: A.cookie })).json.runner_configs).toEqual({ gemini: { model: "a-private-model" } });
    },
    "/api/api-keys": async () => {
      const own = await createApiKey({ orgId: A.orgId, userId: A.userId, name: "A's private script", role: "member" });
      const list = await call(apiKeys.GET, asB());
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.json)).not.toContain("A's private script");
      expect(JSON.stringify(list.json)).not.toContain(own.prefix);
      const made = await call(apiKeys.POST, { ...asB(), method: "POST", body: { name: "B's key", role: "read_only" } });
      expect(made.status).toBe(201);
      expect(await db.apiKey.count({ where: { organizationId: A.orgId } })).toBe(1);
      await db.apiKey.deleteMany({ where: { organizationId: { in: [A.orgId, B.orgId] } } });
    },
    "/api/api-keys/[id]": async () => {
      const own = await createApiKey({ orgId: A.orgId, userId: A.userId, name: "A's key", role: "member" });
      const res = await call(apiKey.DELETE, { ...asB(), method: "DELETE", params: { id: id(own.id) } });
      expect(res.status).toBe(404);
      expect((await db.apiKey.findUniqueOrThrow({ where: { id: own.id } })).revokedAt).toBeNull();
      await db.apiKey.delete({ where: { id: own.id } });
    },
    "/api/mcp/public": async () => {
      // B's key on the remote MCP server: A's draft is "not found" exactly like a missing one, and stays as it was.
      const { key } = await createApiKey({ orgId: B.orgId, userId: B.userId, name: "B's agent", role: "member" });
      const tool = (name: string, args: Record<string, unknown>) =>
        call(publicMcp.POST, { method: "POST", body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }, headers: { authorization: `Bearer ${key}`, accept: "application/json, text/event-stream" } });
      const foreign = await tool("drafts_get", { id: a.draftId });
      const missing = await tool("drafts_get", { id: 2_000_000_000 });
      expect(foreign.json.result.isError).toBe(true);
      expect(foreign.json.result.content[0].text.replace(String(a.draftId), "ID")).toBe(missing.json.result.content[0].text.replace("2000000000", "ID"));
      const approve = await tool("draft_approve", { id: a.draftId, version: 1 });
      expect(approve.json.result.isError).toBe(true);
      const list = await tool("drafts_list", {});
      expect(JSON.stringify(list.json)).not.toContain(`"id":${a.draftId},`);
      await db.apiKey.deleteMany({ where: { organizationId: B.orgId } });
      await expectUntouched();
    },
    "/api/openapi.json": async () => {
      // Describes shapes only: the same for anyone, and nothing of A's in it.
      const res = await call(openapi.GET, asB());
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.json)).not.toContain(a.projectName);
    },
    "/api/docs": async () => {
      const res = await call(apiDocs.GET, asB());
      expect(res.status).toBe(200);
      expect(String(res.json)).not.toContain(a.projectName);
    },
  };
}
