// What every step of one demo load shares: organization, clock, actors, reserved ids and lookups.
// The lookups tie drafts to their runs, platforms, accounts and threads, so each step computes its rows in memory.
import type { Tx } from "@/lib/db/client";
import { CAMPAIGNS, RUNS, type CampaignSpec, type RunSpec } from "@/lib/demo/campaigns";
import { DRAFTS } from "@/lib/demo/drafts/all-drafts";
import type { DraftSpec } from "@/lib/demo/drafts/draft-spec";
import { ACCOUNTS, type Platform, type ProjectKey } from "@/lib/demo/projects";
import { seededRandom } from "@/lib/demo/seeded-random";
import { THREADS, type ThreadSpec } from "@/lib/demo/threads";

export const HOUR = 3_600_000;

/**
 * How long after a reply was written the extension's inbox sync captured it. It must stay under the minute or so
 * after which the demo's reply-drafting runs start (lib/demo/campaigns.ts), since the capture is what enqueues them.
 */
export const CAPTURE_DELAY_MS = 3_000;

export interface Actor {
  actorType: "user" | "device" | "run" | "system";
  actorId: number | null;
  actorLabel: string;
}

export interface DemoPlan {
  orgId: number;
  now: Date;
  ago: (hours: number) => Date;
  rand: () => number;
  reviewer: Actor;
  extension: Actor;
  system: Actor;
  projectId: Map<ProjectKey, number>;
  /** By `<project>/<platformId>`. */
  accountId: Map<string, number>;
  campaignId: Map<string, number>;
  runId: Map<string, number>;
  draftId: Map<string, number>;
  threadId: Map<string, number>;
  /** By `<thread key>/<message index>`, for the messages that are stored (isRecorded). */
  messageId: Map<string, number>;
  campaignSpec: Map<string, CampaignSpec>;
  runSpec: Map<string, RunSpec>;
  draftSpec: Map<string, DraftSpec>;
  threadSpec: Map<string, ThreadSpec>;
  platformOfRun: (r: RunSpec) => Platform;
  platformOfDraft: (d: DraftSpec) => Platform;
  accountOf: (d: DraftSpec) => { handle: string; id: number };
  /** Inbound messages have their own times; outbound ones are their drafts' send times. */
  messageAt: (t: ThreadSpec, m: number) => Date;
}

/**
 * Whether a thread's message is stored as a conversation message. Theirs always are; ours are recorded when the
 * other side answers them (lib/conversations/sync-outbound-messages.ts), so a reply we sent last is not yet.
 */
export function isRecorded(t: ThreadSpec, m: number): boolean {
  return t.messages.slice(m).some((msg) => msg.dir === "in");
}

export function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo data refers to an unknown ${what}`);
  return value;
}

function byKey<T extends { key: string }>(items: T[]): Map<string, T> {
  return new Map(items.map((i) => [i.key, i]));
}

// Ids come from the tables' sequences up front, so every cross-reference can be computed in memory and each table
// written with one createMany.
async function reserveIds(tx: Tx, counts: Record<string, number>): Promise<Record<string, number[]>> {
  const tables = Object.keys(counts);
  const selects = tables
    .map((t, i) => `(SELECT coalesce(array_agg(nextval(pg_get_serial_sequence('${t}', 'id'))::int), '{}') FROM generate_series(1, $${i + 1}::int)) AS "${t}"`)
    .join(", ");
  const rows = await tx.$queryRawUnsafe<Record<string, number[]>[]>(`SELECT ${selects}`, ...tables.map((t) => counts[t]));
  return rows[0];
}

export async function planDemo(
  tx: Tx,
  base: Pick<DemoPlan, "orgId" | "now" | "reviewer" | "projectId" | "accountId">,
): Promise<DemoPlan> {
  const ago = (hours: number) => new Date(base.now.getTime() - hours * HOUR);
  const campaignSpec = byKey(CAMPAIGNS);
  const runSpec = byKey(RUNS);
  const draftSpec = byKey(DRAFTS);
  const threadSpec = byKey(THREADS);

  const messageCount = THREADS.reduce((n, t) => n + t.messages.filter((_, m) => isRecorded(t, m)).length, 0);
  const ids = await reserveIds(tx, {
    campaigns: CAMPAIGNS.length,
    runs: RUNS.length,
    drafts: DRAFTS.length,
    conversation_threads: THREADS.length,
    conversation_messages: messageCount,
  });
  const messageId = new Map<string, number>();
  {
    let i = 0;
    for (const t of THREADS) t.messages.forEach((_, m) => isRecorded(t, m) && messageId.set(`${t.key}/${m}`, ids.conversation_messages[i++]));
  }

  const platformOfRun = (r: RunSpec) => {
    if (r.campaign) return campaignSpec.get(r.campaign)!.platform;
    const d = DRAFTS.find((x) => x.run === r.key);
    return d ? platformOfDraft(d) : "forum";
  };
  function platformOfDraft(d: DraftSpec): Platform {
    if (d.replyTo) return platformOfDraft(draftSpec.get(threadSpec.get(d.replyTo.thread)!.parentDraft)!);
    const r = must(runSpec.get(d.run), `run ${d.run}`);
    return campaignSpec.get(must(r.campaign ?? undefined, `campaign of run ${r.key}`))!.platform;
  }
  function accountOf(d: DraftSpec): { handle: string; id: number } {
    const project = runSpec.get(d.run)!.project;
    const platform = platformOfDraft(d);
    const parent = d.replyTo ? draftSpec.get(threadSpec.get(d.replyTo.thread)!.parentDraft)! : null;
    const handle =
      d.account ?? (parent ? accountOf(parent).handle : must(ACCOUNTS.find((a) => a.project === project && a.platform === platform && a.isDefault), `default account`).platformId);
    return { handle, id: must(base.accountId.get(`${project}/${handle}`), `account ${handle}`) };
  }
  const messageAt = (t: ThreadSpec, m: number): Date => {
    const msg = t.messages[m];
    return msg.dir === "in" ? ago(msg.atH) : ago(must(draftSpec.get(msg.draft)!.sentH, `sentH of ${msg.draft}`));
  };

  return {
    ...base,
    ago,
    rand: seededRandom(20_261_121),
    extension: { actorType: "device", actorId: null, actorLabel: "Browser extension" },
    system: { actorType: "system", actorId: null, actorLabel: "system" },
    campaignId: new Map(CAMPAIGNS.map((s, i) => [s.key, ids.campaigns[i]])),
    runId: new Map(RUNS.map((s, i) => [s.key, ids.runs[i]])),
    draftId: new Map(DRAFTS.map((s, i) => [s.key, ids.drafts[i]])),
    threadId: new Map(THREADS.map((s, i) => [s.key, ids.conversation_threads[i]])),
    messageId,
    campaignSpec,
    runSpec,
    draftSpec,
    threadSpec,
    platformOfRun,
    platformOfDraft,
    accountOf,
    messageAt,
  };
}
