// Demo run logs: what the agent does in each kind of run and each way of failing, and how the run closes.
// The error and exit code returned are what the dispatcher would commit; RunScript writes the events in the shapes
// real runs store.
import type { FailureReason, RunSpec } from "@/lib/demo/campaigns";
import { RunScript, type AgentStart, type ScriptedEvent } from "@/lib/demo/run-script";
import { between } from "@/lib/demo/seeded-random";
import type { RunUsage } from "@/lib/runners/price-run";

export interface RunContext {
  runId: number;
  spec: RunSpec;
  agent: AgentStart;
  /** The run's token usage, as the agent reports it with its answer (the run row holds the same figures). */
  usage: RunUsage;
  campaignName: string | null;
  platform: "forum" | "federated";
  skill: string | null;
  communities: string[];
  drafts: { id: number; kind: string; targetUser: string; qualityScore: number | null; body: string }[];
  /** Targets already contacted inside the dedup window, as seen by this run. */
  recentlyContacted: string[];
  blockedSkipped: string | null;
  /** Reply runs: the inbound message being answered and the thread size. */
  reply?: { author: string; inbound: string; threadMessages: number; placeholderDraftId: number };
  /** For a run still going: how long it has been going, in microseconds (its log cannot be longer). */
  elapsedUs?: number;
  rand: () => number;
}

export interface ScriptedRun {
  events: ScriptedEvent[];
  draftsAtUs: number | null;
  /** Null while the run is still going. */
  closedAtUs: number | null;
  /** What the dispatcher commits for a failed run (lib/runners/dispatch-run.ts, terminalFor). */
  error: string | null;
  exitCode: number | null;
}

// The dispatcher's default deadline (DEFAULT_RUN_TIMEOUT_MS in lib/runners/dispatch-run.ts).
const RUN_TIMEOUT_MS = 30 * 60_000;
const CLOSED_BY_TOOL = "closed earlier by the playbook's finish tool";

const scoutTool = (platform: string, skill: string | null) =>
  platform === "federated" ? "federated_scout" : skill === "forum-poster" ? "subreddit_snapshot" : "forum_scout";

function researchInput(ctx: RunContext): Record<string, unknown> {
  const tool = scoutTool(ctx.platform, ctx.skill);
  if (tool === "federated_scout") return { hashtags: ctx.communities.slice(0, 3), sinceHours: 72 };
  if (tool === "subreddit_snapshot") return { communities: ctx.communities.slice(0, 2), sort: "top", window: "month" };
  return { communities: ctx.communities.slice(0, 3), sinceDays: 7, limit: 50 };
}

function researchResult(ctx: RunContext): string {
  const found = between(ctx.rand, 18, 46);
  const asking = between(ctx.rand, 5, 14);
  if (ctx.skill === "forum-poster") return `Top posts this month in ${ctx.communities.slice(0, 2).join(", ")}; 3 recent playtest calls, rules allow them on Fridays`;
  if (ctx.skill?.endsWith("poster")) return `${found} recent posts under ${ctx.communities.slice(0, 2).join(" ")}; design-diary posts get the most replies`;
  return `${found} posts matched; ${asking} ask a direct question`;
}

function draftKindWord(kind: string) {
  return kind === "post" ? "posts" : kind === "dm" ? "DMs" : "comments";
}

// Typical durations of our tools, in milliseconds.
const QUICK: [number, number] = [90, 450];
const SCOUTING: [number, number] = [2_500, 9_000];
const WRITING: [number, number] = [300, 1_300];

/** The agent answered, then the process ended when the dispatcher closed its stdin. */
function endCleanly(s: RunScript, ctx: RunContext) {
  s.stopped(ctx.usage);
  s.exited(0, null);
  s.finished(CLOSED_BY_TOOL);
}

