// One removal check of one sent draft: where it lives (visibility-target.ts), then the platform's public read. Nothing
// is written here: the job and "Check now" record the outcome in a short transaction of their own afterwards, so no
// row lock is held across the platform call.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { DraftVisibility } from "@/lib/generated/prisma/enums";
import { federatedInstanceFor } from "@/lib/platforms/federated/federated-credentials";
import { federatedStatusIdOfUrl, visibilityTargetOf } from "@/lib/removal-checks/visibility-target";
import { readFederatedVisibility, readForumVisibility } from "@/lib/removal-checks/read-visibility";

export type CheckOutcome = { ok: true; visibility: DraftVisibility } | { ok: false; error: string };

export async function checkDraftVisibility({ orgId, draftId }: { orgId: number; draftId: number }): Promise<CheckOutcome> {
  const draft = await db.draft.findFirst({
    where: { id: draftId, organizationId: orgId },
    select: {
      platform: true, publishedUrl: true, publishedId: true,
      account: { select: { id: true, credentialsCiphertext: true, credentialsKeyId: true } },
    },
  });
  if (!draft) return { ok: false, error: "The draft is gone" };
  const target = visibilityTargetOf(draft);
  if (!target) return { ok: false, error: "There is no link to the post on the platform to check" };
  try {
    if (target.platform === "forum") return { ok: true, visibility: await readForumVisibility(target.fullname) };
    // The account's own instance (its credentials' instanceUrl), read without its token.
    const instance = federatedInstanceFor(draft.account);
    let statusId = target.statusId;
    if (!statusId && target.statusUrl) {
      if (new URL(target.statusUrl).origin !== new URL(instance.baseUrl).origin) {
        return { ok: false, error: `The link ${target.statusUrl} is not on the account's instance (${instance.baseUrl})` };
      }
      statusId = federatedStatusIdOfUrl(target.statusUrl);
    }
    if (!statusId) return { ok: false, error: "There is no link to the post on the platform to check" };
    return { ok: true, visibility: await readFederatedVisibility(instance.baseUrl, statusId) };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, error: err.message };
    throw err;
  }
}
