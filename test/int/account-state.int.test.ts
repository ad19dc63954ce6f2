// A platform account's sign-in state as the platform last judged it: stored (never used), working (accepted, when),
// failed (refused, when and why), recorded where the federated platform is called with the account's token; new
// credentials start over at stored; another organization can neither read nor stamp it; and a campaign run that
// failed on the account's sign-in points straight at that account.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sealCredentials } from "@/lib/crypto/credentials";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { postFederatedDraft } from "@/lib/research/post-federated-draft";
import { listAccounts } from "@/lib/accounts/list-accounts";
import { updateAccount } from "@/lib/accounts/update-account";
import { withAccountUse } from "@/lib/accounts/record-account-use";
import { UpstreamError } from "@/lib/platforms/upstream-error";
import { getLastRunFailure } from "@/lib/runs/get-last-run-failure";
import { explainRunFailure } from "@/lib/runs/explain-run-failure";
import * as fakeFederated from "../fakes/fake-federated";
import { createDraftRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";

let A: OrgFixture;
let B: OrgFixture;
let fed: fakeFederated.FakeFederated;
const TOKEN = `tok-${uid()}`;

beforeAll(async () => {
  fed = await fakeFederated.start();
  process.env.OUTREACH_ALLOW_PRIVATE_HOSTS = "on";
  fed.addToken(TOKEN, fed.addAccount({ username: "us" }));
  [A, B] = await Promise.all([createOrg(), createOrg()]);
});

afterAll(async () => {
  delete process.env.OUTREACH_ALLOW_PRIVATE_HOSTS;
  await fed?.close();
});

/** A federated auto-post campaign whose account holds `token`, and an approved draft of it. */
async function setup(token: string) {
  const project = await createProject(A.orgId);
  const sealed = sealCredentials({ instanceUrl: fed.url, accessToken: token });
  const account = await db.account.create({
    data: { organizationId: A.orgId, projectId: project.id, platform: "federated", platformId: `us_${uid()}`, isDefault: true, credentialsCiphertext: sealed.ciphertext, credentialsKeyId: sealed.keyId },
  });
  const campaign = await db.campaign.create({
    data: { organizationId: A.orgId, projectId: project.id, name: `Fed ${uid()}`, platform: "federated", skill: "federated-commenter", runner: "cloud", autoPost: true },
  });
  const row = await createDraftRow(A.orgId, { projectId: project.id, accountId: account.id, campaignId: campaign.id, kind: "dm", platform: "federated", targetUser: `ann_${uid()}@social.example` });
  await approveDraft({ orgId: A.orgId, id: row.id, actor: { type: "user", id: A.userId, label: A.username } });
  return { project, account, campaign, draftId: row.id };
}

const stateOf = async (projectId: number, id: number) => (await listAccounts({ orgId: A.orgId, projectId })).find((a) => a.id === id)!;

describe("account sign-in state", () => {
  it("reads stored until used, working once the platform accepts the token", async () => {
    const s = await setup(TOKEN);
    expect(await stateOf(s.project.id, s.account.id)).toMatchObject({ state: "stored", lastUsedAt: null, lastFailedAt: null });
    const before = Date.now();
    await postFederatedDraft({ orgId: A.orgId, campaignId: s.campaign.id, draftId: s.draftId, actor: { type: "system", label: "system" } });
    const after = await stateOf(s.project.id, s.account.id);
    expect(after.state).toBe("working");
    expect(after.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("reads failed, with when and the platform's words, once the platform refuses it; new credentials start over", async () => {
    const s = await setup("expired-token");
    await expect(postFederatedDraft({ orgId: A.orgId, campaignId: s.campaign.id, draftId: s.draftId, actor: { type: "system", label: "system" } })).rejects.toThrow(/401/);
    const failed = await stateOf(s.project.id, s.account.id);
    expect(failed.state).toBe("failed");
    expect(failed.lastFailedAt).not.toBeNull();
    expect(failed.lastFailureReason).toMatch(/federated answered 401 .*The access token is invalid/);

    const updated = await updateAccount({ orgId: A.orgId, id: s.account.id, patch: { credentials: { instanceUrl: fed.url, token: TOKEN } } });
    expect(updated).toMatchObject({ state: "stored", lastUsedAt: null, lastFailedAt: null, lastFailureReason: null });
    await postFederatedDraft({ orgId: A.orgId, campaignId: s.campaign.id, draftId: s.draftId, actor: { type: "system", label: "system" } });
    expect((await stateOf(s.project.id, s.account.id)).state).toBe("working");
  });

  it("leaves the state alone when the platform is down (that says nothing about the credentials)", async () => {
    const s = await setup(TOKEN);
    await expect(withAccountUse({ orgId: A.orgId, accountId: s.account.id }, async () => {
      throw new UpstreamError("federated", "federated answered 503 for x", 503);
    })).rejects.toThrow(/503/);
    expect((await stateOf(s.project.id, s.account.id)).state).toBe("stored");
  });

  it("is never stamped through another organization", async () => {
    const s = await setup(TOKEN);
    await withAccountUse({ orgId: B.orgId, accountId: s.account.id }, async () => "ok");
    await expect(withAccountUse({ orgId: B.orgId, accountId: s.account.id }, async () => {
      throw new UpstreamError("federated", "federated answered 401 for x", 401);
    })).rejects.toThrow();
    expect(await stateOf(s.project.id, s.account.id)).toMatchObject({ state: "stored", lastUsedAt: null, lastFailedAt: null });
    expect(await listAccounts({ orgId: B.orgId, projectId: s.project.id })).toEqual([]);
  });

  it("a run that failed on the account's sign-in links the campaign's notice straight to that account", async () => {
    const s = await setup("expired-token");
    await expect(postFederatedDraft({ orgId: A.orgId, campaignId: s.campaign.id, draftId: s.draftId, actor: { type: "system", label: "system" } })).rejects.toThrow();
    const run = await db.run.create({
      data: { organizationId: A.orgId, campaignId: s.campaign.id, projectId: s.project.id, kind: "campaign", runner: "cloud", status: "failed", failureReason: "auth_expired", finishedAt: new Date() },
    });
    await db.runEvent.create({ data: { organizationId: A.orgId, runId: run.id, seq: 1, type: "tool_call_update", payload: { status: "failed", text: "upstream_error: federated answered 401: The access token is invalid" } } });
    const failure = (await getLastRunFailure({ orgId: A.orgId, campaignId: s.campaign.id }))!;
    expect(failure.authSource).toBe("account");
    expect(failure.failedAccount).toEqual({ id: s.account.id, handle: s.account.platformId });
    const { action } = explainRunFailure({ ...failure, campaignId: s.campaign.id });
    expect(action).toEqual({ label: `Reconnect ${s.account.platformId}`, href: `/projects/${s.project.id}?tab=accounts&account=${s.account.id}#account-${s.account.id}` });
    // Another organization asking about the campaign learns nothing.
    expect(await getLastRunFailure({ orgId: B.orgId, campaignId: s.campaign.id })).toBeNull();
  });
});
