// Draft creation, shared by every caller (the drafts_create agent tool, the CLI, tests): the blocklist, contact
// deduplication, A/B variants and quality scores are applied here and nowhere else, in one transaction.
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db, type Tx } from "@/lib/db/client";
import { notFound, requireIdsFound } from "@/lib/http/errors";
import { getAppConfig } from "@/lib/config/get-app-config";
import type { DraftActor } from "@/lib/drafts/actor";
import type { DedupWarning } from "@/lib/drafts/draft-view";
import type { DraftEntry } from "@/lib/drafts/schemas";
import { recordDraftEvent } from "@/lib/drafts/record-draft-event";
import { createNotification } from "@/lib/notifications/create-notification";
import { matchBlocklist, type BlocklistHit } from "@/lib/blocklist/match-blocklist";
import { findSuppressed, suppressedMessage } from "@/lib/privacy/find-suppressed";
import { subjectHash } from "@/lib/privacy/subject-hash";
import { addressesPerson, canonicalHandle } from "@/lib/contacts/canonical-handle";
import { findRecentContact } from "@/lib/contacts/find-recent-contact";

export interface CreateDraftsInput {
  orgId: number;
  /** The campaign the drafts belong to; its project and platform then bind every entry. */
  campaignId?: number | null;
  runId?: number | null;
  actor: DraftActor;
  entries: DraftEntry[];
  /** pending_review for outreach; proposed for reply continuations (docs/drafts.md). */
  state?: "pending_review" | "proposed";
  /**
   * Agent tools refuse the whole call when an entry names an account outside the campaign's project (or another
   * organization's, or none), as they refuse every foreign id; the CLI skips such entries one by one.
   */
  refuseForeignAccounts?: boolean;
  now?: Date;
}

export interface CreatedDraft {
  index: number;
  id: number;
  targetUser: string;
  kind: string;
  variantGroupId: string | null;
  variantLabel: string | null;
  dedupWarning: DedupWarning | null;
}

export interface SkippedEntry {
  index: number;
  targetUser: string;
  reason: "blocklisted" | "invalid_account" | "opted_out" | "suppressed";
  message: string;
  blocklist?: Omit<BlocklistHit, "message">;
}

export interface DedupSkippedEntry {
  index: number;
  targetUser: string;
  source: DedupWarning["source"];
  lastContactedAt: string;
  draftId: number | null;
}

export interface CreateDraftsResult {
  created: CreatedDraft[];
  skipped: SkippedEntry[];
  dedupSkipped: DedupSkippedEntry[];
}

const VARIANT_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const REPLY_KINDS = new Set(["reply_dm", "reply_comment"]);

