// POST /api/extension/pair - redeem a short-lived, single-use pairing code for a device token (public, throttled;
// the extension calls it from its own origin, and the code itself is the credential)
import { withPublic } from "@/lib/http/with-public";
import { clientAddress } from "@/lib/http/request-origin";
import { ZPairBody } from "@/lib/extension/schemas";
import { redeemPairingCode } from "@/lib/extension/redeem-pairing-code";

export const POST = withPublic({ body: ZPairBody, crossOrigin: true }, async ({ req, body }) =>
  Response.json(await redeemPairingCode({ code: body.code, name: body.name, address: clientAddress(req.headers) }), { status: 201 }),
);
