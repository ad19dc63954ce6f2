// Loads the demo dataset (lib/demo/content.ts) into one organization. Ids are reserved from the tables'
// sequences up front so every cross-reference can be computed in memory and written with createMany.
import { randomUUID } from "node:crypto";
import { db, type Tx } from "@/lib/db/client";
import { createAccount } from "@/lib/accounts/create-account";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  ACCOUNTS, BLOCKLIST, CAMPAIGNS, DRAFTS, PROJECTS, QUALITY_MODEL, RUN_MODEL, RUNS, TEMPLATES, THREADS,
  type DraftSpec, type ProjectKey, type RunSpec, type ThreadSpec,
} from "@/lib/demo/content";
import { RUN_ERRORS, costFor, scriptRun, seededRandom, usageFor } from "@/lib/demo/run-events";

export const DEMO_MARKER_PROJECT = PROJECTS[0].name;

const HOUR = 3_600_000;

export async function isDemoLoaded(orgId: number): Promise<boolean> {
  const found = await db.project.findFirst({
    where: { organizationId: orgId, name: { equals: DEMO_MARKER_PROJECT, mode: "insensitive" } },
    select: { id: true },
  });
  return found !== null;
}

export type DemoSummary = Record<string, number>;

interface Actor {
  actorType: "user" | "device" | "run" | "system";
  actorId: number | null;
  actorLabel: string;
}

interface PlannedEvent extends Actor {
  event: string;
  at: Date;
  details: Prisma.InputJsonValue;
}