export async function createDrafts(input: CreateDraftsInput): Promise<CreateDraftsResult> {
  const { orgId, entries, actor } = input;
  const now = input.now ?? new Date();
  const { dedup_policy: dedup } = await getAppConfig({ orgId });

  return db.$transaction(async (tx) => {
    const campaign = input.campaignId
      ? await tx.campaign.findFirst({ where: { id: input.campaignId, organizationId: orgId }, select: { id: true, projectId: true, platform: true } })
      : null;
    if (input.campaignId && !campaign) throw notFound("Campaign");
    // A campaign that sends from several accounts takes entries without an account: one is chosen at send time
    // (lib/sending/choose-send-account.ts).
    const spreads = campaign ? (await tx.campaignSendAccount.count({ where: { organizationId: orgId, campaignId: campaign.id } })) > 0 : false;
    const askedIds = entries.flatMap((e) => (e.accountId === undefined ? [] : [e.accountId]));

    const accounts = new Map(
      (
        await tx.account.findMany({
          where: { organizationId: orgId, id: { in: [...new Set(askedIds)] } },
          select: { id: true, projectId: true, platform: true, platformId: true },
        })
      ).map((a) => [a.id, a]),
    );
    if (input.refuseForeignAccounts) {
      const visible = [...accounts.values()].filter((a) => !campaign || a.projectId === campaign.projectId).map((a) => a.id);
      requireIdsFound([{ what: "Account", asked: askedIds, found: visible }], "Use an accountId from run_start.");
    }
    const rules = await tx.blocklistEntry.findMany({
      where: { organizationId: orgId },
      select: { id: true, type: true, value: true, projectId: true },
      orderBy: { id: "asc" },
    });

    // People who asked not to be contacted (docs/sending-limits.md "Opt-outs"): refused like the blocklist.
    const optedOut = new Map(
      (
        await tx.contactHistory.findMany({
          where: { organizationId: orgId, optedOutAt: { not: null }, targetUser: { in: [...new Set(entries.map((e) => canonicalHandle(e.targetUser)))] } },
          select: { platform: true, targetUser: true, optedOutAt: true, optOutSource: true },
        })
      ).map((c) => [`${c.platform}\u0000${c.targetUser}`, c]),
    );

    // People erased at their request (docs/privacy.md): only a keyed hash of them is left, refused before anything else.
    const suppressed = await findSuppressed(tx, {
      orgId,
      people: entries.flatMap((e) => {
        // An entry without an account (a spreading campaign) is on the campaign's platform.
        const platform = e.accountId === undefined ? campaign?.platform : accounts.get(e.accountId)?.platform;
        return platform && addressesPerson(e.kind) ? [{ platform, handle: e.targetUser }] : [];
      }),
    });

    const result: CreateDraftsResult = { created: [], skipped: [], dedupSkipped: [] };
    for (const [index, entry] of entries.entries()) {
      // Spread: the campaign's project and platform stand in for the account's until one is chosen at send time.
      const account = entry.accountId === undefined
        ? spreads && campaign ? { id: null, projectId: campaign.projectId, platform: campaign.platform, platformId: "" } : undefined
        : accounts.get(entry.accountId);
      const accountProblem = entry.accountId === undefined && !account
        ? "accountId is required: this campaign does not send from several accounts"
        : !account
        ? `Account ${entry.accountId} not found`
        : campaign && account.projectId !== campaign.projectId
          ? `Account ${entry.accountId} belongs to another project`
          : campaign && account.platform !== campaign.platform
            ? `Account ${entry.accountId} is a ${account.platform} account; the campaign is on ${campaign.platform}`
            : null;
      if (!account || accountProblem) {
        result.skipped.push({ index, targetUser: entry.targetUser, reason: "invalid_account", message: accountProblem! });
        continue;
      }
      const personal = addressesPerson(entry.kind);
      // Handles are stored without their "u/" or "@" prefix so every lookup compares one spelling.
      const targetUser = personal ? entry.targetUser.replace(/^(?:\/?u\/|@)/i, "") : entry.targetUser;

      if (personal && suppressed.has(subjectHash(account.platform, targetUser))) {
        result.skipped.push({ index, targetUser, reason: "suppressed", message: `${suppressedMessage(canonicalHandle(targetUser))}; no draft was made` });
        continue;
      }

      const hit = matchBlocklist(
        rules.filter((r) => r.projectId === null || r.projectId === account.projectId),
        { targetUser, targetCommunity: entry.targetCommunity, texts: [entry.body, ...(entry.variants ?? []), entry.title ?? ""] },
      );
      if (hit) {
        const { message, ...blocklist } = hit;
        result.skipped.push({ index, targetUser, reason: "blocklisted", message, blocklist });
        continue;
      }
      const optOut = personal ? optedOut.get(`${account.platform}\u0000${canonicalHandle(targetUser)}`) : undefined;
      if (optOut) {
        const how = optOut.optOutSource === "reply" ? "in a reply" : "(marked on the People page)";
        result.skipped.push({
          index, targetUser, reason: "opted_out",
          message: `${canonicalHandle(targetUser)} asked not to be contacted ${how} on ${optOut.optedOutAt!.toISOString().slice(0, 10)}; no draft was made`,
        });
        continue;
      }

      // Continuing a conversation is the point of a reply, so replies are never deduplicated.
      const warning = personal && !REPLY_KINDS.has(entry.kind)
        ? await findRecentContact(tx, { orgId, platform: account.platform, targetUser, windowDays: dedup.window_days, now })
        : null;
      if (warning && dedup.mode === "skip") {
        result.dedupSkipped.push({ index, targetUser, source: warning.source, lastContactedAt: warning.lastContactedAt, draftId: warning.draftId });
        continue;
      }

      const bodies = [entry.body, ...(entry.variants ?? [])];
      const groupId = bodies.length > 1 ? randomUUID() : null;
      for (const [i, body] of bodies.entries()) {
        const label = groupId ? VARIANT_LABELS[i] : null;
        const id = await insertDraft(tx, {
          organizationId: orgId,
          state: input.state ?? "pending_review",
          kind: entry.kind,
          platform: account.platform,
          projectId: account.projectId,
          accountId: account.id,
          accountHandle: account.platformId,
          targetUser,
          targetCommunity: entry.targetCommunity ?? null,
          targetUrl: entry.targetUrl ?? null,
          title: entry.title ?? null,
          campaignId: campaign?.id ?? null,
          runId: input.runId ?? null,
          body,
          dedupWarning: (warning ?? undefined) as Prisma.InputJsonValue | undefined,
          scheduledSendAfter: entry.scheduledSendAfter ? new Date(entry.scheduledSendAfter) : null,
          qualityScore: entry.qualityScore,
          qualityReason: entry.qualityReason ?? null,
          qualityModel: entry.qualityModel ?? null,
          variantGroupId: groupId,
          variantLabel: label,
        });
        await recordDraftEvent(tx, {
          orgId, draftId: id, event: "created", actor,
          details: { runId: input.runId ?? null, campaignId: campaign?.id ?? null, variantLabel: label, dedupWarning: warning !== null },
        });
        result.created.push({ index, id, targetUser, kind: entry.kind, variantGroupId: groupId, variantLabel: label, dedupWarning: warning });
      }
    }
    // A run's drafts are announced once, when the run ends (notify-run-ended); a batch from elsewhere (the CLI) now.
    if (!input.runId && result.created.length > 0) {
      const n = result.created.length;
      await createNotification(tx, {
        orgId,
        kind: "drafts.created",
        title: `${n} ${n === 1 ? "draft" : "drafts"} waiting for review`,
        data: { campaignId: campaign?.id ?? null, projectId: campaign?.projectId ?? null, count: n, draftIds: result.created.map((c) => c.id) },
        now,
      });
    }
    return result;
  });
}

async function insertDraft(tx: Tx, data: Prisma.DraftUncheckedCreateInput): Promise<number> {
  const row = await tx.draft.create({ data, select: { id: true } });
  return row.id;
}
