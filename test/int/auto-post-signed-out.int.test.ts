// Auto-post with sign-in off (the single-tenant self-host, OUTREACH_AUTH unset): everything belongs to the default
// organization and the person at the dashboard is the local operator, whose approval counts as a person's. A draft
// approved through the inbox's own route is posted by the job. The app's modules are imported after the variable is
// set, since lib/env reads it once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as fakeFederated from "../fakes/fake-federated";
import { call } from "./http";

// Before any module that reads lib/env (fixtures.ts does, through the database client).
process.env.OUTREACH_AUTH = "off";
const uid = () => Math.random().toString(36).slice(2, 10);
const { db } = await import("@/lib/db/client");
const { log } = await import("@/lib/log/logger");
const { sealCredentials } = await import("@/lib/crypto/credentials");
const { ensureDefaultOrganization } = await import("@/lib/organizations/ensure-default-organization");
const { autoPostJob } = await import("@/lib/jobs/auto-post");
const draftRoute = await import("@/app/api/drafts/[id]/route");

let fed: fakeFederated.FakeFederated;
const TOKEN = `tok-${uid()}`;

beforeAll(async () => {
  fed = await fakeFederated.start();
  process.env.OUTREACH_ALLOW_PRIVATE_HOSTS = "on";
  fed.addToken(TOKEN, fed.addAccount({ username: "us" }));
});

afterAll(async () => {
  delete process.env.OUTREACH_ALLOW_PRIVATE_HOSTS;
  await fed?.close();
});

describe("auto-post with sign-in off", () => {
  it("posts a draft the local operator approved in the inbox, in the default organization", async () => {
    const org = await ensureDefaultOrganization();
    const project = await db.project.create({ data: { organizationId: org.id, name: `Solo ${uid()}`, description: "Self-hosted" } });
    const sealed = sealCredentials({ instanceUrl: fed.url, accessToken: TOKEN });
    const account = await db.account.create({
      data: { organizationId: org.id, projectId: project.id, platform: "federated", platformId: `us_${uid()}`, isDefault: true, credentialsCiphertext: sealed.ciphertext, credentialsKeyId: sealed.keyId },
    });
    const campaign = await db.campaign.create({
      data: { organizationId: org.id, projectId: project.id, name: `Solo ${uid()}`, platform: "federated", skill: "federated-poster", runner: "cloud", autoPost: true },
    });
    const draft = await db.draft.create({
      data: {
        organizationId: org.id, projectId: project.id, accountId: account.id, campaignId: campaign.id, kind: "post", platform: "federated",
        accountHandle: account.platformId, targetUser: "selfhosted", title: "Design diary #4", body: "Why we kept SQLite.", qualityScore: 72,
      },
    });

    // No cookie: with sign-in off the inbox's PATCH acts for the default organization's local operator.
    const approved = await call(draftRoute.PATCH, { method: "PATCH", params: { id: String(draft.id) }, body: { state: "approved", version: 1 } });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);

    const result = await autoPostJob.run({ now: new Date(), log, orgIds: [org.id] });
    expect(result).toMatchObject({ posted: 1, failed: 0 });
    expect(fed.received.at(-1)).toMatchObject({ authorization: `Bearer ${TOKEN}`, body: { status: "Design diary #4\n\nWhy we kept SQLite.", visibility: "public" } });
    expect(await db.draft.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ state: "sent" });
    const events = await db.draftEvent.findMany({ where: { draftId: draft.id }, orderBy: { id: "asc" }, select: { event: true, actorLabel: true } });
    expect(events).toEqual([
      { event: "approved", actorLabel: "local operator" },
      { event: "posted", actorLabel: "auto-post" },
      { event: "sent", actorLabel: "auto-post" },
    ]);
  });
});
