// CSV export over the route: the spec's columns in order, RFC 4180 quoting of a body with a comma, a quote, a line
// break and a leading "=" (neutralised), the page's filters, another organization's rows never in the file, and the
// errors for another format (400) and another resource (404).
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { db } from "@/lib/db/client";
import * as exportRoute from "@/app/api/export/[resource]/route";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { reopenDraft } from "@/lib/drafts/reopen-draft";
import { sendDraft } from "@/lib/drafts/send-draft";
import { call } from "./http";
import { createAccountRow, createCampaignRow, createDraftRow, createOrg, createProject, type OrgFixture } from "./fixtures";

let A: OrgFixture;
let B: OrgFixture;
let campaignId: number;
const TRICKY = `=HYPERLINK("http://evil.example","click"), said "she"\nsecond line`;

beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  const p = await createProject(A.orgId);
  const acc = await createAccountRow(A.orgId, p.id);
  campaignId = (await createCampaignRow(A.orgId, p.id)).id;
  const d1 = await createDraftRow(A.orgId, { projectId: p.id, accountId: acc.id, campaignId });
  await db.draft.update({ where: { id: d1.id }, data: { body: TRICKY, targetCommunity: "selfhosted" } });
  const d2 = await createDraftRow(A.orgId, { projectId: p.id, accountId: acc.id, campaignId });
  await db.draft.update({ where: { id: d2.id }, data: { state: "approved", targetUser: "+cmd|' /C calc'!A0" } });
  await createDraftRow(A.orgId, { projectId: p.id, accountId: acc.id });
  const bp = await createProject(B.orgId);
  const bd = await createDraftRow(B.orgId, { projectId: bp.id });
  await db.draft.update({ where: { id: bd.id }, data: { body: "B's secret draft" } });
  const now = new Date("2026-11-01T10:00:00Z");
  await db.contactHistory.createMany({
    data: [
      { organizationId: A.orgId, platform: "forum", targetUser: "fern", accountHandle: "acct", firstContactedAt: now, lastContactedAt: now, outcome: "replied" },
      { organizationId: A.orgId, platform: "federated", targetUser: "ada@social.example", accountHandle: "acct", firstContactedAt: now, lastContactedAt: now, outcome: "sent" },
      { organizationId: B.orgId, platform: "forum", targetUser: "b_secret_contact", accountHandle: "bacct", firstContactedAt: now, lastContactedAt: now, outcome: "sent" },
    ],
  });
  const t1 = await db.conversationThread.create({ data: { organizationId: A.orgId, platform: "forum", accountHandle: "acct", targetUser: "fern", kind: "dm", parentDraftId: d1.id, lastMessageAt: now, messageCount: 2 } });
  await db.conversationMessage.createMany({
    data: [
      { organizationId: A.orgId, threadId: t1.id, direction: "outbound", author: "acct", body: "hi", sentAt: new Date(now.getTime() - 1000) },
      { organizationId: A.orgId, threadId: t1.id, direction: "inbound", author: "fern", body: "hello", sentAt: now },
    ],
  });
  const t2 = await db.conversationThread.create({ data: { organizationId: A.orgId, platform: "forum", accountHandle: "acct", targetUser: "gus", kind: "post_comment", parentDraftId: d2.id, lastMessageAt: now, messageCount: 1 } });
  await db.conversationMessage.create({ data: { organizationId: A.orgId, threadId: t2.id, direction: "outbound", author: "acct", body: "our reply", sentAt: now } });
});

async function csv(org: OrgFixture, resource: string, search = "") {
  const res = await call(exportRoute.GET, { cookie: org.cookie, params: { resource }, path: `/api/export/${resource}${search}` });
  return { ...res, text: typeof res.json === "string" ? res.json : JSON.stringify(res.json) };
}
const rowsOf = (text: string) => parse(text, { columns: false }) as string[][];