function campaignSuccess(s: RunScript, ctx: RunContext) {
  const n = ctx.drafts.length;
  s.thought("Reading the campaign profile and recent contacts first so nobody gets messaged twice.");
  s.tool("run_start", {}, {
    status: "completed",
    text: `Campaign "${ctx.campaignName}" on ${ctx.platform}; ${ctx.communities.length} communities; ${ctx.recentlyContacted.length + 6} handles contacted in the last 90 days; 2 templates`,
  }, QUICK);
  s.tool(scoutTool(ctx.platform, ctx.skill), researchInput(ctx), { status: "completed", text: researchResult(ctx) }, SCOUTING);
  s.thought(
    ctx.skill?.endsWith("poster")
      ? "A discussion question fits better than an announcement here; keep the game in the background."
      : `Keeping the ${n} candidates whose question the project actually answers; the rest are venting or already decided.`,
  );
  const targets = ctx.drafts.map((d) => d.targetUser);
  if (!ctx.skill?.endsWith("poster")) {
    s.tool("contact_history_check", { targets }, {
      status: "completed",
      text: ctx.recentlyContacted.length
        ? `Contacted within 90 days: ${ctx.recentlyContacted.join(", ")} (policy: warn)`
        : "No recent contact with any candidate",
    }, QUICK);
  }
  if (ctx.blockedSkipped || ctx.rand() < 0.5) {
    s.tool("blocklist_check", { targets: ctx.blockedSkipped ? [...targets, ctx.blockedSkipped.split(" ")[0]] : targets }, {
      status: "completed",
      text: ctx.blockedSkipped ? `Blocked: ${ctx.blockedSkipped}; skipping` : "None blocked",
    }, QUICK);
  }
  s.usage(between(ctx.rand, 38_000, 72_000));
  s.tool("drafts_create", { drafts: ctx.drafts.map((d) => ({ kind: d.kind, targetUser: d.targetUser, qualityScore: d.qualityScore })) }, {
    status: "completed",
    text: `Created ${n} drafts: ${ctx.drafts.map((d) => `#${d.id}`).join(", ")}`,
  }, WRITING);
  s.markDrafts();
  const summary = `Created ${n} ${draftKindWord(ctx.drafts[0]?.kind ?? "dm")} for review. ${ctx.blockedSkipped ? "One candidate was on the blocklist and was skipped." : "Nothing was sent; everything waits for a human."}`;
  s.say(summary);
  s.tool("run_finish", { summary }, { status: "completed", text: JSON.stringify({ runId: ctx.runId, status: "success", summary }) }, QUICK);
  s.closedByTool();
  s.usage(between(ctx.rand, 75_000, 110_000));
  endCleanly(s, ctx);
}

function skillGeneration(s: RunScript, ctx: RunContext) {
  s.thought("Building the campaign profile from the project description and the existing templates.");
  s.tool("skill_generate_start", {}, { status: "completed", text: `Project description (${between(ctx.rand, 380, 620)} chars), 2 templates, skill schema ${ctx.skill}` }, QUICK);
  s.thought("The audience is narrow; better to list fewer communities and stricter rules than to cast wide.");
  s.say("Proposed profile: ", `${ctx.communities.length} communities, a plain tone and ${between(ctx.rand, 3, 4)} rules.`);
  s.tool("skill_generate_finish", { config: { communities: ctx.communities, tone: "plain", rules: "..." } }, {
    status: "completed",
    text: ctx.spec.tuning === "applied" ? "Profile written to the campaign" : "Stored as a preview for review",
  }, WRITING);
  s.closedByTool();
  s.usage(between(ctx.rand, 22_000, 41_000));
  s.say("Done.");
  endCleanly(s, ctx);
}

