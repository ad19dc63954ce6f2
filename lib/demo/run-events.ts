// Believable run logs for the demo: the event stream a runner would have produced for each kind of run and
// failure, plus token usage and its cost.
import type { FailureReason, RunSpec } from "@/lib/demo/content";

export interface ScriptedEvent {
  type: "message_chunk" | "thought" | "tool_call" | "tool_call_update" | "usage" | "lifecycle";
  payload: Record<string, unknown>;
}

/** Small deterministic PRNG so every load of the demo looks the same. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function between(rand: () => number, lo: number, hi: number): number {
  return Math.round(lo + rand() * (hi - lo));
}

const CONTEXT_SIZE = 200_000;

class Script {
  readonly events: ScriptedEvent[] = [];
  private calls = 0;
  /** Index of the event after which drafts exist (used to time their creation). */
  draftsAt = -1;

  constructor(private readonly prefix: string) {}

  started() {
    this.events.push({ type: "lifecycle", payload: { marker: "started" } });
  }
  finished() {
    this.events.push({ type: "lifecycle", payload: { marker: "finished" } });
  }
  thought(text: string) {
    this.events.push({ type: "thought", payload: { text } });
  }
  say(...chunks: string[]) {
    for (const text of chunks) this.events.push({ type: "message_chunk", payload: { text } });
  }
  usage(used: number) {
    this.events.push({ type: "usage", payload: { used, size: CONTEXT_SIZE } });
  }
  /** A tool call and, unless `result` is null (still in flight), its completion update. */
  tool(title: string, kind: string, rawInput: Record<string, unknown>, result: { status: "completed" | "failed"; content: string } | null) {
    this.calls += 1;
    const toolCallId = `${this.prefix}_call_${String(this.calls).padStart(2, "0")}`;
    this.events.push({ type: "tool_call", payload: { toolCallId, title: `mcp__outreach__${title}`, kind, status: "pending", rawInput } });
    if (result) this.events.push({ type: "tool_call_update", payload: { toolCallId, status: result.status, content: result.content } });
  }
  raw(title: string, kind: string, rawInput: Record<string, unknown>, result: { status: "completed" | "failed"; content: string }) {
    this.calls += 1;
    const toolCallId = `${this.prefix}_call_${String(this.calls).padStart(2, "0")}`;
    this.events.push({ type: "tool_call", payload: { toolCallId, title, kind, status: "pending", rawInput } });
    this.events.push({ type: "tool_call_update", payload: { toolCallId, status: result.status, content: result.content } });
  }
  markDrafts() {
    this.draftsAt = this.events.length - 1;
  }
}

export interface RunContext {
  spec: RunSpec;
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
  rand: () => number;
}

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

function campaignSuccess(s: Script, ctx: RunContext) {
  const n = ctx.drafts.length;
  s.started();
  s.thought("Reading the campaign profile and recent contacts first so nobody gets messaged twice.");
  s.tool("run_start", "read", {}, {
    status: "completed",
    content: `Campaign "${ctx.campaignName}" on ${ctx.platform}; ${ctx.communities.length} communities; ${ctx.recentlyContacted.length + 6} handles contacted in the last 90 days; 2 templates`,
  });
  s.tool(scoutTool(ctx.platform, ctx.skill), "search", researchInput(ctx), { status: "completed", content: researchResult(ctx) });
  s.thought(
    ctx.skill?.endsWith("poster")
      ? "A discussion question fits better than an announcement here; keep the game in the background."
      : `Keeping the ${n} candidates whose question the project actually answers; the rest are venting or already decided.`,
  );
  const targets = ctx.drafts.map((d) => d.targetUser);
  if (!ctx.skill?.endsWith("poster")) {
    s.tool("contact_history_check", "read", { targets }, {
      status: "completed",
      content: ctx.recentlyContacted.length
        ? `Contacted within 90 days: ${ctx.recentlyContacted.join(", ")} (policy: warn)`
        : "No recent contact with any candidate",
    });
  }
  if (ctx.blockedSkipped || ctx.rand() < 0.5) {
    s.tool("blocklist_check", "read", { targets: ctx.blockedSkipped ? [...targets, ctx.blockedSkipped.split(" ")[0]] : targets }, {
      status: "completed",
      content: ctx.blockedSkipped ? `Blocked: ${ctx.blockedSkipped}; skipping` : "None blocked",
    });
  }
  s.usage(between(ctx.rand, 38_000, 72_000));
  s.tool("drafts_create", "edit", { drafts: ctx.drafts.map((d) => ({ kind: d.kind, targetUser: d.targetUser, qualityScore: d.qualityScore })) }, {
    status: "completed",
    content: `Created ${n} drafts: ${ctx.drafts.map((d) => `#${d.id}`).join(", ")}`,
  });
  s.markDrafts();
  s.say(`Created ${n} ${draftKindWord(ctx.drafts[0]?.kind ?? "dm")} for review. `, ctx.blockedSkipped ? "One candidate was on the blocklist and was skipped." : "Nothing was sent; everything waits for a human.");
  s.tool("run_finish", "other", { status: "success" }, { status: "completed", content: "Run closed" });
  s.usage(between(ctx.rand, 75_000, 110_000));
  s.finished();
}

