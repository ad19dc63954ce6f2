// POST /api/settings/extension/pairing-codes - a single-use pairing code for the extension, shown once, valid for
// 10 minutes (session only: an API key cannot mint devices, whose tokens would outlive the key)
import { withOrg } from "@/lib/http/with-org";
import { createPairingCode } from "@/lib/extension/create-pairing-code";

export const POST = withOrg({ apiKeys: false }, async ({ orgId, userId }) => Response.json(await createPairingCode({ orgId, userId }), { status: 201 }));
