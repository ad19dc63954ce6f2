// federated_post, the auto-post job and `outreach federated:post`: sends one approved draft to the federated platform (SPEC
// "Federated-platform playbooks": never without human approval, and only when the campaign's autoPost is on).
//
// Order of work, chosen so a retry never posts twice and no row lock spans the HTTP call:
// 1. every check (campaign, platform, kind, autoPost, state and readiness, a person's approval, blocklist, account);
// 2. POST the status with Idempotency-Key "outreach-draft-<id>-v<version>", which the instance answers with the
//    status it already made when the key repeats (a crash after the POST and before step 3 is safe);
// 3. a `posted` draft event keeps the remote id and URL (a retry after a crash before step 4 posts nothing);
// 4. the shared send path (send-draft.ts: blocklist again, optimistic lock, contact history) flips it to `sent`.
// A draft already sent through this tool answers its earlier result.
import { db } from "@/lib/db/client";
import { isPersonActor } from "@/lib/drafts/actor";
import { AppError, foundOrThrow, notFound } from "@/lib/http/errors";
import type { DraftActor } from "@/lib/drafts/actor";
import { recordDraftEvent } from "@/lib/drafts/record-draft-event";
import { sendDraft } from "@/lib/drafts/send-draft";
import { sendReadiness } from "@/lib/drafts/send-readiness";
import { loadBlocklistRules } from "@/lib/blocklist/load-blocklist-rules";
import { matchBlocklist } from "@/lib/blocklist/match-blocklist";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";
import { postStatus, resolveStatusId, type FederatedInstance, type Visibility } from "@/lib/platforms/federated/federated-client";
import { federatedInstanceFor } from "@/lib/platforms/federated/federated-credentials";
import { withAccountUse } from "@/lib/accounts/record-account-use";
import { SendHeld, takeSendSlot } from "@/lib/sending/take-send-slot";
import { holdDraft } from "@/lib/sending/hold-draft";

const POSTABLE_KINDS = ["dm", "post_comment", "post"] as const;
type PostableKind = (typeof POSTABLE_KINDS)[number];

export const POSTED_EVENT = "posted";

interface PostedDetails {
  statusId: string;
  url: string | null;
  version: number;
  idempotencyKey: string;
}

export interface PostFederatedDraftInput {
  orgId: number;
  /** The campaign the caller is bound to (a run's); the draft must be one of its drafts. */
  campaignId: number | null;
  draftId: number;
  actor: DraftActor;
  /**
   * The key the caller has recorded for this draft's attempts (auto-post keeps one per draft across retries, so a
   * version change between two attempts cannot make a second status); by default `outreach-draft-<id>-v<version>`.
   */
  idempotencyKey?: string;
  /** The time the post acts at (auto-post's tick): whether the draft's send time has come, and its sent_at. */
  now?: Date;
}

export interface FederatedPostResult {
  posted: { id: string; url: string | null };
  draft: { id: number; state: string; version: number };
  alreadyPosted?: true;
}

export function postFederatedDraft(input: PostFederatedDraftInput): Promise<FederatedPostResult> {
  return postOrCheck(input, false) as Promise<FederatedPostResult>;
}

/**
 * Every check of postFederatedDraft, in its order and words, without posting: throws the refusal, or answers the
 * earlier result of a draft already posted and sent, or null when the draft may be posted now.
 */
export function checkFederatedPost(input: PostFederatedDraftInput): Promise<FederatedPostResult | null> {
  return postOrCheck(input, true);
}

