// Bad input to every route answers 400 with the one error shape and writes nothing.
// The last test fails when a route file exists without a case here.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call, type CallOptions } from "./http";
import { listApiRoutes } from "./route-files";
import { createAccountRow, createBlocklistRow, createDevice, createDraftRow, createOrg, createProject, createTemplateRow, type OrgFixture } from "./fixtures";
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
import * as handshake from "@/app/api/extension/handshake/route";
import * as extPair from "@/app/api/extension/pair/route";
import * as extAutoPair from "@/app/api/extension/auto-pair/route";
import * as extDraft from "@/app/api/extension/draft/[id]/route";
import * as extArmed from "@/app/api/extension/draft/[id]/armed/route";
import * as extSent from "@/app/api/extension/draft/[id]/sent/route";
import * as extDmSync from "@/app/api/extension/dm-sync/route";
import * as extSyncStatus from "@/app/api/extension/dm-sync/status/route";
import * as extPairingCodes from "@/app/api/settings/extension/pairing-codes/route";
import * as extDevices from "@/app/api/settings/extension/devices/route";
import * as extDevice from "@/app/api/settings/extension/devices/[id]/route";
import * as login from "@/app/api/auth/login/route";
import * as signup from "@/app/api/auth/signup/route";
import * as drafts from "@/app/api/drafts/route";
import * as runners from "@/app/api/runners/route";
import * as runnerConfig from "@/app/api/settings/runner-config/route";
import * as draft from "@/app/api/drafts/[id]/route";
import * as bulkApprove from "@/app/api/drafts/bulk-approve/route";
import * as bulkReschedule from "@/app/api/drafts/bulk-reschedule/route";
import * as regenerate from "@/app/api/drafts/[id]/regenerate/route";
import * as regenerateUndo from "@/app/api/drafts/[id]/regenerate/undo/route";
import * as replyDrafting from "@/app/api/drafts/[id]/reply-drafting/route";
import * as run from "@/app/api/run/route";
import * as runCancel from "@/app/api/run/[id]/route";
import * as runEvents from "@/app/api/runs/[id]/events/route";
import * as stream from "@/app/api/stream/route";
import * as mcp from "@/app/api/mcp/route";
import * as publicMcp from "@/app/api/mcp/public/route";
import * as openapi from "@/app/api/openapi.json/route";
import * as apiDocs from "@/app/api/docs/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import * as playbooks from "@/app/api/playbooks/route";
import * as playbook from "@/app/api/playbooks/[id]/route";
import { mintRunToken } from "@/lib/runs/run-token";
import * as skillRuns from "@/app/api/campaigns/[id]/skill-runs/route";
import * as skillRun from "@/app/api/campaigns/[id]/skill-runs/[runId]/route";
import * as skillRunAdopt from "@/app/api/campaigns/[id]/skill-runs/[runId]/adopt/route";
import * as skillRunDiscard from "@/app/api/campaigns/[id]/skill-runs/[runId]/discard/route";
import { webhookBadInputCases, webhookSnapshot } from "./bad-input-webhook-cases";
import { reportingBadInputCases } from "./bad-input-reporting-cases";
import { removalBadInputCases } from "./bad-input-removal-cases";
import { outcomesBadInputCases } from "./bad-input-outcomes-cases";
import { cloudBadInputCases, cloudSnapshot } from "./bad-input-cloud-cases";
import { operatorBadInputCases } from "./bad-input-operator-cases";
import { sourceBadInputCases } from "./bad-input-source-cases";
import { accountBadInputCases, accountSnapshot } from "./bad-input-account-cases";
import { ssoBadInputCases, ssoSnapshot } from "./bad-input-sso-cases";
import { expectFilterBad400, inboxBadInputCases } from "./bad-input-inbox-cases";
import { searchBadInputCases } from "./bad-input-search-cases";
import { sendingBadInputCases } from "./bad-input-sending-cases";
import { operationsBadInputCases } from "./bad-input-operations-cases";
import { privacyBadInputCases } from "./bad-input-privacy-cases";

type Handler = Parameters<typeof call>[0];
let A: OrgFixture;
let ids: { projectId: string; templateId: string; accountId: string; blockId: string; campaignId: string; draftId: string };
let token: string;

beforeAll(async () => {
  A = await createOrg();
  const p = await createProject(A.orgId);
  const [t, acc, blk, camp] = await Promise.all([
    createTemplateRow(A.orgId, p.id),
    createAccountRow(A.orgId, p.id),
    createBlocklistRow(A.orgId),
    db.campaign.create({ data: { organizationId: A.orgId, projectId: p.id, name: "c", platform: "forum", skill: "forum-scout", runner: "cloud" } }),
  ]);
  const d = await createDraftRow(A.orgId, { projectId: p.id, accountId: acc.id, campaignId: camp.id });
  ids = { projectId: String(p.id), templateId: String(t.id), accountId: String(acc.id), blockId: String(blk.id), campaignId: String(camp.id), draftId: String(d.id) };
  token = (await createDevice(A.orgId)).token;
});

