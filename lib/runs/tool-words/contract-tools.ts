// Words for the contract tools of runs that are not campaign runs (lib/mcp/tools: regeneration, replies, extraction,
// insights, skills): each kind's start and finish, in what the run is for.
import { arr, clip, count, num, obj, quality, str, type ToolWords } from "@/lib/runs/tool-words/helpers";
import { INTENT_LABELS, type ReplyIntent } from "@/lib/replies/reply-intent";

export const CONTRACT_TOOL_WORDS: Record<string, ToolWords> = {
  draft_regen_start: {
    doing: () => "Reading the draft to rewrite",
    done: () => "Read the draft to rewrite",
    attempt: () => "read the draft",
    result: (f) => {
      const hint = str(f.output?.hint);
      return hint ? `Your note: “${clip(hint, 120)}”` : null;
    },
  },
  draft_regen_finish: {
    doing: () => "Rewriting the draft",
    done: () => "Rewrote the draft",
    attempt: () => "save the rewritten draft",
    result: (f) => quality(f.input),
  },
  reply_draft_start: {
    doing: () => "Reading the conversation",
    done: (f) => {
      const who = str(obj(f.output?.parentDraft)?.targetUser);
      return who ? `Read the conversation with ${who}` : "Read the conversation";
    },
    attempt: () => "read the conversation",
    result: (f) => {
      const messages = arr(obj(f.output?.thread)?.messages)?.length;
      return messages !== undefined ? count(messages, "message") : null;
    },
  },
  reply_draft_finish: {
    doing: () => "Drafting the reply",
    done: () => "Drafted the reply",
    attempt: () => "save the reply",
    // The agent's reading of the message it answered, beside the score (docs/conversations.md "Reply intent").
    result: (f) => {
      const intent = str(f.input.intent);
      const label = intent && intent in INTENT_LABELS ? INTENT_LABELS[intent as ReplyIntent].toLowerCase() : null;
      return [quality(f.input), label ? `read as ${label}` : null].filter(Boolean).join(" · ") || null;
    },
  },
  followup_draft_start: {
    doing: () => "Reading the messages to follow up on",
    done: (f) => {
      const who = str(obj(f.output?.person)?.handle);
      return who ? `Read the messages to ${who}` : "Read the messages to follow up on";
    },
    attempt: () => "read the messages to follow up on",
    result: (f) => {
      const step = obj(f.output?.step);
      const n = num(step?.number);
      const of = num(step?.of);
      return n !== null ? `Follow-up ${n}${of !== null ? ` of ${of}` : ""}` : null;
    },
  },
  followup_draft_finish: {
    doing: () => "Drafting the follow-up",
    done: () => "Drafted the follow-up",
    attempt: () => "save the follow-up",
    result: (f) => quality(f.input),
  },
  project_extract_start: {
    doing: () => "Opening the project's files",
    done: () => "Opened the project's files",
    attempt: () => "open the project's files",
    result: (f) => {
      const entries = arr(f.output?.entries)?.length;
      return entries !== undefined ? `${count(entries, "item")} at the top` : null;
    },
  },
  project_extract_files: {
    doing: (f) => `Listing the files${str(f.input.dir) ? ` in ${str(f.input.dir)}` : ""}`,
    done: (f) => {
      const files = arr(f.output?.files)?.length;
      return `Listed ${files !== undefined ? count(files, "file") : "the files"}${str(f.input.dir) ? ` in ${str(f.input.dir)}` : ""}`;
    },
    attempt: () => "list the files",
  },
  project_extract_read: {
    doing: (f) => `Reading ${str(f.input.path) ?? "a file"}`,
    done: (f) => `Read ${str(f.input.path) ?? "a file"}`,
    attempt: (f) => `read ${str(f.input.path) ?? "a file"}`,
  },
  project_extract_finish: {
    doing: () => "Writing the project description",
    done: () => "Wrote the project description",
    attempt: () => "save the project description",
  },
  project_insights_context: {
    doing: () => "Gathering the project's recent activity",
    done: () => "Gathered the project's recent activity",
    attempt: () => "gather the project's recent activity",
    result: (f) => {
      const drafts = num(f.output?.draftCount);
      const sent = num(f.output?.sentCount);
      const replies = num(f.output?.replyCount);
      if (drafts === null) return null;
      return [count(drafts, "draft"), sent !== null ? `${sent.toLocaleString("en-US")} sent` : null, replies !== null ? count(replies, "reply", "replies") : null].filter(Boolean).join(" · ");
    },
  },
  project_insights: {
    doing: () => "Writing the project brief",
    done: (f) => (f.output?.stub === true ? "Noted that there is not enough data for a brief yet" : "Wrote the project brief"),
    attempt: () => "save the project brief",
  },
  skill_generate_start: {
    doing: () => "Reading the campaign and what its profile needs",
    done: () => "Read the campaign and what its profile needs",
    attempt: () => "read the campaign",
  },
  skill_review_history: {
    doing: () => "Reading your recent review decisions",
    done: () => "Read your recent review decisions",
    attempt: () => "read your review decisions",
    result: (f) => {
      const c = obj(f.output?.counts);
      if (!c) return null;
      return [`${num(c.approved) ?? 0} approved`, `${num(c.rejected) ?? 0} rejected`, `${num(c.edited) ?? 0} edited before approval`].join(" · ");
    },
  },
  skill_generate_finish: {
    doing: () => "Writing the campaign profile",
    done: (f) => (f.output?.mode === "apply" || f.output?.applied === true ? "Updated the campaign profile" : "Proposed a new campaign profile"),
    attempt: () => "save the campaign profile",
    result: (f) => {
      const reasons = arr(f.input.rationale)?.length;
      return reasons ? `${count(reasons, "change")} explained` : null;
    },
  },
};