async function postOrCheck({ orgId, campaignId, draftId, actor, idempotencyKey: givenKey, now = new Date() }: PostFederatedDraftInput, checkOnly: boolean): Promise<FederatedPostResult | null> {
  if (campaignId === null) throw new AppError("bad_request", "federated_post needs a run of a campaign");
  const campaign = await db.campaign.findFirst({ where: { id: campaignId, organizationId: orgId }, select: { id: true, autoPost: true } });
  if (!campaign) throw notFound("Campaign");
  // Another campaign's draft answers exactly like a missing one.
  const draft = foundOrThrow("Draft", draftId, await db.draft.findFirst({
    where: { id: draftId, organizationId: orgId, campaignId: campaign.id },
    select: {
      id: true, version: true, state: true, kind: true, platform: true, projectId: true, campaignId: true, accountId: true, accountHandle: true, targetUser: true,
      targetCommunity: true, targetUrl: true, title: true, body: true, draftingRunId: true, scheduledSendAfter: true,
    },
  }));

  const earlier = await lastPosted(orgId, draft.id);
  if (draft.state === "sent" && earlier) {
    return { posted: { id: earlier.statusId, url: earlier.url }, draft: { id: draft.id, state: draft.state, version: draft.version }, alreadyPosted: true as const };
  }
  if (draft.platform !== "federated") {
    throw new AppError("unprocessable", `Draft ${draft.id} is a ${draft.platform} draft; federated_post only sends federated drafts`);
  }
  if (!(POSTABLE_KINDS as readonly string[]).includes(draft.kind)) {
    throw new AppError("unprocessable", `A ${draft.kind} draft cannot be posted by federated_post (dm, post_comment or post only)`);
  }
  if (!campaign.autoPost) {
    throw new AppError("forbidden", "autoPost is off for this campaign: a person sends its drafts");
  }
  if (draft.state !== "approved") {
    throw new AppError("conflict", `Draft ${draft.id} is ${draft.state}; only an approved draft can be posted`, { state: draft.state });
  }
  const readiness = sendReadiness(draft, now);
  if (!readiness.ready) throw new AppError("conflict", `Draft ${draft.id} is not ready to send: ${readiness.reason}`);
  await requireHumanApproval(orgId, draft.id);

  const rules = await loadBlocklistRules(db, { orgId, projectId: draft.projectId });
  const hit = matchBlocklist(rules, { targetUser: draft.targetUser, targetCommunity: draft.targetCommunity, texts: [draft.body, draft.title ?? ""] });
  if (hit) {
    throw new AppError("blocklisted", `This draft cannot be sent: ${hit.message}`, { blocklist: { type: hit.type, value: hit.value, scope: hit.scope } });
  }

  if (draft.accountId === null) {
    // A campaign that sends from several accounts: the draft is given the one with the most room now, under the
    // accounts' row locks. Posting reserves that account's slot in the same transaction (the post below then uses
    // it); a check only chooses, as the extension's armed call does.
    try {
      draft.accountId = await db.$transaction((tx) => takeSendSlot(tx, { orgId, draft, at: now, mode: checkOnly ? "check" : "reserve" }));
    } catch (err) {
      if (err instanceof SendHeld) throw await holdDraft({ orgId, draftId: draft.id, held: err, actor });
      throw err;
    }
  }
  const account = draft.accountId
    ? await db.account.findFirst({
        where: { id: draft.accountId, organizationId: orgId, platform: "federated" },
        select: { id: true, credentialsCiphertext: true, credentialsKeyId: true },
      })
    : null;
  if (!account) throw new AppError("unprocessable", `Draft ${draft.id} has no federated account to post from`);
  const instance = federatedInstanceFor(account);
  if (!instance.accessToken) throw new AppError("unprocessable", `Account ${account.id} has no access token in its credentials`);

  const idempotencyKey = givenKey ?? federatedIdempotencyKey(draft);
  if (earlier && earlier.version !== draft.version) {
    // Posted at an earlier version, then changed before it was marked sent: the status is out, so never post again.
    throw new AppError("conflict", `Draft ${draft.id} was already posted (${earlier.url ?? earlier.statusId}) at version ${earlier.version}; mark it sent instead`);
  }
  if (checkOnly) return null;
  let posted = earlier;
  if (!posted) {
    const composed = await composeStatus(instance, draft as typeof draft & { kind: PostableKind });
    // The account's sending limits and the person's opt-out, before the platform is called: the slot is reserved
    // under the account's row lock and committed, so a second worker or instance counts it; the send then uses it.
    try {
      await db.$transaction((tx) =>
        takeSendSlot(tx, { orgId, draft: { ...draft, accountId: account.id }, at: now, mode: "reserve" }),
      );
    } catch (err) {
      if (err instanceof SendHeld) throw await holdDraft({ orgId, draftId: draft.id, held: err, actor });
      throw err;
    }
    // The account's row says whether the instance took its token (Projects > Accounts).
    const remote = await withAccountUse({ orgId, accountId: account.id }, async () => postStatus(instance, { ...composed, idempotencyKey }));
    const fresh: PostedDetails = { statusId: remote.id, url: remote.url ?? remote.uri, version: draft.version, idempotencyKey };
    await db.$transaction((tx) =>
      recordDraftEvent(tx, { orgId, draftId: draft.id, event: POSTED_EVENT, actor, details: { platform: "federated", instance: instance.baseUrl, ...fresh } }),
    );
    posted = fresh;
  }

  try {
    const post = { platform: "federated", id: posted.statusId, url: posted.url };
    const sent = await sendDraft({
      orgId, id: draft.id, version: draft.version, actor, details: { post }, at: now,
      published: { url: posted.url, id: posted.statusId }, alreadyOnPlatform: true,
    });
    return { posted: { id: posted.statusId, url: posted.url }, draft: { id: sent.id, state: sent.state, version: sent.version } };
  } catch (err) {
    // A concurrent call of the same draft flipped it first: the status went out once, so answer it.
    const now = await db.draft.findFirst({ where: { id: draft.id, organizationId: orgId }, select: { state: true, version: true } });
    if (now?.state === "sent") {
      return { posted: { id: posted.statusId, url: posted.url }, draft: { id: draft.id, state: now.state, version: now.version }, alreadyPosted: true as const };
    }
    throw err;
  }
}

