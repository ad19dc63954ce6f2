// GET/PUT /api/settings/webhooks - the organization's webhook URL (its first endpoint); PUT {url} sets it, {url: null}
// or "" disables it; a new endpoint's secret is in the answer once (session, admin)
import { withOrg } from "@/lib/http/with-org";
import { ZSettingsWebhook } from "@/lib/webhooks/schemas";
import { getWebhookSetting } from "@/lib/webhooks/get-webhook-setting";
import { setWebhookUrl } from "@/lib/webhooks/set-webhook-url";

export const GET = withOrg({ role: "admin" }, async ({ orgId }) => Response.json(await getWebhookSetting({ orgId })));

export const PUT = withOrg({ body: ZSettingsWebhook, role: "admin" }, async ({ orgId, body }) =>
  Response.json(await setWebhookUrl({ orgId, url: body.url || null })),
);
