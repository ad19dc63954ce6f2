// What `run_start` hands the playbook in one call (SPEC "Agent tool interface"): the campaign, its project, the
// project's accounts on the campaign's platform (default first), the blocklist, recently contacted handles and the
// templates of the inferred kind, the quality rubric drafts are scored against, and the contacts who asked not to be
// contacted on the campaign's platform (so the agent spends no research on people drafts_create would refuse).
import { db } from "@/lib/db/client";
import { getAppConfig } from "@/lib/config/get-app-config";
import { notFound } from "@/lib/http/errors";
import { loadBlocklistRules } from "@/lib/blocklist/load-blocklist-rules";
import { templateKindForSkill } from "@/lib/runs/template-kind-for-skill";

const RECENT_CONTACTS_LIMIT = 500;
// The newest opt-outs are the ones research is most likely to run into again; the total says how many were left out.
export const OPTED_OUT_LIMIT = 200;

export async function getRunContext({ orgId, runId, now = new Date() }: { orgId: number; runId: number; now?: Date }) {
  const run = await db.run.findFirst({
    where: { id: runId, organizationId: orgId },
    select: { id: true, kind: true, trigger: true, params: true, campaignId: true, projectId: true },
  });
  if (!run) throw notFound("Run");
  const campaign = run.campaignId
    ? await db.campaign.findFirst({
        where: { id: run.campaignId, organizationId: orgId },
        select: { id: true, name: true, platform: true, skill: true, config: true, state: true, autoPost: true, projectId: true },
      })
    : null;
  const projectId = campaign?.projectId ?? run.projectId;
  const project = projectId
    ? await db.project.findFirst({ where: { id: projectId, organizationId: orgId }, select: { id: true, name: true, description: true, website: true } })
    : null;
  const platform = campaign?.platform ?? null;
  const kind = templateKindForSkill(campaign?.skill);
  const { dedup_policy: dedup, quality_rubric: qualityRubric } = await getAppConfig({ orgId });
  const since = new Date(now.getTime() - dedup.window_days * 86_400_000);

  const optedOutWhere = { organizationId: orgId, ...(platform ? { platform } : {}), optedOutAt: { not: null } };
  const [accounts, blocklist, contacts, templates, optedOut, optedOutTotal, spread] = await Promise.all([
    project
      ? db.account.findMany({
          where: { organizationId: orgId, projectId: project.id, ...(platform ? { platform } : {}) },
          orderBy: [{ isDefault: "desc" }, { id: "asc" }],
          select: { id: true, platform: true, platformId: true, displayName: true, isDefault: true },
        })
      : [],
    loadBlocklistRules(db, { orgId, projectId: project?.id ?? null }),
    db.contactHistory.findMany({
      where: { organizationId: orgId, ...(platform ? { platform } : {}), lastContactedAt: { gte: since } },
      orderBy: { lastContactedAt: "desc" },
      take: RECENT_CONTACTS_LIMIT,
      select: { platform: true, targetUser: true, lastContactedAt: true, outcome: true },
    }),
    project
      ? db.template.findMany({
          where: { organizationId: orgId, projectId: project.id, isActive: true, ...(kind ? { kind } : {}) },
          orderBy: { createdAt: "desc" },
          select: { id: true, kind: true, title: true, body: true },
        })
      : [],
    db.contactHistory.findMany({
      where: optedOutWhere,
      orderBy: [{ optedOutAt: "desc" }, { id: "desc" }],
      take: OPTED_OUT_LIMIT,
      select: { platform: true, targetUser: true, optedOutAt: true },
    }),
    db.contactHistory.count({ where: optedOutWhere }),
    campaign ? db.campaignSendAccount.findMany({ where: { organizationId: orgId, campaignId: campaign.id }, select: { accountId: true } }) : [],
  ]);
  const spreadIds = new Set(spread.map((s) => s.accountId));

  return {
    run: { id: run.id, kind: run.kind, trigger: run.trigger, params: run.params },
    campaign: campaign && {
      id: campaign.id,
      name: campaign.name,
      platform: campaign.platform,
      skill: campaign.skill,
      state: campaign.state,
      autoPost: campaign.autoPost,
      config: campaign.config,
    },
    project,
    accounts: accounts.map((a) => ({ id: a.id, platform: a.platform, handle: a.platformId, displayName: a.displayName, isDefault: a.isDefault })),
    // The accounts the campaign sends from (docs/sending-limits.md "Spread over accounts"): drafts may then leave
    // accountId out, and one is chosen when each is sent.
    sendAccounts: spreadIds.size === 0
      ? { accountIds: [], note: "Each draft names its accountId." }
      : {
          accountIds: accounts.filter((a) => spreadIds.has(a.id)).map((a) => a.id),
          note: "This campaign sends from several accounts: leave accountId out of drafts_create entries, and the account with the most room is chosen when each draft is sent (a person already written to stays with that account).",
        },
    blocklist: blocklist.map((b) => ({ type: b.type, value: b.value, scope: b.projectId === null ? "global" : "project" })),
    recentlyContacted: contacts.map((c) => ({ platform: c.platform, handle: c.targetUser, lastContactedAt: c.lastContactedAt.toISOString(), outcome: c.outcome })),
    optedOut: {
      total: optedOutTotal,
      handles: optedOut.map((c) => ({ platform: c.platform, handle: c.targetUser, optedOutAt: c.optedOutAt!.toISOString() })),
      note: optedOutNote(optedOutTotal, optedOut.length),
    },
    dedupPolicy: dedup,
    // Every body is scored against it on the call that saves it (SPEC "Quality scoring").
    qualityRubric,
    templateKind: kind,
    templates,
  };
}

function optedOutNote(total: number, shown: number): string {
  if (total === 0) return "Nobody has asked not to be contacted.";
  const who = total === 1 ? "This person asked" : `These ${total} people asked`;
  const rest = total > shown ? ` Only the newest ${shown} are listed; drafts_create refuses the other ${total - shown} too.` : "";
  return `${who} not to be contacted: drafts to them are refused at drafts_create, so do not research or draft for them.${rest}`;
}

export type RunContext = Awaited<ReturnType<typeof getRunContext>>;