function replyDrafting(s: RunScript, ctx: RunContext) {
  const r = ctx.reply!;
  const draft = ctx.drafts[0];
  s.tool("reply_draft_start", {}, {
    status: "completed",
    text: `Placeholder draft #${r.placeholderDraftId}; thread of ${r.threadMessages} messages with ${r.author}`,
  }, QUICK);
  s.thought(`${r.author} asked a follow-up: "${r.inbound.slice(0, 70)}${r.inbound.length > 70 ? "..." : ""}". Answer just that, two or three sentences.`);
  if (ctx.spec.status === "running") {
    s.usage(between(ctx.rand, 9_000, 15_000));
    s.thought("Checking the docs for the exact setting name before answering.");
    s.say("Drafting the answer", " now...");
    s.thought("Keep the tone of the earlier messages: lowercase-friendly, no sign-off.");
    return;
  }
  const body = draft?.body ?? "";
  const cut = Math.max(1, body.indexOf(". ") + 2);
  s.say(body.slice(0, cut), body.slice(cut));
  s.tool("reply_draft_finish", { draftId: r.placeholderDraftId, qualityScore: draft?.qualityScore ?? null }, {
    status: "completed",
    text: `Draft #${r.placeholderDraftId} updated (Q${draft?.qualityScore ?? "-"})`,
  }, WRITING);
  s.markDrafts();
  s.closedByTool();
  s.usage(between(ctx.rand, 12_000, 21_000));
  endCleanly(s, ctx);
}

function campaignRunning(s: RunScript, ctx: RunContext) {
  s.thought("Reading the campaign profile and recent contacts first so nobody gets messaged twice.");
  s.tool("run_start", {}, { status: "completed", text: `Campaign "${ctx.campaignName}" on ${ctx.platform}; ${ctx.communities.length} communities; 2 templates` }, QUICK);
  s.tool(scoutTool(ctx.platform, ctx.skill), researchInput(ctx), { status: "completed", text: researchResult(ctx) }, SCOUTING);
  s.thought("Several of these are about invoicing rather than tracking; checking each thread before drafting.");
  s.usage(between(ctx.rand, 30_000, 45_000));
  s.tool("contact_history_check", { targets: ["ines_freelances", "wes_on_retainer", "tomas_pm"] }, null, QUICK);
}

/**
 * A failed run: what the agent did, then how the process ended. The error answer, exit code and stderr are what
 * the dispatcher reads, so each classifies (lib/runners/classify-failure.ts) as the failure reason the run shows.
 */