/** Counts of every table a bad request could touch, to prove nothing was written. */
async function snapshot() {
  const [p, a, c, t, b, cfg, u, m, d, de, h, r, wh, cl, acc, sso, csa, bk] = await Promise.all([
    db.project.findMany({ where: { organizationId: A.orgId }, orderBy: { id: "asc" } }),
    db.account.findMany({ where: { organizationId: A.orgId }, orderBy: { id: "asc" } }),
    db.campaign.findMany({ where: { organizationId: A.orgId }, orderBy: { id: "asc" } }),
    db.template.findMany({ where: { organizationId: A.orgId }, orderBy: { id: "asc" } }),
    db.blocklistEntry.findMany({ where: { organizationId: A.orgId }, orderBy: { id: "asc" } }),
    db.appConfig.findMany({ where: { organizationId: A.orgId } }),
    db.user.count(),
    db.membership.count(),
    db.draft.findMany({ where: { organizationId: A.orgId }, orderBy: { id: "asc" } }),
    db.draftEvent.count({ where: { organizationId: A.orgId } }),
    db.draftRegenerationHint.count({ where: { organizationId: A.orgId } }),
    db.run.count({ where: { organizationId: A.orgId } }),
    webhookSnapshot(A.orgId),
    cloudSnapshot(A.orgId),
    accountSnapshot(A.userId),
    ssoSnapshot(A.orgId),
    db.campaignSendAccount.findMany({ where: { organizationId: A.orgId }, orderBy: [{ campaignId: "asc" }, { accountId: "asc" }] }),
    db.backupSchedule.findMany(),
  ]);
  return JSON.stringify({ p, a, c, t, b, cfg, u, m, d, de, h, r, wh, cl, acc, sso, csa, bk }, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString("hex") : typeof v === "bigint" ? String(v) : v));
}

async function expect400(handler: Handler, opts: CallOptions) {
  const before = await snapshot();
  const res = await call(handler, { cookie: A.cookie, ...opts });
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(res.json.error).toBe("bad_request");
  expect(typeof res.json.message).toBe("string");
  expect(await snapshot()).toBe(before);
}