function byKey<T extends { key: string }>(items: T[]): Map<string, T> {
  return new Map(items.map((i) => [i.key, i]));
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo data refers to an unknown ${what}`);
  return value;
}

export async function loadDemoData(orgId: number, now = new Date()): Promise<DemoSummary> {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const rand = seededRandom(20_261_121);

  // The reviewer shown on approvals: the organization's first member when there is one.
  const member = await db.membership.findFirst({
    where: { organizationId: orgId },
    orderBy: { id: "asc" },
    select: { user: { select: { id: true, username: true } } },
  });
  const reviewer: Actor = { actorType: "user", actorId: member?.user.id ?? null, actorLabel: member?.user.username ?? "reviewer" };
  const extension: Actor = { actorType: "device", actorId: null, actorLabel: "Browser extension" };
  const system: Actor = { actorType: "system", actorId: null, actorLabel: "system" };

  // ---- Projects and accounts (accounts go through the regular path so credentials are sealed) ----------
  const projectRows = await db.project.createManyAndReturn({
    data: PROJECTS.map((p) => ({
      organizationId: orgId, name: p.name, description: p.description, sourcePath: p.sourcePath, createdAt: ago(p.createdH),
    })),
    select: { id: true, name: true },
  });
  const projectId = new Map<ProjectKey, number>(
    PROJECTS.map((p) => [p.key, must(projectRows.find((r) => r.name === p.name)?.id, `project ${p.name}`)]),
  );

  try {
    const accountId = new Map<string, number>();
    for (const a of ACCOUNTS) {
      const row = await createAccount({
        orgId,
        projectId: projectId.get(a.project)!,
        input: { platform: a.platform, platformId: a.platformId, displayName: a.displayName, isDefault: a.isDefault, credentials: a.credentials },
      });
      accountId.set(`${a.project}/${a.platformId}`, row.id);
    }
    return await db.$transaction((tx) => fillProjects(tx, { orgId, now, ago, rand, reviewer, extension, system, projectId, accountId }), {
      timeout: 120_000,
      maxWait: 20_000,
    });
  } catch (err) {
    // Leave nothing half-loaded behind: the projects cascade to their accounts.
    await db.project.deleteMany({ where: { organizationId: orgId, id: { in: [...projectId.values()] } } }).catch(() => {});
    throw err;
  }
}

interface FillContext {
  orgId: number;
  now: Date;
  ago: (hours: number) => Date;
  rand: () => number;
  reviewer: Actor;
  extension: Actor;
  system: Actor;
  projectId: Map<ProjectKey, number>;
  accountId: Map<string, number>;
}

async function reserveIds(tx: Tx, counts: Record<string, number>): Promise<Record<string, number[]>> {
  const tables = Object.keys(counts);
  const selects = tables
    .map((t, i) => `(SELECT coalesce(array_agg(nextval(pg_get_serial_sequence('${t}', 'id'))::int), '{}') FROM generate_series(1, $${i + 1}::int)) AS "${t}"`)
    .join(", ");
  const rows = await tx.$queryRawUnsafe<Record<string, number[]>[]>(`SELECT ${selects}`, ...tables.map((t) => counts[t]));
  return rows[0];
}

async function fillProjects(tx: Tx, c: FillContext): Promise<DemoSummary> {
  const { orgId, ago, rand, reviewer, extension, system } = c;
  const campaignSpec = byKey(CAMPAIGNS);
  const runSpec = byKey(RUNS);
  const draftSpec = byKey(DRAFTS);
  const threadSpec = byKey(THREADS);

  const messageCount = THREADS.reduce((n, t) => n + t.messages.length, 0);
  const ids = await reserveIds(tx, {
    campaigns: CAMPAIGNS.length,
    runs: RUNS.length,
    drafts: DRAFTS.length,
    conversation_threads: THREADS.length,
    conversation_messages: messageCount,
  });
  const campaignId = new Map(CAMPAIGNS.map((s, i) => [s.key, ids.campaigns[i]]));
  const runId = new Map(RUNS.map((s, i) => [s.key, ids.runs[i]]));
  const draftId = new Map(DRAFTS.map((s, i) => [s.key, ids.drafts[i]]));
  const threadId = new Map(THREADS.map((s, i) => [s.key, ids.conversation_threads[i]]));
  const messageIds = ids.conversation_messages;
  const messageId = new Map<string, number>();
  {
    let i = 0;
    for (const t of THREADS) t.messages.forEach((_, m) => messageId.set(`${t.key}/${m}`, messageIds[i++]));
  }

  const projectOfRun = (r: RunSpec) => r.project;
  const platformOfRun = (r: RunSpec) => {
    if (r.campaign) return campaignSpec.get(r.campaign)!.platform;
    const d = DRAFTS.find((x) => x.run === r.key);
    return d ? platformOfDraft(d) : "forum";
  };
  function platformOfDraft(d: DraftSpec): "forum" | "federated" {
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
    return { handle, id: must(c.accountId.get(`${project}/${handle}`), `account ${handle}`) };
  }

  // ---- Templates, blocklist, campaigns -------------------------------------------------------------------
  await tx.template.createMany({
    data: TEMPLATES.map((t, i) => ({
      organizationId: orgId, projectId: c.projectId.get(t.project)!, kind: t.kind, title: t.title, body: t.body, isActive: t.isActive,
      createdAt: ago(14 * 24 - i), updatedAt: ago(t.isActive ? 14 * 24 - i : 9 * 24),
    })),
  });
  await tx.blocklistEntry.createMany({
    data: BLOCKLIST.map((b, i) => ({
      organizationId: orgId, projectId: b.project ? c.projectId.get(b.project)! : null, type: b.type, value: b.value.trim().toLowerCase(),
      reason: b.reason, createdAt: ago(b.value === "grumpy_sysadmin" ? 165.9 : 14 * 24 - i * 5),
    })),
  });
  await tx.campaign.createMany({
    data: CAMPAIGNS.map((s) => ({
      id: campaignId.get(s.key)!, organizationId: orgId, projectId: c.projectId.get(s.project)!, name: s.name, platform: s.platform,
      skill: s.skill, runner: s.runner, cron: s.cron, config: s.config as Prisma.InputJsonValue, state: s.state, autoPost: s.autoPost,
      createdAt: ago(s.createdH), updatedAt: ago(Math.min(s.createdH, 24 * 6)),
    })),
  });

  // ---- Thread timing: inbound messages have their own times, outbound ones are their drafts' send times --
  const messageAt = (t: ThreadSpec, m: number): Date => {
    const msg = t.messages[m];
    return msg.dir === "in" ? ago(msg.atH) : ago(must(draftSpec.get(msg.draft)!.sentH, `sentH of ${msg.draft}`));
  };

  // ---- Runs and their events -----------------------------------------------------------------------------
  const runRows: Prisma.RunCreateManyInput[] = [];
  const runEventRows: Prisma.RunEventCreateManyInput[] = [];
  const draftsCreatedAt = new Map<string, Date>();
  const runTimes = new Map<string, { start: Date; end: Date | null }>();

  for (const r of RUNS) {
    const id = runId.get(r.key)!;
    const campaign = r.campaign ? campaignSpec.get(r.campaign)! : null;
    const runner = r.runner ?? campaign?.runner ?? "claude-code";
    const platform = platformOfRun(r);
    const produced = DRAFTS.filter((d) => d.run === r.key);
    const communities = (campaign?.config.communities as string[] | undefined) ?? [];
    const replyDraft = r.kind === "reply_drafting" ? produced[0] : undefined;
    const replyThread = replyDraft?.replyTo ? threadSpec.get(replyDraft.replyTo.thread)! : undefined;
    const inbound = replyThread ? replyThread.messages[replyDraft!.replyTo!.message] : undefined;
    const { events, draftsAt } = scriptRun(
      {
        spec: { ...r, runner },
        campaignName: campaign?.name ?? null,
        platform,
        skill: campaign?.skill ?? null,
        communities,
        drafts: produced.map((d) => ({ id: draftId.get(d.key)!, kind: d.kind, targetUser: d.targetUser, qualityScore: d.quality?.[0] ?? null, body: d.body })),
        recentlyContacted: produced.filter((d) => d.dedupOf).map((d) => d.targetUser),
        // He asked not to be contacted and went on the blocklist; later scouting runs skip him.
        blockedSkipped: r.key === "a1-4" ? "grumpy_sysadmin (user)" : null,
        reply:
          replyDraft && replyThread && inbound?.dir === "in"
            ? {
                author: replyDraft.targetUser,
                inbound: inbound.body,
                threadMessages: replyDraft.replyTo!.message + 1,
                placeholderDraftId: draftId.get(replyDraft.key)!,
              }
            : undefined,
        rand,
      },
      `toolu_${id}`,
    );
    // Scheduled and manual starts are never on the exact second.
    const start = new Date(ago(r.startH).getTime() + (r.status === "running" ? 0 : Math.round(rand() * 40_000)));
    let t = start.getTime();
    events.forEach((e, seq) => {
      t += seq === 0 ? 0 : 180 + Math.round(rand() * 700);
      runEventRows.push({ organizationId: orgId, runId: id, seq: seq + 1, type: e.type, payload: e.payload as Prisma.InputJsonValue, createdAt: new Date(t) });
      if (seq === draftsAt) produced.forEach((d, i) => draftsCreatedAt.set(d.key, new Date(t - 40 + i * 7)));
    });
    const end = r.status === "running" ? null : new Date(t + 120);
    runTimes.set(r.key, { start, end });

    const usage = usageFor({ ...r, runner }, rand);
    const failure = r.failureReason ? RUN_ERRORS[r.failureReason] : null;
    const params: Record<string, unknown> = {};
    if (r.kind === "campaign_skill_generation" && campaign) {
      const generatedConfig = campaign.config;
      const previousConfig = r.tuning === "applied" ? {} : { communities: communities.slice(0, 2), tone: "friendly" };
      Object.assign(params, { mode: r.tuning === "applied" ? "apply" : "preview", previousConfig, generatedConfig });
      if (r.tuning === "adopted") params.adopted = true;
      if (r.tuning === "discarded") params.discarded = true;
    } else if (r.kind === "reply_drafting" && replyDraft) {
      Object.assign(params, { draftId: draftId.get(replyDraft.key), parentMessageId: messageId.get(`${replyThread!.key}/${replyDraft.replyTo!.message}`) });
    } else if (produced.length) {
      params.draftsCreated = produced.length;
    }
    runRows.push({
      id, organizationId: orgId, campaignId: campaign ? campaignId.get(campaign.key)! : null, projectId: c.projectId.get(projectOfRun(r))!,
      kind: r.kind, status: r.status, trigger: r.trigger, runner, model: runner === "claude-code" ? RUN_MODEL : null,
      playbookSlug: r.kind === "campaign" ? campaign!.skill : r.kind === "reply_drafting" ? "reply-drafter" : "campaign-skill-generator",
      params: params as Prisma.InputJsonValue,
      failureReason: r.failureReason ?? null, exitCode: r.status === "running" ? null : (failure?.exitCode ?? 0), error: failure?.error ?? null,
      stopReason: r.status === "success" ? "end_turn" : null,
      ...usage, costUsd: costFor(runner, usage),
      startedAt: start, finishedAt: end, createdAt: start,
    });
  }
  await tx.run.createMany({ data: runRows });
  await tx.runEvent.createMany({ data: runEventRows });

  // ---- Drafts, their events and regeneration hints -------------------------------------------------------
  const variantGroups = new Map<string, string>();
  const draftRows: Prisma.DraftCreateManyInput[] = [];
  const eventRows: Prisma.DraftEventCreateManyInput[] = [];
  const hintRows: Prisma.DraftRegenerationHintCreateManyInput[] = [];
  const draftTimes = new Map<string, { createdAt: Date; sentAt: Date | null }>();

  for (const d of DRAFTS) {
    const id = draftId.get(d.key)!;
    const run = runSpec.get(d.run)!;
    const rid = runId.get(d.run)!;
    const platform = platformOfDraft(d);
    const account = accountOf(d);
    const runActor: Actor = { actorType: "run", actorId: rid, actorLabel: `run #${rid}` };
    const thread = d.replyTo ? threadSpec.get(d.replyTo.thread)! : null;
    const parentMsgId = thread ? messageId.get(`${thread.key}/${d.replyTo!.message}`)! : null;

    const createdAt = thread
      ? new Date(messageAt(thread, d.replyTo!.message).getTime() + 4_000)
      : must(draftsCreatedAt.get(d.key), `creation time of ${d.key}`);
    const events: PlannedEvent[] = [];
    const push = (event: string, actor: Actor, at: Date, details: Record<string, unknown> = {}) =>
      events.push({ event, ...actor, at, details: details as Prisma.InputJsonValue });

    if (thread) {
      push("created", system, createdAt, { kind: d.kind, parentMessageId: parentMsgId, placeholder: true });
      push("reply_drafting_enqueued", system, new Date(createdAt.getTime() + 1_000), { runId: rid });
      const finished = runTimes.get(d.run)!.end;
      if (finished) push("reply_drafted", runActor, finished, { qualityScore: d.quality?.[0] ?? null });
    } else {
      const variant = d.variant ? { variantLabel: d.variant.label } : {};
      push("created", runActor, createdAt, { kind: d.kind, state: d.state === "proposed" ? "proposed" : "pending_review", ...variant });
    }
    if (d.edited) push("body_edited", reviewer, ago(d.edited.atH), { previousBody: d.edited.previousBody });
    for (const g of d.regenerations ?? []) {
      push("regenerated", reviewer, ago(g.atH), { hint: g.hint });
      hintRows.push({ organizationId: orgId, draftId: id, hint: g.hint, userId: reviewer.actorId, createdAt: ago(g.atH) });
    }
    if (d.state === "rejected") push("rejected", reviewer, ago(d.reviewH!), { reason: d.rejectReason ?? "" });
    if (["approved", "armed", "sent", "replied"].includes(d.state) && d.reviewH !== undefined) {
      push("approved", reviewer, ago(d.reviewH));
      if (d.scheduledInH) push("rescheduled", reviewer, new Date(ago(d.reviewH).getTime() + 30_000), { sendAfter: new Date(c.now.getTime() + d.scheduledInH * HOUR).toISOString() });
    }
    if (d.armedH !== undefined) push("armed", extension, ago(d.armedH));
    if (d.sentH !== undefined) {
      const viaExtension = platform === "forum";
      push("sent", viaExtension ? extension : reviewer, ago(d.sentH), { via: viaExtension ? "extension" : "manual" });
    }
    if (d.repliedH !== undefined) {
      const t = THREADS.find((x) => x.parentDraft === d.key)!;
      const firstIn = t.messages.findIndex((m) => m.dir === "in");
      push("replied", extension, ago(d.repliedH), { threadId: threadId.get(t.key), messageId: messageId.get(`${t.key}/${firstIn}`) });
    }
    events.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (let i = 1; i < events.length; i++) {
      if (events[i].at < events[0].at) throw new Error(`Demo draft ${d.key}: event ${events[i].event} precedes its creation`);
    }
    for (const e of events) {
      eventRows.push({
        organizationId: orgId, draftId: id, event: e.event, actorType: e.actorType, actorId: e.actorId, actorLabel: e.actorLabel,
        details: e.details, createdAt: e.at,
      });
    }

    let dedupWarning: Prisma.InputJsonValue | undefined;
    if (d.dedupOf) {
      const earlier = draftSpec.get(d.dedupOf)!;
      dedupWarning = { lastContactedAt: ago(earlier.sentH!).toISOString(), draftId: draftId.get(earlier.key)! };
    }
    let variantGroupId: string | null = null;
    if (d.variant) {
      if (!variantGroups.has(d.variant.group)) variantGroups.set(d.variant.group, randomUUID());
      variantGroupId = variantGroups.get(d.variant.group)!;
    }
    const regenerations = d.regenerations ?? [];
    const sentAt = d.sentH !== undefined ? ago(d.sentH) : null;
    draftTimes.set(d.key, { createdAt, sentAt });
    draftRows.push({
      id, organizationId: orgId, version: events.length, state: d.state, kind: d.kind, platform,
      projectId: c.projectId.get(runSpec.get(d.run)!.project)!, accountId: account.id, accountHandle: account.handle,
      targetUser: d.targetUser, targetCommunity: d.targetCommunity, targetUrl: d.targetUrl ?? (thread ? draftSpec.get(thread.parentDraft)!.targetUrl ?? null : null),
      title: d.title ?? null, campaignId: thread ? null : campaignId.get(run.campaign!)!, runId: d.placeholder ? null : rid,
      body: d.body, previousBody: regenerations.length ? regenerations[regenerations.length - 1].previousBody : null,
      bodyEdited: d.edited !== undefined, dedupWarning,
      scheduledSendAfter: d.scheduledInH ? new Date(c.now.getTime() + d.scheduledInH * HOUR) : null,
      qualityScore: d.quality?.[0] ?? null, qualityReason: d.quality?.[1] ?? null, qualityModel: d.quality ? QUALITY_MODEL : null,
      regenerationCount: regenerations.length, variantGroupId, variantLabel: d.variant?.label ?? null,
      parentMessageId: parentMsgId, draftingRunId: d.placeholder ? rid : null,
      sentAt, repliedAt: d.repliedH !== undefined ? ago(d.repliedH) : null,
      createdAt, updatedAt: events[events.length - 1].at,
    });
  }

  // Reply drafts point at conversation messages, which point at threads, which point at their parent drafts.
  const isReply = (row: Prisma.DraftCreateManyInput) => row.parentMessageId != null;
  await tx.draft.createMany({ data: draftRows.filter((r) => !isReply(r)) });

  const threadRows: Prisma.ConversationThreadCreateManyInput[] = [];
  const messageRows: Prisma.ConversationMessageCreateManyInput[] = [];
  for (const t of THREADS) {
    const parent = draftSpec.get(t.parentDraft)!;
    const account = accountOf(parent);
    const platform = platformOfDraft(parent);
    const times = t.messages.map((_, m) => messageAt(t, m));
    for (let m = 1; m < times.length; m++) {
      if (times[m] <= times[m - 1]) throw new Error(`Demo thread ${t.key}: messages out of order`);
    }
    const firstInbound = times[t.messages.findIndex((m) => m.dir === "in")];
    threadRows.push({
      id: threadId.get(t.key)!, organizationId: orgId, platform, accountHandle: account.handle, targetUser: parent.targetUser,
      kind: parent.kind === "dm" ? "dm" : "post_comment", parentDraftId: draftId.get(parent.key)!, externalId: t.externalId,
      lastMessageAt: times[times.length - 1], messageCount: t.messages.length, createdAt: firstInbound,
    });
    t.messages.forEach((msg, m) => {
      const id = messageId.get(`${t.key}/${m}`)!;
      const author = msg.dir === "in" ? parent.targetUser : account.handle;
      let permalink: string | null = null;
      if (platform === "federated") {
        const [user, host] = author.split("@");
        permalink = `https://${host}/@${user}/113405${String(id * 7_919).padStart(12, "0")}`;
      } else if (parent.kind !== "dm") {
        permalink = `${parent.targetUrl}c${m + 1}/`;
      }
      // Captured when the first reply arrived; later outbound messages when they were sent.
      const capturedAt = msg.dir === "in" ? times[m].getTime() + 90_000 : Math.max(times[m].getTime(), firstInbound.getTime() + 90_000);
      messageRows.push({
        id, organizationId: orgId, threadId: threadId.get(t.key)!, direction: msg.dir === "in" ? "inbound" : "outbound",
        author, body: msg.dir === "in" ? msg.body : draftSpec.get(msg.draft)!.body,
        externalId: `${t.externalId}/${m + 1}`, permalink, sentAt: times[m], createdAt: new Date(capturedAt),
      });
    });
  }
  await tx.conversationThread.createMany({ data: threadRows });
  await tx.conversationMessage.createMany({ data: messageRows });
  await tx.draft.createMany({ data: draftRows.filter(isReply) });
  await tx.draftEvent.createMany({ data: eventRows });
  if (hintRows.length) await tx.draftRegenerationHint.createMany({ data: hintRows });

  // ---- Contact history: one row per (platform, target), from everything that was actually sent ----------
  const contacts = new Map<string, Prisma.ContactHistoryCreateManyInput>();
  for (const d of DRAFTS) {
    const sentAt = draftTimes.get(d.key)!.sentAt;
    if (!sentAt) continue;
    const platform = platformOfDraft(d);
    const key = `${platform}/${d.targetUser}`;
    const replied = DRAFTS.some((o) => o.state === "replied" && o.targetUser === d.targetUser && platformOfDraft(o) === platform);
    const prev = contacts.get(key);
    const row: Prisma.ContactHistoryCreateManyInput = {
      organizationId: orgId, platform, targetUser: d.targetUser, accountHandle: accountOf(d).handle,
      projectId: c.projectId.get(runSpec.get(d.run)!.project)!, lastDraftId: draftId.get(d.key)!,
      firstContactedAt: prev && prev.firstContactedAt < sentAt ? prev.firstContactedAt : sentAt,
      lastContactedAt: sentAt, outcome: replied ? "replied" : "sent",
    };
    if (prev && prev.lastContactedAt > sentAt) Object.assign(row, { lastContactedAt: prev.lastContactedAt, lastDraftId: prev.lastDraftId, accountHandle: prev.accountHandle });
    contacts.set(key, row);
  }
  await tx.contactHistory.createMany({ data: [...contacts.values()] });

  // ---- Insights and notifications ------------------------------------------------------------------------
  const insightRows = buildInsights({ orgId, ago, projectId: c.projectId, draftId, messageId });
  await tx.projectInsight.createMany({ data: insightRows });

  const notificationRows = buildNotifications({ orgId, ago, runId, draftId, threadId, messageId, campaignId, runTimes });
  await tx.notification.createMany({ data: notificationRows });

  return {
    projects: PROJECTS.length,
    accounts: ACCOUNTS.length,
    templates: TEMPLATES.length,
    "blocklist entries": BLOCKLIST.length,
    campaigns: CAMPAIGNS.length,
    runs: runRows.length,
    "run events": runEventRows.length,
    drafts: draftRows.length,
    "draft events": eventRows.length,
    "regeneration hints": hintRows.length,
    contacts: contacts.size,
    threads: threadRows.length,
    messages: messageRows.length,
    insights: insightRows.length,
    notifications: notificationRows.length,
  };
}