/** The Idempotency-Key of a draft's post: one status per draft and version, whoever retries. */
export function federatedIdempotencyKey(draft: { id: number; version: number }): string {
  return `outreach-draft-${draft.id}-v${draft.version}`;
}

/**
 * The approval that put the draft in `approved` must be a person's at the dashboard (a signed-in user, or the local
 * operator when sign-in is off), not a run, a device or the CLI.
 */
async function requireHumanApproval(orgId: number, draftId: number) {
  const approval = await db.draftEvent.findFirst({
    where: { organizationId: orgId, draftId, event: "approved" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { actorType: true, actorLabel: true },
  });
  if (!approval || !isPersonActor(approval)) {
    throw new AppError("forbidden", `Draft ${draftId} was not approved by a person; a reviewer must approve it in the dashboard before it can be posted`);
  }
}

async function lastPosted(orgId: number, draftId: number): Promise<PostedDetails | null> {
  const event = await db.draftEvent.findFirst({
    where: { organizationId: orgId, draftId, event: POSTED_EVENT },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { details: true },
  });
  const d = event?.details as Partial<PostedDetails> | undefined;
  return d && typeof d.statusId === "string" && typeof d.version === "number"
    ? { statusId: d.statusId, url: d.url ?? null, version: d.version, idempotencyKey: d.idempotencyKey ?? "" }
    : null;
}

/**
 * dm: a direct status that mentions the person (that is what makes it private to them); post_comment: a public
 * reply to the draft's target status, mentioning its author so they are notified; post: a public status (the title,
 * when there is one, as its first line).
 */
async function composeStatus(
  instance: FederatedInstance,
  draft: { id: number; kind: PostableKind; targetUser: string; targetUrl: string | null; title: string | null; body: string },
): Promise<{ status: string; visibility: Visibility; inReplyToId?: string }> {
  const mention = `@${canonicalHandle(draft.targetUser)}`;
  const withMention = (text: string) => (text.toLowerCase().includes(mention.toLowerCase()) ? text : `${mention} ${text}`);
  if (draft.kind === "dm") return { status: withMention(draft.body), visibility: "direct" };
  if (draft.kind === "post") return { status: draft.title ? `${draft.title}\n\n${draft.body}` : draft.body, visibility: "public" };
  if (!draft.targetUrl) throw new AppError("unprocessable", `Draft ${draft.id} is a comment without the status it answers (targetUrl)`);
  const inReplyToId = await resolveStatusId(instance, draft.targetUrl);
  if (!inReplyToId) throw new AppError("unprocessable", `The status ${draft.targetUrl} could not be found on ${instance.baseUrl}`);
  return { status: withMention(draft.body), visibility: "public", inReplyToId };
}