function skillGeneration(s: Script, ctx: RunContext) {
  s.started();
  s.thought("Building the campaign profile from the project description and the existing templates.");
  s.tool("skill_generate_start", "read", {}, { status: "completed", content: `Project description (${between(ctx.rand, 380, 620)} chars), 2 templates, skill schema ${ctx.skill}` });
  s.thought("The audience is narrow; better to list fewer communities and stricter rules than to cast wide.");
  s.say("Proposed profile: ", `${ctx.communities.length} communities, a plain tone and ${between(ctx.rand, 3, 4)} rules. `);
  s.tool("skill_generate_finish", "edit", { config: { communities: ctx.communities, tone: "plain", rules: "..." } }, {
    status: "completed",
    content: ctx.spec.tuning === "applied" ? "Profile written to the campaign" : "Stored as a preview for review",
  });
  s.usage(between(ctx.rand, 22_000, 41_000));
  s.say("Done.");
  s.finished();
}

function replyDrafting(s: Script, ctx: RunContext) {
  const r = ctx.reply!;
  const draft = ctx.drafts[0];
  s.started();
  s.tool("reply_draft_start", "read", {}, {
    status: "completed",
    content: `Placeholder draft #${r.placeholderDraftId}; thread of ${r.threadMessages} messages with ${r.author}`,
  });
  s.thought(`${r.author} asked a follow-up: "${r.inbound.slice(0, 70)}${r.inbound.length > 70 ? "..." : ""}". Answer just that, two or three sentences.`);
  if (ctx.spec.status === "running") {
    s.usage(between(ctx.rand, 9_000, 15_000));
    s.thought("Checking the docs for the exact setting name before answering.");
    s.say("Drafting the answer");
    s.say(" now...");
    s.thought("Keep the tone of the earlier messages: lowercase-friendly, no sign-off.");
    return;
  }
  const body = draft?.body ?? "";
  const cut = Math.max(1, body.indexOf(". ") + 2);
  s.say(body.slice(0, cut), body.slice(cut));
  s.tool("reply_draft_finish", "edit", { draftId: r.placeholderDraftId, qualityScore: draft?.qualityScore ?? null }, {
    status: "completed",
    content: `Draft #${r.placeholderDraftId} updated (Q${draft?.qualityScore ?? "-"})`,
  });
  s.markDrafts();
  s.usage(between(ctx.rand, 12_000, 21_000));
  s.finished();
}

function campaignRunning(s: Script, ctx: RunContext) {
  s.started();
  s.thought("Reading the campaign profile and recent contacts first so nobody gets messaged twice.");
  s.tool("run_start", "read", {}, { status: "completed", content: `Campaign "${ctx.campaignName}" on ${ctx.platform}; ${ctx.communities.length} communities; 2 templates` });
  s.tool(scoutTool(ctx.platform, ctx.skill), "search", researchInput(ctx), { status: "completed", content: researchResult(ctx) });
  s.thought("Several of these are about invoicing rather than tracking; checking each thread before drafting.");
  s.usage(between(ctx.rand, 30_000, 45_000));
  s.tool("contact_history_check", "read", { targets: ["ines_freelances", "wes_on_retainer", "tomas_pm"] }, null);
}