// ---------------------------------------------------------------------------------------------------------

/** What an insight written `asOfH` hours ago could have known about a project. */
function projectDraftStats(project: ProjectKey, asOfH: number) {
  const createdH = (d: DraftSpec): number => {
    if (!d.replyTo) return RUNS.find((r) => r.key === d.run)!.startH;
    const msg = THREADS.find((t) => t.key === d.replyTo!.thread)!.messages[d.replyTo.message];
    return msg.dir === "in" ? msg.atH : 0;
  };
  const drafts = DRAFTS.filter((d) => RUNS.find((r) => r.key === d.run)!.project === project && createdH(d) > asOfH);
  const sent = drafts.filter((d) => d.sentH !== undefined && d.sentH > asOfH);
  const replied = drafts.filter((d) => d.repliedH !== undefined && d.repliedH > asOfH);
  return { drafts, sent, replied, firstMessages: sent.filter((d) => !d.replyTo) };
}

function buildInsights(x: {
  orgId: number;
  ago: (h: number) => Date;
  projectId: Map<ProjectKey, number>;
  draftId: Map<string, number>;
  messageId: Map<string, number>;
}): Prisma.ProjectInsightCreateManyInput[] {
  const t = projectDraftStats("ticklog", 6);
  const q = projectDraftStats("quietledger", 7);
  const id = (k: string) => x.draftId.get(k)!;
  const rate = (a: number, b: number) => (b ? Math.round((a / b) * 100) : 0);

  return [
    {
      organizationId: x.orgId, projectId: x.projectId.get("ticklog")!, createdAt: x.ago(6),
      summaryMd: [
        "## Ticklog: the last two weeks",
        "",
        `- **${t.drafts.length} drafts**, ${t.sent.length} sent, ${t.replied.length} conversations started (${rate(t.replied.length, t.firstMessages.length)}% of first messages got an answer).`,
        "- Both replies came from people who had asked something concrete (offline use, backups). Messages that opened with a product pitch were rejected in review or scored below 45.",
        "- A second contact to **omar_invoices** is waiting for review inside the 90-day window; he never answered the first.",
        "- The forum account's session expired once (10 days ago); it has worked since it was reconnected.",
        "",
        "### Worth trying",
        "",
        "1. Keep leading with the answer; mention Ticklog in the second sentence, as in #" + id("d1") + " and #" + id("d14") + ".",
        "2. freelance_fern is asking about rounding rules; the pending reply answers it in two sentences.",
        "3. Consider skipping the follow-up to omar_invoices until he replies to the first message.",
      ].join("\n"),
      evidence: [
        { draftId: id("d1"), messageId: x.messageId.get("t1/1"), note: "Reply asking about offline use" },
        { draftId: id("d14"), messageId: x.messageId.get("t4/1"), note: "Reply asking about backups" },
        { draftId: id("d11"), note: "Rejected: generic opener (Q28)" },
        { draftId: id("d8"), note: "Dedup warning: second contact within 90 days" },
      ],
    },
    {
      organizationId: x.orgId, projectId: x.projectId.get("quietledger")!, createdAt: x.ago(7),
      summaryMd: [
        "## Quiet Ledger: the last two weeks",
        "",
        `- **${q.drafts.length} drafts**, ${q.sent.length} comments sent, ${q.replied.length} reply so far (${rate(q.replied.length, q.firstMessages.length)}% of sent comments).`,
        "- Comments that answered fully without the link scored highest (84-89). The one bare subscribe pitch was rejected.",
        "- Two campaign runs failed (a timeout on long threads, then a profile error); every run since has succeeded.",
        "",
        "### Worth trying",
        "",
        "1. The photo-location thread (#" + id("d28") + ") shows readers test advice themselves; concrete, checkable steps land well.",
        "2. The federated scout found two people who explicitly asked for resources; both drafts are still waiting for review.",
      ].join("\n"),
      evidence: [
        { draftId: id("d28"), messageId: x.messageId.get("t3/1"), note: "Reader confirmed the advice after testing it" },
        { draftId: id("d30"), note: "Sent, high score, no link" },
        { draftId: id("d34"), note: "Rejected: subscribe pitch (Q25)" },
      ],
    },
  ];
}