function campaignFailed(s: RunScript, ctx: RunContext, reason: FailureReason): { error: string; exitCode: number | null } {
  const research = scoutTool(ctx.platform, ctx.skill);
  const failed = (error: string) => {
    s.error(error);
    s.exited(1, null);
    s.finished(`failed (${reason})`);
    return { error, exitCode: 1 };
  };
  switch (reason) {
    case "runner_missing": {
      // The adapter starts, finds no codex CLI to drive and exits before answering initialize.
      const error = "Error: spawn codex ENOENT";
      s.stderr(error, [1_500, 4_000]);
      s.exited(1, null, [20, 120]);
      s.error("The agent process exited before answering", [0.05, 0.5]);
      s.finished(`failed (${reason})`);
      return { error, exitCode: 1 };
    }
    case "auth_expired":
      s.thought("Reading the campaign profile and recent contacts first.");
      s.tool("run_start", {}, { status: "completed", text: `Campaign "${ctx.campaignName}" on ${ctx.platform}; 2 templates` }, QUICK);
      s.tool(research, researchInput(ctx), { status: "failed", text: "401 Unauthorized: session token expired" }, [400, 1_500]);
      s.thought("The account's session is no longer valid; retrying will not help.");
      s.say("I can't continue: the forum account's session has expired (401). ", "Reconnect the account in the project settings and run again.");
      s.usage(between(ctx.rand, 9_000, 14_000));
      return failed(`${research}: 401 Unauthorized: session token expired`);
    case "quota_exhausted":
      s.tool("run_start", {}, { status: "completed", text: `Campaign "${ctx.campaignName}" on ${ctx.platform}; 1 template` }, QUICK);
      s.tool(research, researchInput(ctx), { status: "failed", text: "429 Too Many Requests: rate limit exceeded, retry after 600s" }, [300, 900]);
      s.thought("Rate limited. Waiting briefly and trying once more with a smaller window.");
      s.tool(research, { ...researchInput(ctx), limit: 10 }, { status: "failed", text: "429 Too Many Requests: rate limit exceeded, retry after 540s" }, [300, 900]);
      s.say("The platform's rate limit is exhausted for now; stopping without drafting anything.");
      s.usage(between(ctx.rand, 8_000, 12_000));
      return failed("Rate limit exceeded (429); retry after 540s");
    case "network":
      s.thought("Starting with the hashtag timelines from the profile.");
      s.tool("run_start", {}, { status: "completed", text: `Campaign "${ctx.campaignName}" on ${ctx.platform}; 4 hashtags` }, QUICK);
      s.tool(research, researchInput(ctx), { status: "failed", text: "fetch failed: ECONNRESET (social.example)" }, [5_000, 12_000]);
      s.tool(research, researchInput(ctx), { status: "failed", text: "fetch failed: getaddrinfo ENOTFOUND social.example" }, [200, 900]);
      s.say("The instance is unreachable right now; nothing was drafted.");
      s.usage(between(ctx.rand, 7_000, 11_000));
      return failed("fetch failed: getaddrinfo ENOTFOUND social.example");
    case "agent_timeout":
      s.thought("Reading the campaign profile and recent contacts first so nobody gets messaged twice.");
      s.tool("run_start", {}, { status: "completed", text: `Campaign "${ctx.campaignName}" on ${ctx.platform}; 2 templates` }, QUICK);
      s.tool(research, researchInput(ctx), { status: "completed", text: researchResult(ctx) }, SCOUTING);
      s.thought("Reading each thread in full before drafting; some are long.");
      s.usage(between(ctx.rand, 120_000, 160_000));
      s.say("Drafting comments for 5 threads");
      s.tool("drafts_create", { drafts: "(5 entries)" }, null, WRITING);
      // No answer by the deadline: session/cancel, 5 s of grace, stdin closed, 3 s more, then SIGTERM.
      s.timeout(RUN_TIMEOUT_MS);
      s.exited(null, "SIGTERM", [8_000, 8_050]);
      s.finished(`failed (${reason})`);
      return { error: "The agent did not finish in time", exitCode: null };
    case "playbook_error": {
      s.tool("run_start", {}, { status: "completed", text: `Campaign "${ctx.campaignName}" on ${ctx.platform}; 2 templates` }, QUICK);
      s.thought("Loading the community list from the profile.");
      const error =
        "TypeError: Cannot read properties of undefined (reading 'communities')\n" +
        `    at loadProfile (/tmp/outreach-run-${ctx.runId}-x7Kq2d/playbook-helpers.mjs:41:27)`;
      s.shell("node playbook-helpers.mjs communities", { status: "failed", text: error }, [150, 600]);
      s.say("The playbook helper crashed while reading the profile. ", "Check the campaign profile against the skill schema.");
      s.usage(between(ctx.rand, 10_000, 16_000));
      return failed(error);
    }
  }
}

export function scriptRun(ctx: RunContext, prefix: string): ScriptedRun {
  const s = new RunScript(prefix, ctx.rand);
  const { spec } = ctx;
  s.start(ctx.agent);
  let end: { error: string | null; exitCode: number | null } = { error: null, exitCode: spec.status === "running" ? null : 0 };
  if (spec.failureReason !== "runner_missing") s.handshake(ctx.agent);
  if (spec.kind === "campaign_skill_generation") skillGeneration(s, ctx);
  else if (spec.kind === "reply_drafting") replyDrafting(s, ctx);
  else if (spec.status === "running") campaignRunning(s, ctx);
  else if (spec.status === "failed") end = campaignFailed(s, ctx, spec.failureReason!);
  else campaignSuccess(s, ctx);
  if (s.events.length < 5 || s.events.length > 80) {
    throw new Error(`Demo run ${spec.key} scripted ${s.events.length} events; expected 5-80`);
  }
  if (ctx.elapsedUs !== undefined) s.fitWithin(ctx.elapsedUs);
  return { events: s.events, draftsAtUs: s.draftsAtUs, closedAtUs: spec.status === "running" ? null : s.closedAtUs, ...end };
}