function campaignFailed(s: Script, ctx: RunContext, reason: FailureReason) {
  const research = scoutTool(ctx.platform, ctx.skill);
  switch (reason) {
    case "runner_missing":
      s.started();
      s.say(`Starting runner ${ctx.spec.runner ?? "codex"}.`);
      s.raw("spawn codex", "execute", { command: "codex", args: ["--acp"] }, { status: "failed", content: "spawn codex ENOENT" });
      s.raw("codex --version", "execute", { command: "codex --version" }, { status: "failed", content: "sh: 1: codex: command not found" });
      s.say("The codex CLI is not installed on this machine. Install it or switch the campaign to another runner.");
      s.finished();
      return;
    case "auth_expired":
      s.started();
      s.thought("Reading the campaign profile and recent contacts first.");
      s.tool("run_start", "read", {}, { status: "completed", content: `Campaign "${ctx.campaignName}" on ${ctx.platform}; 2 templates` });
      s.tool(research, "search", researchInput(ctx), { status: "failed", content: "401 Unauthorized: session token expired" });
      s.thought("The account's session is no longer valid; retrying will not help.");
      s.say("I can't continue: the forum account's session has expired (401). ", "Reconnect the account in the project settings and run again.");
      s.tool("run_finish", "other", { status: "failed" }, { status: "completed", content: "Run closed" });
      s.usage(between(ctx.rand, 9_000, 14_000));
      s.finished();
      return;
    case "quota_exhausted":
      s.started();
      s.tool("run_start", "read", {}, { status: "completed", content: `Campaign "${ctx.campaignName}" on ${ctx.platform}; 1 template` });
      s.tool(research, "search", researchInput(ctx), { status: "failed", content: "429 Too Many Requests: rate limit exceeded, retry after 600s" });
      s.thought("Rate limited. Waiting briefly and trying once more with a smaller window.");
      s.tool(research, "search", { ...researchInput(ctx), limit: 10 }, { status: "failed", content: "429 Too Many Requests: rate limit exceeded, retry after 540s" });
      s.say("The platform's rate limit is exhausted for now; stopping without drafting anything.");
      s.usage(between(ctx.rand, 8_000, 12_000));
      s.finished();
      return;
    case "network":
      s.started();
      s.thought("Starting with the hashtag timelines from the profile.");
      s.tool("run_start", "read", {}, { status: "completed", content: `Campaign "${ctx.campaignName}" on ${ctx.platform}; 4 hashtags` });
      s.tool(research, "search", researchInput(ctx), { status: "failed", content: "fetch failed: ECONNRESET (social.example)" });
      s.tool(research, "search", researchInput(ctx), { status: "failed", content: "fetch failed: getaddrinfo ENOTFOUND social.example" });
      s.say("The instance is unreachable right now; nothing was drafted.");
      s.usage(between(ctx.rand, 7_000, 11_000));
      s.finished();
      return;
    case "agent_timeout":
      s.started();
      s.thought("Reading the campaign profile and recent contacts first so nobody gets messaged twice.");
      s.tool("run_start", "read", {}, { status: "completed", content: `Campaign "${ctx.campaignName}" on ${ctx.platform}; 2 templates` });
      s.tool(research, "search", researchInput(ctx), { status: "completed", content: researchResult(ctx) });
      s.thought("Reading each thread in full before drafting; some are long.");
      s.usage(between(ctx.rand, 120_000, 160_000));
      s.say("Drafting comments for 5 threads");
      s.tool("drafts_create", "edit", { drafts: "(5 entries)" }, null);
      s.finished();
      return;
    case "playbook_error":
      s.started();
      s.tool("run_start", "read", {}, { status: "completed", content: `Campaign "${ctx.campaignName}" on ${ctx.platform}; 2 templates` });
      s.thought("Loading the community list from the profile.");
      s.raw("node playbook-helpers.mjs", "execute", { command: "node playbook-helpers.mjs communities" }, {
        status: "failed",
        content: "TypeError: Cannot read properties of undefined (reading 'communities')\n    at loadProfile (playbook-helpers.mjs:41:27)",
      });
      s.say("The playbook helper crashed while reading the profile. ", "Check the campaign profile against the skill schema.");
      s.usage(between(ctx.rand, 10_000, 16_000));
      s.finished();
      return;
  }
}

