// Tuning that learns from the reviewers (docs/tuning.md "Learning from reviews"): a real run of the scripted agent
// reads the campaign's review history from the tool server (rejections with reasons, edits as diffs, approvals,
// replies), submits a profile with a rationale citing the decisions behind each change, and the preview carries it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { changeDraft } from "@/lib/drafts/change-draft";
import * as skillRuns from "@/app/api/campaigns/[id]/skill-runs/route";
import * as skillRun from "@/app/api/campaigns/[id]/skill-runs/[runId]/route";
import * as draftRoute from "@/app/api/drafts/[id]/route";
import { call } from "./http";
import { createAccountRow, createDraftRow, createOrg, createProject, VALID_PROFILE, type OrgFixture } from "./fixtures";
import { FAKE_SLUG, registerFakeBackends, scriptOrgPlaybook, serveToolServer, toolResults, waitForRunEnd } from "./agent-harness";

let A: OrgFixture;
let tools: { close: () => Promise<void> };
let c: { id: number; projectId: number; accountId: number };
const OLD = { ...VALID_PROFILE, rules: ["Say who you are in the first sentence"] };
const NEW = { ...VALID_PROFILE, rules: ["Say who you are in the first sentence", "No links in the first message"], tone: "Plain and short, no superlatives" };

const patch = async (id: number, body: unknown) => {
  const res = await call(draftRoute.PATCH, { method: "PATCH", cookie: A.cookie, params: { id: String(id) }, body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
};
const draft = (body: string, qualityScore = 70) => createDraftRow(A.orgId, { projectId: c.projectId, accountId: c.accountId, campaignId: c.id, body, qualityScore });

beforeAll(async () => {
  await registerFakeBackends();
  tools = await serveToolServer();
  A = await createOrg();
  const projectId = (await createProject(A.orgId)).id;
  const account = await createAccountRow(A.orgId, projectId);
  const campaign = await db.campaign.create({ data: { organizationId: A.orgId, projectId, name: "Learns", platform: "forum", skill: "forum-scout", runner: FAKE_SLUG, config: OLD } });
  c = { id: campaign.id, projectId, accountId: account.id };
});
afterAll(() => tools.close());

describe("the profile generator reads the review history", () => {
  it("gets rejections with reasons, edits as diffs, approvals and replies through its tool, and its rationale reaches the preview", async () => {
    // What reviewers did, through the real routes.
    const linky = await draft("Check out https://example.com for our tool!", 35);
    await patch(linky.id, { state: "rejected", reason: "No links in a first message" });
    const edited = await draft("Our tool is the best on the market for flaky builds.");
    await patch(edited.id, { body: "Our tool might help with flaky builds." });
    await patch(edited.id, { state: "approved" });
    const plain = await draft("I maintain a small retry helper; happy to share notes.", 85);
    await patch(plain.id, { state: "approved" });
    await patch(plain.id, { state: "sent" });
    await db.$transaction((tx) => changeDraft(tx, { orgId: A.orgId, id: plain.id, actor: { type: "system", label: "test" }, action: "reply", event: "replied", data: () => ({ repliedAt: new Date() }) }));
    const thread = await db.conversationThread.create({ data: { organizationId: A.orgId, platform: "forum", accountHandle: "me", targetUser: plain.targetUser, kind: "dm", parentDraftId: plain.id, lastMessageAt: new Date(), messageCount: 1 } });
    await db.conversationMessage.create({ data: { organizationId: A.orgId, threadId: thread.id, direction: "inbound", author: plain.targetUser, body: "Yes please, send the notes", externalId: `m_${plain.id}`, sentAt: new Date() } });
    // Another campaign's rejection stays out of this campaign's history.
    const other = await db.campaign.create({ data: { organizationId: A.orgId, projectId: c.projectId, name: "Other", platform: "forum", skill: "forum-scout", runner: FAKE_SLUG } });
    const elsewhere = await createDraftRow(A.orgId, { projectId: c.projectId, campaignId: other.id, body: "Other campaign's draft" });
    await patch(elsewhere.id, { state: "rejected", reason: "Wrong community" });

    const rationale = [
      { field: "rules", change: "Added a rule against links in a first message: a reviewer rejected a draft for its link.", draftIds: [linky.id] },
      { field: "tone", change: "Plainer, no superlatives: reviewers cut 'the best on the market'; the plain offer got a reply.", draftIds: [edited.id, plain.id] },
    ];
    await scriptOrgPlaybook(A.orgId, "campaign-skill-generator", {
      steps: [
        { tool: "skill_generate_start" },
        { tool: "skill_review_history" },
        // A draft of another campaign is refused; the agent then cites the right ones.
        { tool: "skill_generate_finish", args: { config: NEW, rationale: [{ field: "rules", change: "x", draftIds: [elsewhere.id] }] } },
        { tool: "skill_generate_finish", args: { config: NEW, rationale } },
      ],
    });

    const started = await call(skillRuns.POST, { method: "POST", cookie: A.cookie, params: { id: String(c.id) }, body: { mode: "preview" } });
    expect(started.status).toBe(202);
    const run = await waitForRunEnd(started.json.runId);
    expect(run.status).toBe("success");

    const results = await toolResults(run.id);
    expect(results.map((r) => r.status)).toEqual(["completed", "completed", "failed", "completed"]);
    const history = JSON.parse(results[1]!.text);
    expect(history.counts).toMatchObject({ drafted: 3, approved: 2, rejected: 1, edited: 1, replied: 1 });
    expect(history.rejections).toEqual([expect.objectContaining({ draftId: linky.id, reason: "No links in a first message", qualityScore: 35, body: "Check out https://example.com for our tool!" })]);
    expect(history.edits).toEqual([
      expect.objectContaining({
        draftId: edited.id,
        before: "Our tool is the best on the market for flaky builds.",
        after: "Our tool might help with flaky builds.",
        diff: "Our tool [-is the best on the market for -]{+might help with +}flaky builds.",
      }),
    ]);
    expect(history.approvals.map((x: { draftId: number }) => x.draftId)).toEqual([plain.id]);
    expect(history.replies).toEqual([expect.objectContaining({ draftId: plain.id, sent: "I maintain a small retry helper; happy to share notes.", reply: "Yes please, send the notes" })]);
    expect(results[1]!.text).not.toContain("Wrong community");
    expect(results[2]!.text).toBe(`bad_request: rationale names drafts that are not this campaign's: ${elsewhere.id}. Use draftId values from skill_review_history.`);

    // The preview keeps the rationale beside the profile; the campaign is untouched until someone adopts it.
    const detail = await call(skillRun.GET, { cookie: A.cookie, params: { id: String(c.id), runId: String(run.id) } });
    expect(detail.json).toMatchObject({ previousConfig: OLD, generatedConfig: NEW, rationale });
    expect((await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).config).toEqual(OLD);
  });
});
