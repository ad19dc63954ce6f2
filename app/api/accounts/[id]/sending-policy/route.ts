// PATCH /api/accounts/[id]/sending-policy - change an account's sending limits (null: back to the platform's default) and answer where it stands (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZSendingPolicyPatch } from "@/lib/sending/sending-policy";
import { updateSendingPolicy } from "@/lib/sending/update-sending-policy";

const ZParams = z.object({ id: ZId });

export const PATCH = withOrg({ params: ZParams, body: ZSendingPolicyPatch }, async ({ orgId, params, body }) =>
  Response.json(await updateSendingPolicy({ orgId, accountId: params.id, patch: body })),
);
