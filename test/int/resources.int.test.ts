// The resources everything else builds on, through their routes: what a user of the dashboard would notice.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call } from "./http";
import { createOrg, createProject, uid } from "./fixtures";
import * as projects from "@/app/api/projects/route";
import * as project from "@/app/api/projects/[id]/route";
import * as projectAccounts from "@/app/api/projects/[id]/accounts/route";
import * as account from "@/app/api/accounts/[id]/route";
import * as projectTemplates from "@/app/api/projects/[id]/templates/route";
import * as template from "@/app/api/projects/[id]/templates/[templateId]/route";
import * as campaigns from "@/app/api/campaigns/route";
import * as campaign from "@/app/api/campaigns/[id]/route";
import * as blocklist from "@/app/api/blocklist/route";
import * as blocklistEntry from "@/app/api/blocklist/[id]/route";
import * as appConfig from "@/app/api/settings/app-config/route";

describe("projects", () => {
  it("creates, lists with counts, edits and deletes", async () => {
    const A = await createOrg();
    const created = await call(projects.POST, { cookie: A.cookie, method: "POST", body: { name: "Tally", description: "Time tracking" } });
    expect(created.status).toBe(201);
    const dup = await call(projects.POST, { cookie: A.cookie, method: "POST", body: { name: "Tally" } });
    expect(dup.status).toBe(409);
    const params = { id: String(created.json.id) };
    await call(projectAccounts.POST, { cookie: A.cookie, method: "POST", params, body: { platform: "forum", platformId: "tally_dev" } });
    const list = await call(projects.GET, { cookie: A.cookie });
    expect(list.json.projects).toEqual([expect.objectContaining({ name: "Tally", accountCount: 1, campaignCount: 0 })]);
    const patched = await call(project.PATCH, { cookie: A.cookie, method: "PATCH", params, body: { description: "Better" } });
    expect(patched.json.description).toBe("Better");
    expect((await call(project.DELETE, { cookie: A.cookie, method: "DELETE", params })).status).toBe(204);
    expect((await call(project.GET, { cookie: A.cookie, params })).status).toBe(404);
    expect(await db.account.count({ where: { organizationId: A.orgId } })).toBe(0);
  });

  it("a member may not delete a project; an admin may", async () => {
    const member = await createOrg({ role: "member" });
    const p = await createProject(member.orgId);
    const res = await call(project.DELETE, { cookie: member.cookie, method: "DELETE", params: { id: String(p.id) } });
    expect(res.status).toBe(403);
    expect(await db.project.count({ where: { id: p.id } })).toBe(1);
  });
});

describe("accounts", () => {
  it("stores credentials only as ciphertext and never returns them", async () => {
    const A = await createOrg();
    const p = await createProject(A.orgId);
    const secret = `pw-${uid()}-very-secret`;
    const res = await call(projectAccounts.POST, {
      cookie: A.cookie, method: "POST", params: { id: String(p.id) },
      body: { platform: "forum", platformId: "maker", credentials: { username: "maker", password: secret } },
    });
    expect(res.status).toBe(201);
    expect(res.json.hasCredentials).toBe(true);
    const list = await call(projectAccounts.GET, { cookie: A.cookie, params: { id: String(p.id) } });
    for (const body of [res.json, list.json]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(secret);
      expect(text).not.toMatch(/ciphertext|credentials_key|credentialsKeyId/i);
    }
    const raw = await db.$queryRaw<{ c: Buffer; k: string }[]>`SELECT credentials_ciphertext AS c, credentials_key_id AS k FROM accounts WHERE id = ${res.json.id}`;
    expect(raw[0].k).toBe("test1");
    expect(Buffer.from(raw[0].c).toString("latin1")).not.toContain(secret);
    const erased = await call(account.PATCH, { cookie: A.cookie, method: "PATCH", params: { id: String(res.json.id) }, body: { credentials: null } });
    expect(erased.json.hasCredentials).toBe(false);
  });

  it("keeps one default per (project, platform): the first is default, a new default replaces it", async () => {
    const A = await createOrg();
    const p = await createProject(A.orgId);
    const params = { id: String(p.id) };
    const first = await call(projectAccounts.POST, { cookie: A.cookie, method: "POST", params, body: { platform: "forum", platformId: "one" } });
    const second = await call(projectAccounts.POST, { cookie: A.cookie, method: "POST", params, body: { platform: "forum", platformId: "two" } });
    const fed = await call(projectAccounts.POST, { cookie: A.cookie, method: "POST", params, body: { platform: "federated", platformId: "one@social" } });
    expect([first.json.isDefault, second.json.isDefault, fed.json.isDefault]).toEqual([true, false, true]);
    await call(account.PATCH, { cookie: A.cookie, method: "PATCH", params: { id: String(second.json.id) }, body: { isDefault: true } });
    const list = await call(projectAccounts.GET, { cookie: A.cookie, params });
    const defaults = list.json.accounts.filter((x: { isDefault: boolean }) => x.isDefault).map((x: { platformId: string }) => x.platformId);
    expect(defaults.sort()).toEqual(["one@social", "two"]);
  });
});