describe("GET /api/export/[resource]", () => {
  it("drafts: headers, the spec's columns in order, RFC 4180 quoting and neutralised formulas", async () => {
    const res = await csv(A, "drafts", "?format=csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="drafts-${new Date().toISOString().slice(0, 10)}.csv"`);
    const [header, ...rows] = rowsOf(res.text);
    // The spec's columns first and in its order, then the names beside the ids.
    expect(header).toEqual([
      "id", "created_at", "state", "platform", "account_handle", "target_user", "target_community", "campaign_id", "run_id", "body",
      "project_id", "project_name", "campaign_name", "quality_score", "approved_by",
    ]);
    expect(rows).toHaveLength(3);
    const tricky = rows.find((r) => r[6] === "selfhosted")!;
    // Read back by a CSV parser, the body is whole (comma, quotes, line break) with the apostrophe in front.
    expect(tricky[9]).toBe(`'${TRICKY}`);
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil.example"",""click""), said ""she""\nsecond line"`);
    expect(rows.find((r) => r[2] === "approved")![5]).toBe("'+cmd|' /C calc'!A0");
    expect(tricky[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(res.text).not.toContain("B's secret draft");
  });

  it("drafts: project and campaign names beside their ids, the quality score, and who made the standing approval", async () => {
    const org = await createOrg();
    const project = await createProject(org.orgId, "=Tea Shop");
    const acc = await createAccountRow(org.orgId, project.id);
    const campaign = await db.campaign.create({
      data: { organizationId: org.orgId, projectId: project.id, name: "Spring, \"launch\"", platform: "forum", skill: "forum-scout", runner: "cloud" },
    });
    const base = { projectId: project.id, accountId: acc.id, campaignId: campaign.id };
    const person = { type: "user" as const, id: org.userId, label: org.username };
    const approved = await createDraftRow(org.orgId, { ...base, qualityScore: 81, targetUser: "approved_one" });
    await approveDraft({ orgId: org.orgId, id: approved.id, actor: person });
    const sent = await createDraftRow(org.orgId, { ...base, qualityScore: 64, targetUser: "sent_one" });
    await approveDraft({ orgId: org.orgId, id: sent.id, actor: { type: "system", label: "local operator" } });
    await sendDraft({ orgId: org.orgId, id: sent.id, actor: person });
    // Approved, then taken back: nobody's approval stands.
    const reopened = await createDraftRow(org.orgId, { ...base, qualityScore: 40, targetUser: "reopened_one" });
    await approveDraft({ orgId: org.orgId, id: reopened.id, actor: person });
    await reopenDraft({ orgId: org.orgId, id: reopened.id, actor: person });
    const loose = await createDraftRow(org.orgId, { targetUser: "no_project" });

    const [header, ...rows] = rowsOf((await csv(org, "drafts")).text);
    const byTarget = new Map(rows.map((r) => [r[5], Object.fromEntries(header!.map((h, i) => [h, r[i]]))]));
    expect(byTarget.get("approved_one")).toMatchObject({
      campaign_id: String(campaign.id), project_id: String(project.id), project_name: "'=Tea Shop", campaign_name: 'Spring, "launch"',
      quality_score: "81", approved_by: org.username, state: "approved",
    });
    expect(byTarget.get("sent_one")).toMatchObject({ state: "sent", quality_score: "64", approved_by: "local operator" });
    expect(byTarget.get("reopened_one")).toMatchObject({ state: "pending_review", quality_score: "40", approved_by: "" });
    expect(byTarget.get("no_project")).toMatchObject({ project_id: "", project_name: "", campaign_name: "", quality_score: "", approved_by: "" });
    expect(loose.id).toBeGreaterThan(0);
  });

  it("honours the page's filters", async () => {
    expect(rowsOf((await csv(A, "drafts", "?state=approved")).text).slice(1).map((r) => r[2])).toEqual(["approved"]);
    expect(rowsOf((await csv(A, "drafts", `?campaign=${campaignId}`)).text).slice(1)).toHaveLength(2);
    expect(rowsOf((await csv(A, "drafts", "?kind=post")).text)).toHaveLength(1);
    const contacts = rowsOf((await csv(A, "contacts", "?platform=forum")).text);
    expect(contacts[0]).toEqual(["id", "platform", "account_handle", "target_user", "first_contacted_at", "last_contacted_at", "outcome"]);
    expect(contacts.slice(1).map((r) => r[3])).toEqual(["fern"]);
    expect(rowsOf((await csv(A, "contacts", "?q=ADA")).text).slice(1).map((r) => r[3])).toEqual(["ada@social.example"]);
    const threads = rowsOf((await csv(A, "conversations")).text);
    expect(threads[0]).toEqual(["thread_id", "account_handle", "target_user", "kind", "last_message_at", "message_count"]);
    expect(threads.slice(1).map((r) => r[2]).sort()).toEqual(["fern", "gus"]);
    expect(rowsOf((await csv(A, "conversations", "?filter=replied")).text).slice(1).map((r) => r[2])).toEqual(["fern"]);
    expect(rowsOf((await csv(A, "conversations", "?filter=awaiting")).text).slice(1).map((r) => r[2])).toEqual(["gus"]);
    expect(rowsOf((await csv(A, "conversations", "?kind=post_comment")).text).slice(1).map((r) => [r[2], r[3], r[5]])).toEqual([["gus", "post_comment", "1"]]);
  });

  it("never exports another organization's rows", async () => {
    for (const resource of ["drafts", "contacts", "conversations"]) {
      const res = await csv(B, resource);
      expect(res.status).toBe(200);
      for (const leak of ["fern", "selfhosted", "HYPERLINK", "ada"]) expect(res.text).not.toContain(leak);
    }
    expect(rowsOf((await csv(B, "contacts")).text).slice(1).map((r) => r[3])).toEqual(["b_secret_contact"]);
  });

  it("another format is 400 and another resource is 404", async () => {
    const xlsx = await csv(A, "drafts", "?format=xlsx");
    expect(xlsx.status).toBe(400);
    expect(xlsx.json.error).toBe("bad_request");
    expect((await csv(A, "drafts", "?state=lost")).status).toBe(400);
    expect((await csv(A, "contacts", "?color=red")).status).toBe(400);
    const unknown = await csv(A, "invoices");
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: "not_found", message: "Export not found" });
  });
});
