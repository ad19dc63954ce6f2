// federated_scout and `outreach federated:scout`: recent public statuses under hashtags, minus bots and accounts that
// opted out (#nobot: the hard rule in no-bot-rule.ts) and everything the blocklist names, with recently contacted
// authors marked. Every returned author is staged on the run. Bots and opted-out accounts are never staged.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { loadBlocklistRules } from "@/lib/blocklist/load-blocklist-rules";
import { matchBlocklist } from "@/lib/blocklist/match-blocklist";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";
import { getTagTimeline, type FederatedInstance } from "@/lib/platforms/federated/federated-client";
import { federatedInstanceFor } from "@/lib/platforms/federated/federated-credentials";
import { withAccountUse } from "@/lib/accounts/record-account-use";
import type { FederatedStatus } from "@/lib/platforms/federated/federated-shapes";
import { htmlToText } from "@/lib/platforms/federated/html-to-text";
import { excerpt } from "@/lib/platforms/excerpt";
import { getResearchScope, profileList, type ResearchScope } from "@/lib/research/get-research-scope";
import { findRecentlyContacted } from "@/lib/research/find-recently-contacted";
import { noBotVerdict } from "@/lib/research/no-bot-rule";
import { stageCandidates } from "@/lib/research/stage-candidates";
import { ZHashtag, type FederatedScoutInput } from "@/lib/research/schemas";

const DEFAULT_LIMIT = 20;

export async function scoutFederated({ orgId, runId, projectId, input }: { orgId: number; runId?: number | null; projectId?: number | null; input: FederatedScoutInput }) {
  const scope = await getResearchScope({ orgId, runId, projectId });
  const hashtags = [...new Set((input.hashtags ?? defaultHashtags(scope.campaign)).map((h) => h.toLowerCase()))];
  if (hashtags.length === 0) throw new AppError("bad_request", "No hashtags given and the campaign profile lists none: pass hashtags");
  const { instance, accountId } = await scoutingInstance(scope);
  const rules = await loadBlocklistRules(db, { orgId, projectId: scope.projectId });
  const host = new URL(instance.baseUrl).host;

  const excluded = { bots: 0, noBot: 0, blocked: 0 };
  const seen = new Set<string>();
  const kept: { status: FederatedStatus; author: string; text: string }[] = [];
  for (const hashtag of hashtags) {
    const statuses = await withAccountUse({ orgId, accountId }, () => getTagTimeline(instance, { hashtag, limit: input.limit ?? DEFAULT_LIMIT }));
    for (const status of statuses) {
      if (seen.has(status.id)) continue;
      seen.add(status.id);
      const verdict = noBotVerdict(status.account);
      if (verdict === "bot") {
        excluded.bots++;
        continue;
      }
      if (verdict === "no_bot") {
        excluded.noBot++;
        continue;
      }
      const author = fullAcct(status.account.acct, host);
      const text = htmlToText(status.content);
      const blocked =
        matchBlocklist(rules, { targetUser: author, texts: [text] }) ??
        // A blocklist entry written without the domain names the person on their own instance.
        (status.account.acct.includes("@") ? null : matchBlocklist(rules, { targetUser: status.account.acct, texts: [] }));
      if (blocked) {
        excluded.blocked++;
        continue;
      }
      kept.push({ status, author, text });
    }
  }

  const contacted = await findRecentlyContacted({ orgId, platform: "federated", handles: kept.map((k) => k.author) });
  const statuses = kept.map(({ status, author, text }) => ({
    id: status.id,
    url: status.url ?? status.uri ?? null,
    author: { acct: author, displayName: status.account.display_name, url: status.account.url },
    excerpt: excerpt(text),
    createdAt: status.created_at,
    replies: status.replies_count,
    favourites: status.favourites_count,
    tags: status.tags.map((t) => t.name),
    inReplyTo: status.in_reply_to_id ?? null,
    recentlyContacted: contacted.has(canonicalHandle(author)),
  }));
  const staged = scope.runId
    ? (
        await stageCandidates({
          orgId,
          runId: scope.runId,
          platform: "federated",
          candidates: statuses.map((s) => ({ targetUser: s.author.acct, sourceUrl: s.url, source: { statusId: s.id, tags: s.tags } })),
        })
      ).added
    : 0;
  return { instance: instance.baseUrl, statuses, excluded, staged };
}

/**
 * Handles are stored with their domain (`alice@social.example`) so people of two instances never share a contact
 * history; the instance's own accounts come back without one and get the instance's host.
 */
export function fullAcct(acct: string, instanceHost: string): string {
  const bare = acct.replace(/^@/, "");
  return (bare.includes("@") ? bare : `${bare}@${instanceHost}`).toLowerCase();
}

/** The campaign project's federated account (the default first) decides the instance and the token to read with. */
async function scoutingInstance(scope: ResearchScope): Promise<{ instance: FederatedInstance; accountId: number | null }> {
  const account = scope.projectId
    ? await db.account.findFirst({
        where: { organizationId: scope.orgId, projectId: scope.projectId, platform: "federated" },
        orderBy: [{ isDefault: "desc" }, { id: "asc" }],
        select: { id: true, credentialsCiphertext: true, credentialsKeyId: true },
      })
    : null;
  const instance = federatedInstanceFor(account);
  // Only a read made with the account's token says anything about its credentials.
  return { instance, accountId: instance.accessToken && account ? account.id : null };
}

/**
 * The profile's `hashtags`; a federated campaign's profile may instead list them as `communities` ("#selfhosted":
 * lib/skill-generation/profile-schema.ts), which is read next.
 */
function defaultHashtags(campaign: ResearchScope["campaign"]): string[] {
  if (!campaign) return [];
  const listed = profileList(campaign.config, "hashtags");
  const source = listed.length > 0 ? listed : campaign.platform === "federated" ? profileList(campaign.config, "communities") : [];
  return source.flatMap((h) => {
    const parsed = ZHashtag.safeParse(h);
    return parsed.success ? [parsed.data] : [];
  });
}