describe("templates", () => {
  it("creates, edits and archives without deleting", async () => {
    const A = await createOrg();
    const p = await createProject(A.orgId);
    const params = { id: String(p.id) };
    const t = await call(projectTemplates.POST, { cookie: A.cookie, method: "POST", params, body: { kind: "comment", title: "Warm", body: "Hi" } });
    expect(t.status).toBe(201);
    const tp = { id: String(p.id), templateId: String(t.json.id) };
    expect((await call(template.PATCH, { cookie: A.cookie, method: "PATCH", params: tp, body: { body: "Hello" } })).json.body).toBe("Hello");
    await call(template.PATCH, { cookie: A.cookie, method: "PATCH", params: tp, body: { isActive: false } });
    expect((await call(projectTemplates.GET, { cookie: A.cookie, params })).json.templates).toEqual([]);
    const all = await call(projectTemplates.GET, { cookie: A.cookie, params, path: "/x?archived=1" });
    expect(all.json.templates).toEqual([expect.objectContaining({ title: "Warm", isActive: false })]);
  });
});

describe("campaigns", () => {
  it("snapshots the runner, starts in draft and validates the schedule", async () => {
    const A = await createOrg();
    const p = await createProject(A.orgId);
    const res = await call(campaigns.POST, {
      cookie: A.cookie, method: "POST",
      body: { projectId: p.id, name: "Scout", platform: "forum", skill: "forum-scout", cron: "0 9 * * 1-5", config: { tone: "plain" } },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ runner: "cloud", state: "draft", cron: "0 9 * * 1-5", config: { tone: "plain" }, projectName: p.name });
    const params = { id: String(res.json.id) };
    const patched = await call(campaign.PATCH, { cookie: A.cookie, method: "PATCH", params, body: { state: "active", runner: "gemini", cron: null } });
    expect(patched.json).toMatchObject({ state: "active", runner: "gemini", cron: null });
    expect((await call(campaign.DELETE, { cookie: A.cookie, method: "DELETE", params })).status).toBe(204);
  });
});

describe("blocklist", () => {
  it("stores values lower-cased, global or per project, and refuses duplicates in a scope", async () => {
    const A = await createOrg();
    const p = await createProject(A.orgId);
    const g = await call(blocklist.POST, { cookie: A.cookie, method: "POST", body: { type: "user", value: "SpamBot" } });
    expect(g.json).toMatchObject({ value: "spambot", projectId: null, projectName: null });
    const dup = await call(blocklist.POST, { cookie: A.cookie, method: "POST", body: { type: "user", value: "spambot" } });
    expect(dup.status).toBe(409);
    const scoped = await call(blocklist.POST, { cookie: A.cookie, method: "POST", body: { type: "user", value: "spambot", projectId: p.id } });
    expect(scoped.json.projectName).toBe(p.name);
    expect((await call(blocklist.GET, { cookie: A.cookie })).json.entries).toHaveLength(2);
    expect((await call(blocklistEntry.DELETE, { cookie: A.cookie, method: "DELETE", params: { id: String(g.json.id) } })).status).toBe(204);
  });
});

describe("app config", () => {
  it("starts from the spec's defaults and saves validated changes", async () => {
    const A = await createOrg();
    const initial = await call(appConfig.GET, { cookie: A.cookie });
    expect(initial.json.dedup_policy).toEqual({ window_days: 90, mode: "warn" });
    expect(initial.json.quality_rubric).toMatchObject({ threshold_red: 40, threshold_green: 75 });
    expect(initial.json.runner_configs).toEqual({});
    const saved = await call(appConfig.PUT, {
      cookie: A.cookie, method: "PUT", body: { quality_rubric: { rubric_template: "Be kind", threshold_red: 30, threshold_green: 80 } },
    });
    expect(saved.json.quality_rubric).toEqual({ rubric_template: "Be kind", threshold_red: 30, threshold_green: 80 });
    expect(saved.json.dedup_policy).toEqual({ window_days: 90, mode: "warn" });
  });

  it("only admins change settings", async () => {
    const member = await createOrg({ role: "member" });
    const res = await call(appConfig.PUT, { cookie: member.cookie, method: "PUT", body: { dedup_policy: { window_days: 1, mode: "skip" } } });
    expect(res.status).toBe(403);
  });
});
