// PUT /api/campaigns/[id]/inbox-quality {minQuality: 0-100 | null} - the campaign's inbox quality filter default
// (session or API key)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZInboxQualityBody } from "@/lib/outcomes/judge-schemas";
import { setInboxMinQuality } from "@/lib/outcomes/set-inbox-min-quality";

const ZParams = z.object({ id: ZId });

export const PUT = withOrg({ params: ZParams, body: ZInboxQualityBody }, async ({ orgId, params, body }) =>
  Response.json(await setInboxMinQuality({ orgId, campaignId: params.id, minQuality: body.minQuality })),
);