function buildNotifications(x: {
  orgId: number;
  ago: (h: number) => Date;
  runId: Map<string, number>;
  draftId: Map<string, number>;
  threadId: Map<string, number>;
  messageId: Map<string, number>;
  campaignId: Map<string, number>;
  runTimes: Map<string, { start: Date; end: Date | null }>;
}): Prisma.NotificationCreateManyInput[] {
  const at = (run: string) => x.runTimes.get(run)!.end!;
  const drafts = (run: string) => DRAFTS.filter((d) => d.run === run).map((d) => x.draftId.get(d.key)!);
  const name = (key: string) => CAMPAIGNS.find((c) => c.key === key)!.name;
  return [
    {
      organizationId: x.orgId, kind: "run.success", title: `Run finished: ${name("a1")}`, body: `${drafts("a1-4").length} drafts waiting for review`,
      payload: { runId: x.runId.get("a1-4"), campaignId: x.campaignId.get("a1"), draftsCreated: drafts("a1-4").length },
      createdAt: at("a1-4"), readAt: x.ago(30),
    },
    {
      organizationId: x.orgId, kind: "run.failed", title: `Run failed: ${name("c1")}`, body: "playbook_error: the playbook helper crashed while reading the profile",
      payload: { runId: x.runId.get("c1-4"), campaignId: x.campaignId.get("c1"), failureReason: "playbook_error" },
      createdAt: at("c1-4"), readAt: x.ago(70),
    },
    {
      organizationId: x.orgId, kind: "drafts.created", title: `${drafts("c1-5").length} new drafts for Quiet Ledger`, body: name("c1"),
      payload: { runId: x.runId.get("c1-5"), draftIds: drafts("c1-5") },
      createdAt: at("c1-5"), readAt: null,
    },
    {
      organizationId: x.orgId, kind: "reply.received", title: "freelance_fern replied", body: "installed it last night, the import from my old csv worked first try...",
      payload: { threadId: x.threadId.get("t1"), draftId: x.draftId.get("d1"), messageId: x.messageId.get("t1/3") },
      createdAt: x.ago(240), readAt: x.ago(238),
    },
    {
      organizationId: x.orgId, kind: "reply.received", title: "kettle_and_code replied", body: "thanks! does it support more than one user?...",
      payload: { threadId: x.threadId.get("t2"), draftId: x.draftId.get("d2"), messageId: x.messageId.get("t2/1") },
      createdAt: x.ago(0.05), readAt: null,
    },
  ];
}
