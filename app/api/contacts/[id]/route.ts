// PATCH /api/contacts/[id] - mark a contact opted out by hand, or undo an opt-out (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZContactPatch } from "@/lib/contacts/schemas";
import { setContactOptOut } from "@/lib/contacts/set-contact-opt-out";

const ZParams = z.object({ id: ZId });

export const PATCH = withOrg({ params: ZParams, body: ZContactPatch }, async ({ orgId, params, body }) =>
  Response.json(await setContactOptOut({ orgId, id: params.id, optedOut: body.optedOut })),
);
