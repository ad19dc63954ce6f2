// GET/PUT/PATCH/DELETE /api/settings/sso - the organization's single sign-on: read it, connect an OpenID Connect
// provider (discovery through the outbound guard; the secret sealed), change its choices, disconnect it
// (session, admin; docs/sso.md)
import { withOrg } from "@/lib/http/with-org";
import { getSsoConnection } from "@/lib/sso/get-sso-connection";
import { saveSsoConnection } from "@/lib/sso/save-sso-connection";
import { updateSsoSettings } from "@/lib/sso/update-sso-settings";
import { deleteSsoConnection } from "@/lib/sso/delete-sso-connection";
import { ZSaveSsoConnectionBody, ZUpdateSsoSettingsBody } from "@/lib/sso/schemas";

export const GET = withOrg({ apiKeys: false, role: "admin" }, async ({ orgId }) => Response.json({ connection: await getSsoConnection({ orgId }) }));

export const PUT = withOrg({ apiKeys: false, role: "admin", body: ZSaveSsoConnectionBody }, async ({ orgId, body }) =>
  Response.json({ connection: await saveSsoConnection({ orgId, ...body }) }),
);

export const PATCH = withOrg({ apiKeys: false, role: "admin", body: ZUpdateSsoSettingsBody }, async ({ orgId, body }) =>
  Response.json({ connection: await updateSsoSettings({ orgId, ...body }) }),
);

export const DELETE = withOrg({ apiKeys: false, role: "admin" }, async ({ orgId }) => {
  await deleteSsoConnection({ orgId });
  return new Response(null, { status: 204 });
});