export function scriptRun(ctx: RunContext, prefix: string): { events: ScriptedEvent[]; draftsAt: number } {
  const s = new Script(prefix);
  const { spec } = ctx;
  if (spec.kind === "campaign_skill_generation") skillGeneration(s, ctx);
  else if (spec.kind === "reply_drafting") replyDrafting(s, ctx);
  else if (spec.status === "running") campaignRunning(s, ctx);
  else if (spec.status === "failed") campaignFailed(s, ctx, spec.failureReason!);
  else campaignSuccess(s, ctx);
  if (s.events.length < 8 || s.events.length > 20) {
    throw new Error(`Demo run ${spec.key} scripted ${s.events.length} events; expected 8-20`);
  }
  return { events: s.events, draftsAt: s.draftsAt };
}

export interface Usage {
  inputTokens: number | null;
  outputTokens: number | null;
  cacheReadTokens: number | null;
  cacheCreationTokens: number | null;
}

export function usageFor(spec: RunSpec, rand: () => number): Usage {
  const none = { inputTokens: null, outputTokens: null, cacheReadTokens: null, cacheCreationTokens: null };
  if (spec.status === "running" || spec.failureReason === "runner_missing") return none;
  const [inp, out, cr, cc] =
    spec.kind === "reply_drafting"
      ? [[4_000, 9_000], [250, 900], [15_000, 40_000], [2_000, 6_000]]
      : spec.kind === "campaign_skill_generation"
        ? [[10_000, 20_000], [2_500, 6_000], [20_000, 60_000], [6_000, 12_000]]
        : spec.status === "failed"
          ? spec.failureReason === "agent_timeout"
            ? [[60_000, 90_000], [6_000, 11_000], [200_000, 320_000], [20_000, 30_000]]
            : [[3_000, 8_000], [200, 800], [10_000, 30_000], [3_000, 8_000]]
          : [[15_000, 45_000], [2_500, 8_000], [60_000, 240_000], [8_000, 25_000]];
  return {
    inputTokens: between(rand, inp[0], inp[1]),
    outputTokens: between(rand, out[0], out[1]),
    cacheReadTokens: between(rand, cr[0], cr[1]),
    cacheCreationTokens: between(rand, cc[0], cc[1]),
  };
}

/** USD per million tokens for the default model of the claude-code runner. */
const PRICE = { input: 3, output: 15, cacheRead: 0.3, cacheCreation: 3.75 };

/** Cost as a decimal string, or null when the runner is not priced (or nothing was metered). */
export function costFor(runner: string, u: Usage): string | null {
  if (runner !== "claude-code" || u.inputTokens === null) return null;
  const usd =
    (u.inputTokens * PRICE.input +
      (u.outputTokens ?? 0) * PRICE.output +
      (u.cacheReadTokens ?? 0) * PRICE.cacheRead +
      (u.cacheCreationTokens ?? 0) * PRICE.cacheCreation) /
    1_000_000;
  return usd.toFixed(6);
}

export const RUN_ERRORS: Record<FailureReason, { error: string; exitCode: number | null }> = {
  runner_missing: { error: "spawn codex ENOENT", exitCode: 127 },
  auth_expired: { error: "forum_scout: 401 Unauthorized: session token expired", exitCode: 1 },
  quota_exhausted: { error: "Rate limit exceeded (429); retry after 540s", exitCode: 1 },
  playbook_error: {
    error: "TypeError: Cannot read properties of undefined (reading 'communities')\n    at loadProfile (playbook-helpers.mjs:41:27)",
    exitCode: 1,
  },
  network: { error: "fetch failed: getaddrinfo ENOTFOUND social.example", exitCode: 1 },
  agent_timeout: { error: "The agent did not respond within 600000 ms", exitCode: null },
};
