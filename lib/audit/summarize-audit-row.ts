// One line per audit row, in words a reviewer reads at a glance: what happened to which draft, or what the run did.
import { describeToolCall } from "@/lib/runs/describe-tool-call";

/** Draft events in words (the feed's Event column and filter); the code stays in the tooltip. */
export const AUDIT_EVENT_LABELS: Record<string, string> = {
  created: "Drafted",
  approved: "Approved",
  rejected: "Rejected",
  sent: "Sent",
  armed: "Opened on the platform",
  replied: "Got a reply",
  body_edited: "Edited",
  revised: "Revised by the agent",
  regenerated: "Regeneration requested",
  regeneration_finished: "Regenerated",
  regeneration_undone: "Regeneration undone",
  rescheduled: "Rescheduled",
  reopened: "Reopened",
  reply_drafting_enqueued: "Reply drafting started",
  posted: "Posted",
  auto_post_failed: "Auto-post failed",
  removal_seen: "Found removed",
  visibility_checked: "Visibility checked",
  reply_intent_set: "Reply sorted",
};

const VISIBILITY_WORDS: Record<string, string> = { visible: "visible", removed: "removed", deleted: "deleted by its author", not_visible: "not visible" };

const text = (v: unknown) => (typeof v === "string" ? v : null);
const clip = (s: string, n = 120) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function summarizeDraftEvent(event: string, details: Record<string, unknown>, draft: { targetUser: string | null; kind: string | null }): string {
  const what = AUDIT_EVENT_LABELS[event] ?? event.replace(/_/g, " ");
  const to = draft.targetUser ? ` ${draft.kind === "post" ? "post" : "to"} ${draft.targetUser}` : "";
  if (event === "rejected" && details.reason === "variant_lost") return `Rejected${to}: another variant won (draft #${String(details.winnerDraftId ?? "?")})`;
  if (event === "rejected" && text(details.reason)) return `Rejected${to}: ${clip(text(details.reason)!)}`;
  if (event === "auto_post_failed" && text(details.reason)) return `Auto-post failed${to}: ${clip(text(details.reason)!)}`;
  if ((event === "removal_seen" || event === "visibility_checked") && text(details.visibility)) {
    return `Removal check${to}: ${VISIBILITY_WORDS[text(details.visibility)!] ?? text(details.visibility)}`;
  }
  if (event === "reply_intent_set" && text(details.intent)) {
    const by = details.source === "reviewer" ? "corrected to" : details.source === "run" ? "read by the agent as" : "sorted as";
    return `Reply${draft.targetUser ? ` from ${draft.targetUser}` : ""} ${by} ${text(details.intent)!.replace(/_/g, " ")}`;
  }
  if (event === "rescheduled" && text(details.sendAfter)) return `Rescheduled${to} to ${text(details.sendAfter)}`;
  if (event === "regenerated" && text(details.hint)) return `Regeneration requested${to}: “${clip(text(details.hint)!, 80)}”`;
  return `${what}${to}`;
}

export function summarizeRunEvent(type: string, payload: Record<string, unknown>): string {
  switch (type) {
    case "lifecycle": {
      const phase = text(payload.phase) ?? "lifecycle";
      const detail = text(payload.detail);
      return clip(detail ? `${phase.replace(/_/g, " ")}: ${detail}` : phase.replace(/_/g, " "));
    }
    case "tool_call": {
      // The same words as the run page: "Checking 8 people against your contact history".
      const words = describeToolCall({ name: text(payload.name), title: text(payload.title) ?? "", toolKind: text(payload.kind), status: "pending", input: payload.rawInput, output: null, rawOutput: null });
      return clip(`Agent: ${words.label}`);
    }
    case "tool_call_update":
      return clip(`Tool ${text(payload.status) ?? "update"}${text(payload.text) ? `: ${text(payload.text)}` : ""}`);
    case "message_chunk":
      return clip(`Agent: ${text(payload.text) ?? ""}`);
    case "thought":
      return clip(`Thinking: ${text(payload.text) ?? ""}`);
    case "usage": {
      const used = typeof payload.used === "number" ? payload.used : null;
      return used !== null ? `Usage: ${used.toLocaleString("en-US")} tokens in context` : "Usage reported";
    }
    case "stderr":
      return clip(`stderr: ${text(payload.text) ?? ""}`);
    default:
      return type.replace(/_/g, " ");
  }
}

const RUN_KINDS: Record<string, string> = {
  campaign: "Campaign run",
  campaign_skill_generation: "Profile generation",
  project_extraction: "Project extraction",
  reply_drafting: "Reply drafting",
  followup_drafting: "Follow-up drafting",
  draft_regeneration: "Draft regeneration",
  project_insights: "Project insights",
};

/** A run folded into one row: "Campaign run of Launch week: success, 3 drafts, 41 events". */
export function summarizeRun(run: { kind: string; status: string; campaignName: string | null; events: number; drafts: number }): string {
  const what = RUN_KINDS[run.kind] ?? run.kind.replace(/_/g, " ");
  const of = run.campaignName ? ` of ${run.campaignName}` : "";
  const drafts = run.drafts > 0 ? `, ${run.drafts} ${run.drafts === 1 ? "draft" : "drafts"}` : "";
  return clip(`${what}${of}: ${run.status}${drafts}, ${run.events} ${run.events === 1 ? "event" : "events"}`);
}
