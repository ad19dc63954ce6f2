// POST /api/extension/pair - redeem a short-lived, single-use pairing code for a device token (public)
import { withPublic } from "@/lib/http/with-public";
import { ZPairBody } from "@/lib/extension/schemas";
import { redeemPairingCode } from "@/lib/extension/redeem-pairing-code";

export const POST = withPublic({ body: ZPairBody }, async ({ body }) =>
  Response.json(await redeemPairingCode({ code: body.code, name: body.name }), { status: 201 }),
);
