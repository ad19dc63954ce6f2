// Shared set-up of the reply-drafting suites: the fake agent as a runner with a tool server, an organization, sent
// drafts to answer, inbound replies as the extension's sync reports them, and the reply-drafter scripts.
import { afterAll, beforeAll } from "vitest";
import { db } from "@/lib/db/client";
import type { RecordInboundReplyInput } from "@/lib/conversations/record-inbound-reply";
import { createAccountRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { FAKE_SLUG, registerFakeBackends, serveToolServer } from "./agent-harness";

/** Organization A, filled in by beforeAll; the tool server runs until the file ends. */
export function useRepliesWorld(): { A: OrgFixture } {
  const world = {} as { A: OrgFixture };
  let server: { close: () => Promise<void> } | undefined;
  beforeAll(async () => {
    await registerFakeBackends();
    server = await serveToolServer();
    world.A = await createOrg();
  });
  afterAll(async () => {
    await server?.close();
  });
  return world;
}

export const OPENING = "Hi Alice, your post on flaky CI runs matched what we see. Happy to compare notes?";
export const REPLY_BODY = "Glad it helped! The retry wrapper is in our docs; want me to send the exact config?";

/** A sent outreach draft of a campaign on `runner`, with the contact-history row its send wrote. */
export async function sentDraft(orgId: number, opts: { kind?: "dm" | "post_comment" | "post"; runner?: string } = {}) {
  const project = await createProject(orgId);
  const account = await createAccountRow(orgId, project.id);
  const campaign = await db.campaign.create({
    data: { organizationId: orgId, projectId: project.id, name: `Campaign ${uid()}`, platform: "forum", skill: "forum-scout", runner: opts.runner ?? FAKE_SLUG, state: "active" },
  });
  const target = `alice_${uid()}`;
  const sentAt = new Date(Date.now() - 3_600_000);
  const draft = await db.draft.create({
    data: {
      organizationId: orgId, projectId: project.id, accountId: account.id, campaignId: campaign.id, state: "sent", kind: opts.kind ?? "dm",
      platform: "forum", accountHandle: account.platformId, targetUser: opts.kind === "post" ? "selfhosted" : target,
      targetCommunity: "selfhosted", targetUrl: "https://forum.example/r/selfhosted/comments/abc", body: OPENING, sentAt,
    },
  });
  if (opts.kind !== "post") {
    await db.contactHistory.create({
      data: { organizationId: orgId, platform: "forum", targetUser: target, accountHandle: account.platformId, projectId: project.id, lastDraftId: draft.id, firstContactedAt: sentAt, lastContactedAt: sentAt, outcome: "sent" },
    });
  }
  return { project, account, campaign, draft, target, sentAt };
}

/** An inbound reply to `draftId` as the extension's sync reports it (a fresh platform id each call). */
export function inboundReply(orgId: number, draftId: number, over: Partial<RecordInboundReplyInput["message"]> = {}): RecordInboundReplyInput {
  return {
    orgId,
    draftId,
    message: { author: "alice", body: "Thanks! How did you fix the retries?", externalId: `t4_${uid()}`, permalink: null, sentAt: new Date(Date.now() - 60_000), ...over },
  };
}

export const FINISH_SCRIPT = {
  steps: [
    { tool: "reply_draft_start" },
    { tool: "reply_draft_finish", args: { body: REPLY_BODY, qualityScore: 77, qualityReason: "answers the question", qualityModel: "fake-judge" } },
  ],
};
export const HANG_SCRIPT = { steps: [{ tool: "reply_draft_start" }, { hang: true }] };
// Ends its turn without the finish tool: the run fails as playbook_incomplete.
export const QUIT_SCRIPT = { steps: [{ say: "Nothing to add here." }] };

export const draftRow = (id: number) => db.draft.findUniqueOrThrow({ where: { id } });
export const runRow = (id: number) => db.run.findUniqueOrThrow({ where: { id } });
