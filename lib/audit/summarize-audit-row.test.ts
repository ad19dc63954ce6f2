import { describe, expect, it } from "vitest";
import { summarizeDraftEvent, summarizeRunEvent } from "@/lib/audit/summarize-audit-row";

describe("audit summaries", () => {
  it("says what happened to which draft", () => {
    expect(summarizeDraftEvent("approved", {}, { targetUser: "fern", kind: "dm" })).toBe("Approved to fern");
    expect(summarizeDraftEvent("rejected", { reason: "variant_lost", winnerDraftId: 12 }, { targetUser: "fern", kind: "dm" })).toBe("Rejected to fern: another variant won (draft #12)");
    expect(summarizeDraftEvent("regenerated", { hint: "shorter please" }, { targetUser: null, kind: null })).toBe("Regeneration requested: “shorter please”");
    expect(summarizeDraftEvent("some_new_event", {}, { targetUser: "x", kind: "dm" })).toBe("some new event to x");
    expect(summarizeDraftEvent("auto_post_failed", { reason: "federated answered 401 for social.example/api/v1/statuses" }, { targetUser: "ann@social.example", kind: "dm" })).toBe(
      "Auto-post failed to ann@social.example: federated answered 401 for social.example/api/v1/statuses",
    );
  });

  it("says what a removal check found", () => {
    expect(summarizeDraftEvent("removal_seen", { visibility: "removed", from: "visible" }, { targetUser: "fern", kind: "post_comment" })).toBe("Removal check to fern: removed");
    expect(summarizeDraftEvent("visibility_checked", { visibility: "deleted", from: null }, { targetUser: "fern", kind: "post_comment" })).toBe("Removal check to fern: deleted by its author");
  });

  it("says how a reply was sorted and by whom", () => {
    expect(summarizeDraftEvent("reply_intent_set", { intent: "out_of_office", source: "rules" }, { targetUser: "fern", kind: "dm" })).toBe("Reply from fern sorted as out of office");
    expect(summarizeDraftEvent("reply_intent_set", { intent: "interested", source: "run" }, { targetUser: "fern", kind: "dm" })).toBe("Reply from fern read by the agent as interested");
    expect(summarizeDraftEvent("reply_intent_set", { intent: "not_now", source: "reviewer" }, { targetUser: "fern", kind: "dm" })).toBe("Reply from fern corrected to not now");
  });

  it("says what the run did, clipped to one line", () => {
    expect(summarizeRunEvent("lifecycle", { phase: "session_created", detail: "session s1" })).toBe("session created: session s1");
    expect(summarizeRunEvent("tool_call", { title: "mcp__outreach__drafts_create" })).toBe("Agent: Drafting messages");
    expect(summarizeRunEvent("tool_call", { title: "mcp__outreach__contact_history_check", rawInput: { handles: ["a", "b"] } })).toBe("Agent: Checking 2 people against your contact history");
    expect(summarizeRunEvent("message_chunk", { text: "x".repeat(300) })).toHaveLength(120);
    expect(summarizeRunEvent("usage", { used: 12345 })).toBe("Usage: 12,345 tokens in context");
  });
});
