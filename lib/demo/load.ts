// Loads the demo dataset into one organization (`npm run demo`) and tells whether it is already there.
// Projects and accounts go first, through the regular account path so credentials are sealed; everything else is
// written in one transaction, step by step in the order the rows reference each other.
import fs from "node:fs";
import path from "node:path";
import { db, type Tx } from "@/lib/db/client";
import { deleteProjectSourceFiles, installTree, makeStagingDir, removeDir } from "@/lib/sources/managed-source-dir";
import { createAccount } from "@/lib/accounts/create-account";
import { ACCOUNTS, BLOCKLIST, PROJECTS, TEMPLATES, type ProjectKey } from "@/lib/demo/projects";
import { CAMPAIGNS } from "@/lib/demo/campaigns";
import { HOUR, must, planDemo, type Actor } from "@/lib/demo/demo-plan";
import { fillCampaigns } from "@/lib/demo/fill-campaigns";
import { fillRuns } from "@/lib/demo/fill-runs";
import { buildDraftRows } from "@/lib/demo/build-draft-rows";
import { fillThreads } from "@/lib/demo/fill-threads";
import { fillContacts } from "@/lib/demo/fill-contacts";
import { buildInsights } from "@/lib/demo/build-insights";
import { buildNotifications } from "@/lib/demo/build-notifications";

export const DEMO_MARKER_PROJECT = PROJECTS[0].name;

export async function isDemoLoaded(orgId: number): Promise<boolean> {
  const found = await db.project.findFirst({
    where: { organizationId: orgId, name: { equals: DEMO_MARKER_PROJECT, mode: "insensitive" } },
    select: { id: true },
  });
  return found !== null;
}

/** How many rows of each kind were written, by a label the CLI prints. */
export type DemoSummary = Record<string, number>;

export async function loadDemoData(orgId: number, now = new Date()): Promise<DemoSummary> {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

  // The reviewer shown on approvals: the organization's first member when there is one.
  const member = await db.membership.findFirst({
    where: { organizationId: orgId },
    orderBy: { id: "asc" },
    select: { user: { select: { id: true, username: true } } },
  });
  const reviewer: Actor = { actorType: "user", actorId: member?.user.id ?? null, actorLabel: member?.user.username ?? "reviewer" };

  const projectRows = await db.project.createManyAndReturn({
    data: PROJECTS.map((p) => ({
      organizationId: orgId, name: p.name, description: p.description, createdAt: ago(p.createdH),
      ...(p.source
        ? {
            sourceKind: "repository" as const, sourceRepoUrl: p.source.url, sourceRepoRef: p.source.ref, sourceCommit: p.source.commit,
            sourceFetchedAt: ago(p.source.fetchedH), sourceFileCount: Object.keys(p.source.files).length,
            sourceBytes: Object.values(p.source.files).reduce((n, text) => n + Buffer.byteLength(text), 0),
          }
        : {}),
    })),
    select: { id: true, name: true },
  });
  const projectId = new Map<ProjectKey, number>(
    PROJECTS.map((p) => [p.key, must(projectRows.find((r) => r.name === p.name)?.id, `project ${p.name}`)]),
  );

  try {
    for (const p of PROJECTS) if (p.source) await writeDemoSource(orgId, projectId.get(p.key)!, p.source.files);
    const accountId = new Map<string, number>();
    for (const a of ACCOUNTS) {
      const row = await createAccount({
        orgId,
        projectId: projectId.get(a.project)!,
        input: { platform: a.platform, platformId: a.platformId, displayName: a.displayName, isDefault: a.isDefault, credentials: a.credentials },
      });
      accountId.set(`${a.project}/${a.platformId}`, row.id);
    }
    return await db.$transaction((tx) => fillDemo(tx, { orgId, now, reviewer, projectId, accountId }), {
      timeout: 120_000,
      maxWait: 20_000,
    });
  } catch (err) {
    // Leave nothing half-loaded behind: the projects cascade to their accounts.
    await db.project.deleteMany({ where: { organizationId: orgId, id: { in: [...projectId.values()] } } }).catch(() => {});
    for (const id of projectId.values()) await deleteProjectSourceFiles(orgId, id);
    throw err;
  }
}

/** A demo project's source files, where a real clone's would be (lib/sources/managed-source-dir.ts). */
async function writeDemoSource(orgId: number, projectId: number, files: Record<string, string>): Promise<void> {
  const staging = await makeStagingDir(orgId);
  try {
    for (const [rel, text] of Object.entries(files)) {
      await fs.promises.mkdir(path.dirname(path.join(staging, "tree", rel)), { recursive: true });
      await fs.promises.writeFile(path.join(staging, "tree", rel), text);
    }
    await installTree(orgId, projectId, path.join(staging, "tree"));
  } finally {
    await removeDir(staging);
  }
}

async function fillDemo(tx: Tx, base: Parameters<typeof planDemo>[1]): Promise<DemoSummary> {
  const plan = await planDemo(tx, base);
  await fillCampaigns(tx, plan);
  const runs = await fillRuns(tx, plan);

  // Reply drafts point at conversation messages, which point at threads, which point at their parent drafts.
  const drafts = buildDraftRows(plan, runs);
  await tx.draft.createMany({ data: drafts.outreach });
  const conversations = await fillThreads(tx, plan);
  await tx.draft.createMany({ data: drafts.replies });
  await tx.draftEvent.createMany({ data: drafts.events });
  if (drafts.hints.length) await tx.draftRegenerationHint.createMany({ data: drafts.hints });

  const contacts = await fillContacts(tx, plan, drafts.sentAt);
  const insights = buildInsights(plan);
  await tx.projectInsight.createMany({ data: insights });
  const notifications = buildNotifications({ ...plan, runTimes: runs.runTimes });
  await tx.notification.createMany({ data: notifications });

  return {
    projects: PROJECTS.length,
    accounts: ACCOUNTS.length,
    templates: TEMPLATES.length,
    "blocklist entries": BLOCKLIST.length,
    campaigns: CAMPAIGNS.length,
    runs: runs.runs,
    "run events": runs.runEvents,
    drafts: drafts.outreach.length + drafts.replies.length,
    "draft events": drafts.events.length,
    "regeneration hints": drafts.hints.length,
    contacts,
    threads: conversations.threads,
    messages: conversations.messages,
    insights: insights.length,
    notifications: notifications.length,
  };
}
