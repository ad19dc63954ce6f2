import { describe, expect, it } from "vitest";
import { compactDraftView, expandDraftView } from "@/lib/drafts/compact-draft-view";
import type { DraftView } from "@/lib/drafts/draft-view";

const plain: DraftView = {
  id: 7, version: 2, state: "pending_review", kind: "dm", platform: "forum", projectId: null, projectName: null,
  accountId: null, accountHandle: "acme", targetUser: "sam", targetCommunity: null, targetUrl: null, title: null,
  campaignId: null, campaignName: null, runId: null, body: "Hello Sam", canUndoRegeneration: false, bodyEdited: false,
  dedupWarning: null, scheduledSendAfter: null, heldUntil: null, heldReason: null, qualityScore: 0, qualityReason: null,
  qualityModel: null, regenerationCount: 0, regeneratingRunId: null, variantGroupId: null, variantLabel: null,
  parentMessageId: null, replyIntent: null, draftingRunId: null, draftingFailure: null, isReply: false, autoPost: null,
  removalCheck: null, followup: null, withdrawnReason: null, sentAt: null, repliedAt: null,
  createdAt: "2026-11-30T10:00:00.000Z", updatedAt: "2026-11-30T10:05:00.000Z",
};

describe("compactDraftView", () => {
  it("leaves out the empty fields and keeps a score or count of zero", () => {
    const compact = compactDraftView(plain);
    expect(compact).not.toHaveProperty("campaignId");
    expect(compact).not.toHaveProperty("bodyEdited");
    expect(compact).toMatchObject({ qualityScore: 0, regenerationCount: 0, body: "Hello Sam" });
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(plain).length / 2);
  });

  it("comes back as the same draft, empty fields included", () => {
    expect(expandDraftView(compactDraftView(plain))).toEqual(plain);
    const full: DraftView = {
      ...plain, projectId: 1, projectName: "Shelving", campaignId: 3, campaignName: "Warehouses", bodyEdited: true,
      isReply: true, followup: { step: 1, of: 2, followsDraftId: 5, label: "Follow-up 1 of 2" },
      replyIntent: { intent: "interested", confidence: 0.9, reason: "asks for a price", source: "run" },
    };
    expect(expandDraftView(compactDraftView(full))).toEqual(full);
  });
});