const cases: Record<string, () => Promise<void>> = {
  ...webhookBadInputCases(expect400, () => A.orgId),
  ...reportingBadInputCases(expect400),
  ...removalBadInputCases(expect400, () => ids.draftId),
  ...outcomesBadInputCases(expect400, () => ids.campaignId),
  ...cloudBadInputCases(expect400, () => A),
  ...operatorBadInputCases(expect400, () => A),
  ...sourceBadInputCases(expect400, () => ids.projectId),
  ...accountBadInputCases(expect400, () => A),
  ...ssoBadInputCases(expect400, () => A),
  ...inboxBadInputCases(expect400, () => Number(ids.draftId)),
  ...searchBadInputCases(expect400),
  ...operationsBadInputCases(),
  ...sendingBadInputCases(expect400, () => A.orgId, () => ids.accountId, () => ids.campaignId),
  ...privacyBadInputCases(expect400),
  "/api/run": async () => {
    await expect400(run.POST, { method: "POST", body: {} });
    await expect400(run.POST, { method: "POST", body: { campaignId: "7" } });
    await expect400(run.POST, { method: "POST", body: { campaignId: Number(ids.campaignId), trigger: "whenever" } });
    await expect400(run.POST, { method: "POST", body: { campaignId: Number(ids.campaignId), extra: 1 } });
    await expect400(run.POST, { method: "POST", rawBody: "{not json", headers: { "content-type": "application/json" } });
  },
  "/api/run/[id]": async () => {
    await expect400(runCancel.DELETE, { method: "DELETE", params: { id: "abc" } });
    await expect400(runCancel.DELETE, { method: "DELETE", params: { id: "-4" } });
  },
  "/api/runs/[id]/events": async () => {
    await expect400(runEvents.GET, { params: { id: "x" } });
    await expect400(runEvents.GET, { params: { id: "1" }, path: "/api/runs/1/events?afterSeq=-1" });
    await expect400(runEvents.GET, { params: { id: "1" }, path: "/api/runs/1/events?limit=0" });
    await expect400(runEvents.GET, { params: { id: "1" }, path: "/api/runs/1/events?color=red" });
  },
  "/api/stream": async () => {
    // Takes no input; without a session it answers 401 in the one error shape and opens nothing.
    const res = await call(stream.GET, { cookie: "outreach_session=garbage" });
    expect([401]).toContain(res.status);
    expect(res.json.error).toBe("unauthorized");
  },
  "/api/mcp": async () => {
    // The tool server's own input is JSON-RPC: malformed frames are refused by the MCP transport with a JSON-RPC
    // error (not our error shape) and write nothing; a missing or malformed binding is our 401.
    const before = await snapshot();
    const { token: runToken, hash } = mintRunToken();
    const live = await db.run.create({ data: { organizationId: A.orgId, kind: "campaign", runner: "cloud", status: "running", runTokenHash: hash } });
    const headers = { authorization: `Bearer ${runToken}`, "x-outreach-run-id": String(live.id), accept: "application/json, text/event-stream" };
    const garbage = await call(mcp.POST, { method: "POST", rawBody: "{nope", headers: { ...headers, "content-type": "application/json" } });
    expect(garbage.status).toBe(400);
    expect(garbage.json.error.code).toBe(-32700);
    const badArgs = await call(mcp.POST, {
      method: "POST",
      body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "drafts_create", arguments: { entries: [{ accountId: "x" }] } } },
      headers,
    });
    expect(badArgs.status).toBe(200);
    expect(badArgs.json.result.isError).toBe(true);
    const noBinding = await call(mcp.POST, { method: "POST", body: { jsonrpc: "2.0", id: 1, method: "tools/list" }, headers: { "x-outreach-run-id": "abc" } });
    expect(noBinding.status).toBe(401);
    expect(noBinding.json.error).toBe("unauthorized");
    await db.run.delete({ where: { id: live.id } });
    expect(await snapshot()).toBe(before);
  },
  "/api/openapi.json": async () => {
    // Takes no input: a query is ignored and the document is the same.
    const plain = await call(openapi.GET, { path: "/api/openapi.json" });
    const withQuery = await call(openapi.GET, { path: "/api/openapi.json?format=yaml&x=%00" });
    expect(withQuery.status).toBe(200);
    expect(withQuery.json).toEqual(plain.json);
  },
  "/api/docs": async () => {
    const res = await call(apiDocs.GET, { path: "/api/docs?theme=<script>" });
    expect(res.status).toBe(200);
    expect(String(res.json)).not.toContain("<script>");
  },
  "/api/mcp/public": async () => {
    // JSON-RPC again: a malformed frame is the transport's -32700, bad tool arguments an isError result; nothing is
    // written. Without a key it is our 401.
    const before = await snapshot();
    const { key } = await createApiKey({ orgId: A.orgId, userId: A.userId, name: "Bad input", role: "member" });
    const headers = { authorization: `Bearer ${key}`, accept: "application/json, text/event-stream" };
    const garbage = await call(publicMcp.POST, { method: "POST", rawBody: "{nope", headers: { ...headers, "content-type": "application/json" } });
    expect(garbage.status).toBe(400);
    expect(garbage.json.error.code).toBe(-32700);
    const badArgs = await call(publicMcp.POST, {
      method: "POST",
      body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "draft_approve", arguments: { id: "x", version: -1 } } },
      headers,
    });
    expect(badArgs.status).toBe(200);
    expect(badArgs.json.result.isError).toBe(true);
    const noKey = await call(publicMcp.POST, { method: "POST", body: { jsonrpc: "2.0", id: 1, method: "tools/list" } });
    expect(noKey.status).toBe(401);
    expect(noKey.json.error).toBe("unauthorized");
    await db.apiKey.deleteMany({ where: { organizationId: A.orgId } });
    expect(await snapshot()).toBe(before);
  },
  "/api/projects": async () => {
    await expect400(projects.POST, { method: "POST", body: { name: "" } });
    await expect400(projects.POST, { method: "POST", body: { name: 42 } });
    await expect400(projects.POST, { method: "POST", rawBody: "{not json", headers: { "content-type": "application/json" } });
        // Sources: a server path outside the roots (none are listed here), shapes the schema refuses.
    await expect400(projects.POST, { method: "POST", body: { name: "Rooted", sourcePath: "/" } });
    await expect400(projects.POST, { method: "POST", body: { name: "Site", website: "javascript:alert(1)" } });
    await expect400(projects.POST, { method: "POST", body: { name: "Ftp", source: { kind: "ftp", url: "ftp://x" } } });
    await expect400(projects.POST, { method: "POST", body: { name: "Archive", source: { kind: "archive", name: "x.zip" } } });
    await expect400(projects.POST, { method: "POST", body: { name: "Both", sourcePath: "/srv", source: null } });
  },
  "/api/projects/[id]": async () => {
    await expect400(project.GET, { params: { id: "abc" } });
    await expect400(project.PATCH, { method: "PATCH", params: { id: ids.projectId }, body: { name: "" } });
    await expect400(project.PATCH, { method: "PATCH", params: { id: ids.projectId }, body: { unknownField: 1 } });
    await expect400(project.PATCH, { method: "PATCH", params: { id: ids.projectId }, body: { sourcePath: "/etc" } });
    await expect400(project.PATCH, { method: "PATCH", params: { id: ids.projectId }, body: { source: { kind: "folder", path: "a\u0000b" } } });
    await expect400(project.PATCH, { method: "PATCH", params: { id: ids.projectId }, body: { source: { kind: "repository", url: "ftp://git.example/r.git" } } });
    await expect400(project.PATCH, { method: "PATCH", params: { id: ids.projectId }, body: { source: { kind: "repository", url: "https://me:token@git.example/r.git" } } });
    await expect400(project.PATCH, { method: "PATCH", params: { id: ids.projectId }, body: { source: { kind: "repository", url: "https://git.example/r.git", ref: "a..b" } } });
    await expect400(project.PATCH, { method: "PATCH", params: { id: ids.projectId }, body: { source: { kind: "repository", url: "https://127.0.0.1/r.git" } } });
    await expect400(project.DELETE, { method: "DELETE", params: { id: "-1" } });
  },
  "/api/projects/[id]/accounts": async () => {
    await expect400(projectAccounts.GET, { params: { id: "x" } });
    await expect400(projectAccounts.POST, { method: "POST", params: { id: ids.projectId }, body: { platform: "myspace", platformId: "a" } });
    await expect400(projectAccounts.POST, { method: "POST", params: { id: ids.projectId }, body: { platform: "forum", platformId: "" } });
    await expect400(projectAccounts.POST, { method: "POST", params: { id: ids.projectId }, body: { platform: "forum", platformId: "a", credentials: { apiKey: "x" } } });
    await expect400(projectAccounts.POST, { method: "POST", params: { id: ids.projectId }, body: { platform: "federated", platformId: "a", credentials: { instanceUrl: "javascript:alert(1)" } } });
  },
  "/api/accounts/[id]": async () => {
    await expect400(account.PATCH, { method: "PATCH", params: { id: ids.accountId }, body: { isDefault: "yes" } });
    await expect400(account.PATCH, { method: "PATCH", params: { id: ids.accountId }, body: { platform: "federated" } });
    await expect400(account.DELETE, { method: "DELETE", params: { id: "0" } });
  },
  "/api/projects/[id]/templates": async () => {
    await expect400(projectTemplates.GET, { params: { id: ids.projectId }, path: "/x?archived=maybe" });
    await expect400(projectTemplates.POST, { method: "POST", params: { id: ids.projectId }, body: { kind: "tweet", title: "t", body: "b" } });
    await expect400(projectTemplates.POST, { method: "POST", params: { id: ids.projectId }, body: { kind: "dm", title: "t" } });
  },
  "/api/projects/[id]/insights": async () => {
    await expect400(projectInsights.GET, { params: { id: "abc" } });
    await expect400(projectInsights.POST, { method: "POST", params: { id: ids.projectId }, body: { trigger: "whenever" } });
    await expect400(projectInsights.POST, { method: "POST", params: { id: ids.projectId }, body: { projectId: 1 } });
    await expect400(projectInsights.POST, { method: "POST", params: { id: "0" }, body: {} });
    await expect400(projectInsights.POST, { method: "POST", params: { id: ids.projectId }, rawBody: "{not json", headers: { "content-type": "application/json" } });
  },
  "/api/projects/[id]/extract": async () => {
    await expect400(projectExtract.POST, { method: "POST", params: { id: "1.5" } });
    await expect400(projectExtract.POST, { method: "POST", params: { id: ids.projectId }, body: { sourcePath: "/etc" } });
    await expect400(projectExtract.POST, { method: "POST", params: { id: ids.projectId }, rawBody: "[1", headers: { "content-type": "application/json" } });
  },
  "/api/projects/[id]/templates/[templateId]": async () => {
    await expect400(template.PATCH, { method: "PATCH", params: { id: ids.projectId, templateId: ids.templateId }, body: { isActive: "no" } });
    await expect400(template.PATCH, { method: "PATCH", params: { id: ids.projectId, templateId: "1.5" }, body: { title: "x" } });
  },
  "/api/campaigns": async () => {
    const base = { projectId: Number(ids.projectId), name: "n", platform: "forum", skill: "forum-scout" };
    await expect400(campaigns.GET, { path: "/api/campaigns?projectId=abc" });
    await expect400(campaigns.GET, { path: "/api/campaigns?state=archived" });
    await expect400(campaigns.GET, { path: "/api/campaigns?platform=myspace" });
    await expect400(campaigns.GET, { path: "/api/campaigns?q=a%00b" });
    await expect400(campaigns.GET, { path: `/api/campaigns?q=${"x".repeat(121)}` });
    await expect400(campaigns.POST, { method: "POST", body: { ...base, cron: "every monday" } });
    await expect400(campaigns.POST, { method: "POST", body: { ...base, skill: "federated-poster" } });
    await expect400(campaigns.POST, { method: "POST", body: { ...base, runner: "skynet" } });
    await expect400(campaigns.POST, { method: "POST", body: { ...base, config: [1, 2] } });
    // Follow-up steps (docs/sequences.md): at most three, 1-60 days, guidance up to 500 characters, nothing else.
    await expect400(campaigns.POST, { method: "POST", body: { ...base, config: { followups: [{ afterDays: 0 }] } } });
    await expect400(campaigns.POST, { method: "POST", body: { ...base, config: { followups: [1, 2, 3, 4].map(() => ({ afterDays: 3 })) } } });
    await expect400(campaigns.POST, { method: "POST", body: { ...base, config: { followups: "weekly" } } });
  },
  "/api/campaigns/[id]": async () => {
    await expect400(campaign.PATCH, { method: "PATCH", params: { id: ids.campaignId }, body: { state: "archived" } });
    await expect400(campaign.PATCH, { method: "PATCH", params: { id: ids.campaignId }, body: { cron: "61 * * * *" } });
    await expect400(campaign.PATCH, { method: "PATCH", params: { id: ids.campaignId }, body: { autoPost: true } });
    await expect400(campaign.PATCH, { method: "PATCH", params: { id: ids.campaignId }, body: { config: { followups: [{ afterDays: 61 }] } } });
    await expect400(campaign.PATCH, { method: "PATCH", params: { id: ids.campaignId }, body: { config: { followups: [{ afterDays: 3, guidance: "x".repeat(501) }] } } });
    await expect400(campaign.PATCH, { method: "PATCH", params: { id: ids.campaignId }, body: { config: { followups: [{ afterDays: 2.5 }] } } });
    await expect400(campaign.PATCH, { method: "PATCH", params: { id: ids.campaignId }, body: { config: { followups: [{ days: 3 }] } } });
    await expect400(campaign.GET, { params: { id: "NaN" } });
  },
  "/api/blocklist": async () => {
    await expect400(blocklist.POST, { method: "POST", body: { type: "email", value: "x" } });
    await expect400(blocklist.POST, { method: "POST", body: { type: "user", value: "   " } });
  },
  "/api/blocklist/[id]": async () => {
    await expect400(blocklistEntry.DELETE, { method: "DELETE", params: { id: "all" } });
  },
  "/api/settings/app-config": async () => {
    await expect400(appConfig.PUT, { method: "PUT", body: { dedup_policy: { window_days: 30, mode: "block" } } });
    await expect400(appConfig.PUT, { method: "PUT", body: { quality_rubric: { rubric_template: "x", threshold_red: 80, threshold_green: 40 } } });
    await expect400(appConfig.PUT, { method: "PUT", body: { runner_configs: {} } });
  },
  "/api/extension/handshake": async () => {
    // The handshake takes no input; a malformed Authorization header is refused without touching the device.
    const res = await call(handshake.POST, { method: "POST", headers: { authorization: `Token ${token}` } });
    expect(res.status).toBe(401);
  },
  "/api/extension/pair": async () => {
    const devices = await db.extensionDevice.count();
    await expect400(extPair.POST, { method: "POST", body: {} });
    await expect400(extPair.POST, { method: "POST", body: { code: "" } });
    await expect400(extPair.POST, { method: "POST", body: { code: "X".repeat(40) } });
    await expect400(extPair.POST, { method: "POST", body: { code: "ABCD-EFGH", name: "" } });
    await expect400(extPair.POST, { method: "POST", body: { code: "ABCD-EFGH", orgId: A.orgId } });
    await expect400(extPair.POST, { method: "POST", rawBody: "{code", headers: { "content-type": "application/json" } });
    expect(await db.extensionDevice.count()).toBe(devices);
  },
  "/api/extension/auto-pair": async () => {
    const devices = await db.extensionDevice.count();
    await expect400(extAutoPair.POST, { method: "POST", body: { name: "" } });
    await expect400(extAutoPair.POST, { method: "POST", body: { name: 7 } });
    await expect400(extAutoPair.POST, { method: "POST", body: { organizationId: 1 } });
    await expect400(extAutoPair.GET, { path: "/api/extension/auto-pair?name=" });
    await expect400(extAutoPair.GET, { path: "/api/extension/auto-pair?org=1" });
    expect(await db.extensionDevice.count()).toBe(devices);
  },
  "/api/extension/draft/[id]": async () => {
    await expect400(extDraft.GET, { params: { id: "abc" }, headers: { authorization: `Bearer ${token}` } });
    await expect400(extDraft.GET, { params: { id: "0" }, headers: { authorization: `Bearer ${token}` } });
  },
  "/api/extension/draft/[id]/armed": async () => {
    const headers = { authorization: `Bearer ${token}` };
    await expect400(extArmed.POST, { method: "POST", params: { id: "x" }, body: {}, headers });
    await expect400(extArmed.POST, { method: "POST", params: { id: ids.draftId }, body: { version: 0 }, headers });
    await expect400(extArmed.POST, { method: "POST", params: { id: ids.draftId }, body: { version: "1" }, headers });
    await expect400(extArmed.POST, { method: "POST", params: { id: ids.draftId }, body: { state: "sent" }, headers });
  },
  "/api/extension/draft/[id]/sent": async () => {
    const headers = { authorization: `Bearer ${token}` };
    await expect400(extSent.POST, { method: "POST", params: { id: "-1" }, body: {}, headers });
    await expect400(extSent.POST, { method: "POST", params: { id: ids.draftId }, body: { version: 1.5 }, headers });
    await expect400(extSent.POST, { method: "POST", params: { id: ids.draftId }, body: { version: 1, sentAt: "now" }, headers });
    await expect400(extSent.POST, { method: "POST", params: { id: ids.draftId }, rawBody: "[", headers: { ...headers, "content-type": "application/json" } });
  },
  "/api/extension/dm-sync": async () => {
    const headers = { authorization: `Bearer ${token}` };
    const status = { chat: "ok", legacy: "ok", captured_at: new Date().toISOString() };
    await expect400(extDmSync.POST, { method: "POST", body: {}, headers });
    await expect400(extDmSync.POST, { method: "POST", body: { platform: "forum", items: [], comments: [], status: { ...status, chat: "green" } }, headers });
    await expect400(extDmSync.POST, { method: "POST", body: { platform: "forum", items: [{ id: "t4_1", author: "a" }], comments: [], status }, headers });
    await expect400(extDmSync.POST, { method: "POST", body: { platform: "forum", items: [], comments: [{ id: "t1_1", author: "a", body: "b", created_at: "soon", parent_id: "t1_2" }], status }, headers });
    await expect400(extDmSync.POST, { method: "POST", body: { platform: "forum", items: {}, comments: [], status }, headers });
    // Nothing stored on the device either: not the report, not the sync stamp.
    const device = await db.extensionDevice.findFirstOrThrow({ where: { organizationId: A.orgId } });
    expect([device.lastSyncStatus, device.lastSyncAt]).toEqual([null, null]);
  },
  "/api/extension/dm-sync/status": async () => {
    // Takes no input; a malformed Authorization header is refused.
    const res = await call(extSyncStatus.GET, { headers: { authorization: `Bearer` } });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe("unauthorized");
  },
  "/api/settings/extension/pairing-codes": async () => {
    // Takes no input: a body is ignored and one code is made; without a session nothing is.
    const codes = await db.pairingCode.count({ where: { organizationId: A.orgId } });
    expect((await call(extPairingCodes.POST, { method: "POST", rawBody: "garbage" })).status).toBe(401);
    const res = await call(extPairingCodes.POST, { method: "POST", cookie: A.cookie, rawBody: "garbage" });
    expect(res.status).toBe(201);
    expect(await db.pairingCode.count({ where: { organizationId: A.orgId } })).toBe(codes + 1);
  },
  "/api/settings/extension/devices": async () => {
    // Takes no input; unknown query parameters are ignored.
    const res = await call(extDevices.GET, { cookie: A.cookie, path: "/api/settings/extension/devices?revoked=maybe" });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json.devices)).toBe(true);
  },
  "/api/settings/extension/devices/[id]": async () => {
    await expect400(extDevice.DELETE, { method: "DELETE", params: { id: "all" } });
    await expect400(extDevice.DELETE, { method: "DELETE", params: { id: "0" } });
    expect(await db.extensionDevice.count({ where: { organizationId: A.orgId, revoked: true } })).toBe(0);
  },
  "/api/auth/login": async () => {
    await expect400(login.POST, { method: "POST", body: { username: "a" } });
    await expect400(login.POST, { method: "POST", body: { username: `${"x".repeat(250)}@example.com`, password: "whatever" } });
    await expect400(login.POST, { method: "POST", rawBody: "[]", headers: { "content-type": "application/json" } });
  },
  "/api/auth/logout": async () => {
    // Takes no input: any body is ignored and the cookie is still cleared.
    const res = await call((await import("@/app/api/auth/logout/route")).POST, { method: "POST", rawBody: "garbage" });
    expect(res.status).toBe(200);
  },
  "/api/auth/logout-everywhere": async () => {
    // Takes no input: a body is ignored, and without a session nothing happens.
    const route = (await import("@/app/api/auth/logout-everywhere/route")).POST;
    expect((await call(route, { method: "POST", rawBody: "garbage" })).status).toBe(401);
    const versions = await db.user.findMany({ select: { id: true, sessionVersion: true }, orderBy: { id: "asc" } });
    expect((await call(route, { method: "POST", cookie: "apikey:oak_not_a_real_key_at_all_000000000000000" })).status).toBe(403);
    expect(await db.user.findMany({ select: { id: true, sessionVersion: true }, orderBy: { id: "asc" } })).toEqual(versions);
  },
  "/api/auth/signup": async () => {
    await expect400(signup.POST, { method: "POST", body: { organizationName: "x", username: "ab", password: "long enough pw" } });
    await expect400(signup.POST, { method: "POST", body: { organizationName: "x", username: "valid-name", password: "short" } });
    await expect400(signup.POST, { method: "POST", body: { organizationName: "x", email: "not an address", password: "long enough pw" } });
    await expect400(signup.POST, { method: "POST", body: { organizationName: "x", email: 42, password: "long enough pw" } });
    await expect400(signup.POST, { method: "POST", body: { organizationName: "x", email: "a@example.com", emailVerified: true, password: "long enough pw" } });
  },
  "/api/drafts": async () => {
    for (const q of ["state=bogus", "state=", "kind=tweet", "minQuality=101", "minQuality=high", "cursor=garbage", "limit=0", "limit=1000", "sort=random", "campaign=-3", "colour=red", "ids=", "ids=abc", "ids=1,,2", `ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(",")}`]) {
      await expect400(drafts.GET, { path: `/api/drafts?${q}` });
    }
  },
  "/api/drafts/[id]": async () => {
    const params = { id: ids.draftId };
    await expect400(draft.GET, { params: { id: "abc" } });
    await expect400(draft.PATCH, { method: "PATCH", params, body: {} });
    await expect400(draft.PATCH, { method: "PATCH", params, body: { body: "   " } });
    await expect400(draft.PATCH, { method: "PATCH", params, body: { body: "x", state: "approved" } });
    await expect400(draft.PATCH, { method: "PATCH", params, body: { state: "armed" } });
    await expect400(draft.PATCH, { method: "PATCH", params, body: { state: "approved", version: "1" } });
    await expect400(draft.PATCH, { method: "PATCH", params, body: { state: "approved", version: 0 } });
    // The link a manual send keeps: http(s), at most 2000 characters, and only with state sent.
    await expect400(draft.PATCH, { method: "PATCH", params, body: { state: "sent", permalink: "not a link" } });
    await expect400(draft.PATCH, { method: "PATCH", params, body: { state: "sent", permalink: "javascript:alert(1)" } });
    await expect400(draft.PATCH, { method: "PATCH", params, body: { state: "sent", permalink: `https://forum.example/${"a".repeat(2000)}` } });
    await expect400(draft.PATCH, { method: "PATCH", params, body: { state: "approved", permalink: "https://forum.example/r/x/comments/abc/t/" } });
    // Undo takes a decision back (state pending_review); it is no way to reach another state.
    await expect400(draft.PATCH, { method: "PATCH", params, body: { state: "approved", undo: true } });
    await expect400(draft.PATCH, { method: "PATCH", params, body: { state: "pending_review", undo: "yes" } });
    await expect400(draft.PATCH, { method: "PATCH", params, body: { state: "pending_review", undo: false } });
    await expect400(draft.PATCH, { method: "PATCH", params, rawBody: "{state", headers: { "content-type": "application/json" } });
  },
  "/api/drafts/bulk-approve": async () => {
    await expect400(bulkApprove.POST, { method: "POST", body: { ids: [] } });
    await expect400(bulkApprove.POST, { method: "POST", body: { ids: [ids.draftId] } });
    await expect400(bulkApprove.POST, { method: "POST", body: { ids: Array.from({ length: 501 }, (_, i) => i + 1) } });
    await expect400(bulkApprove.POST, { method: "POST", body: { ids: [Number(ids.draftId)], all: true } });
    await expect400(bulkApprove.POST, { method: "POST", body: { ids: [Number(ids.draftId)], states: "pending_review" } });
    await expectFilterBad400(expect400, () => Number(ids.draftId));
  },
  "/api/drafts/bulk-reschedule": async () => {
    await expect400(bulkReschedule.POST, { method: "POST", body: { ids: [Number(ids.draftId)], send_after: "tomorrow" } });
    await expect400(bulkReschedule.POST, { method: "POST", body: { ids: [Number(ids.draftId)] } });
    await expect400(bulkReschedule.POST, { method: "POST", body: { ids: [-1], send_after: "2030-01-01T00:00:00Z" } });
    // The states a selection was made in: known states, at least one, and with ids only (a filter has its own).
    await expect400(bulkReschedule.POST, { method: "POST", body: { ids: [Number(ids.draftId)], states: ["lost"], send_after: null } });
    await expect400(bulkReschedule.POST, { method: "POST", body: { ids: [Number(ids.draftId)], states: [], send_after: null } });
    await expect400(bulkReschedule.POST, { method: "POST", body: { filter: {}, states: ["approved"], send_after: null } });
  },
  "/api/drafts/[id]/regenerate": async () => {
    await expect400(regenerate.POST, { method: "POST", params: { id: ids.draftId }, body: { hint: 5 } });
    await expect400(regenerate.POST, { method: "POST", params: { id: ids.draftId }, body: { hint: "x".repeat(1001) } });
    await expect400(regenerate.POST, { method: "POST", params: { id: "0" }, body: {} });
  },
  "/api/drafts/[id]/regenerate/undo": async () => {
    await expect400(regenerateUndo.POST, { method: "POST", params: { id: ids.draftId }, body: { version: -2 } });
    await expect400(regenerateUndo.POST, { method: "POST", params: { id: "1.5" }, body: {} });
  },
  "/api/drafts/[id]/reply-drafting": async () => {
    await expect400(replyDrafting.POST, { method: "POST", params: { id: ids.draftId }, body: { runner: "other" } });
    await expect400(replyDrafting.POST, { method: "POST", params: { id: "0" }, body: {} });
    await expect400(replyDrafting.POST, { method: "POST", params: { id: ids.draftId }, rawBody: "{", headers: { "content-type": "application/json" } });
  },
  "/api/campaigns/[id]/skill-runs": async () => {
    await expect400(skillRuns.POST, { method: "POST", params: { id: ids.campaignId }, body: { mode: "yolo" } });
    await expect400(skillRuns.POST, { method: "POST", params: { id: ids.campaignId }, body: { mode: "preview", config: {} } });
    await expect400(skillRuns.POST, { method: "POST", params: { id: "zero" }, body: {} });
    await expect400(skillRuns.GET, { params: { id: "-1" } });
  },
  "/api/campaigns/[id]/skill-runs/[runId]": async () => {
    await expect400(skillRun.GET, { params: { id: ids.campaignId, runId: "x" } });
  },
  "/api/campaigns/[id]/skill-runs/[runId]/adopt": async () => {
    await expect400(skillRunAdopt.POST, { method: "POST", params: { id: ids.campaignId, runId: "1.5" } });
    await expect400(skillRunAdopt.POST, { method: "POST", params: { id: "c", runId: "1" } });
  },
  "/api/campaigns/[id]/skill-runs/[runId]/discard": async () => {
    await expect400(skillRunDiscard.POST, { method: "POST", params: { id: ids.campaignId, runId: "0" } });
  },
  "/api/runners": async () => {
    // Takes no input: a body is ignored and detection still answers.
    const res = await call(runners.POST, { method: "POST", cookie: A.cookie, rawBody: "{garbage" });
    expect(res.status).toBe(200);
  },
  "/api/playbooks": async () => {
    const rows = () => db.playbook.findMany({ where: { organizationId: A.orgId }, orderBy: { id: "asc" } });
    const before = JSON.stringify(await rows());
    const ok = { slug: "fine-slug", title: "t", body: "b" };
    await expect400(playbooks.POST, { method: "POST", body: { ...ok, slug: "Has Spaces" } });
    await expect400(playbooks.POST, { method: "POST", body: { ...ok, slug: "trailing-" } });
    await expect400(playbooks.POST, { method: "POST", body: { title: "t", body: "b" } });
    await expect400(playbooks.POST, { method: "POST", body: { ...ok, body: "   " } });
    await expect400(playbooks.POST, { method: "POST", body: { ...ok, body: "x".repeat(200 * 1024 + 1) } });
    await expect400(playbooks.POST, { method: "POST", body: { ...ok, isBuiltin: true } });
    await expect400(playbooks.POST, { method: "POST", body: { duplicateOf: "1" } });
    await expect400(playbooks.POST, { method: "POST", body: { duplicateOf: 1, slug: "x-y" } });
    expect(JSON.stringify(await rows())).toBe(before);
  },
  "/api/playbooks/[id]": async () => {
    const own = await db.playbook.create({ data: { organizationId: A.orgId, slug: "bad-input-check", title: "t", body: "b" } });
    const params = { id: String(own.id) };
    await expect400(playbook.GET, { params: { id: "abc" } });
    await expect400(playbook.PATCH, { method: "PATCH", params, body: {} });
    await expect400(playbook.PATCH, { method: "PATCH", params, body: { slug: "UPPER" } });
    await expect400(playbook.PATCH, { method: "PATCH", params, body: { title: "" } });
    await expect400(playbook.PATCH, { method: "PATCH", params, body: { isBuiltin: true } });
    await expect400(playbook.DELETE, { method: "DELETE", params: { id: "0" } });
    expect(await db.playbook.findUniqueOrThrow({ where: { id: own.id } })).toEqual(own);
    await db.playbook.delete({ where: { id: own.id } });
  },
  "/api/settings/runner-config": async () => {
    await expect400(runnerConfig.PUT, { method: "PUT", body: { slug: "skynet", config: {} } });
    await expect400(runnerConfig.PUT, { method: "PUT", body: { slug: "claude-code", config: { maxTurns: 0 } } });
    await expect400(runnerConfig.PUT, { method: "PUT", body: { slug: "claude-code", config: { temperature: 2 } } });
    await expect400(runnerConfig.PUT, { method: "PUT", body: { slug: "cloud", config: { model: "x" } } });
    await expect400(runnerConfig.PUT, { method: "PUT", body: { slug: "gemini" } });
  },
};

// next-auth validates its own input; its bad-input case (an unknown provider) is in e2e/auth.spec.ts.
const COVERED_IN_E2E = ["/api/auth/[...nextauth]"];

describe("bad input answers 400 and writes nothing", () => {
  for (const [route, run] of Object.entries(cases)) it(route, run);

  it("covers every route file under app/api", () => {
    const missing = listApiRoutes().filter((r) => !(r in cases) && !COVERED_IN_E2E.includes(r));
    expect(missing, `routes without a bad-input case: ${missing.join(", ")}`).toEqual([]);
  });
});
