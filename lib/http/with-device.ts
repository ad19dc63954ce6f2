// Wrapper for extension routes (auth B): a per-device bearer token, never the cookie, so no site can forge a call
// with a victim's credentials and no origin check applies (the platform's pages call these routes, under CORS).
import type { ZodType } from "zod";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { parseRequest, readJsonBody, runRoute, type BaseContext, type NextRouteContext, type Parsed, type RouteSchemas } from "@/lib/http/pipeline";
import { resolveDevice, type DeviceCaller } from "@/lib/extension/resolve-device";

export type DeviceContext<P, Q, B> = BaseContext<P, Q, B> & DeviceCaller;

export function withDevice<P extends ZodType, Q extends ZodType, B extends ZodType>(
  options: RouteSchemas<P, Q, B>,
  handler: (ctx: DeviceContext<Parsed<P>, Parsed<Q>, Parsed<B>>) => Promise<Response>,
) {
  return (req: Request, routeCtx?: NextRouteContext) =>
    runRoute(req, async (requestId, log) => {
      const rawBody = await readJsonBody(req, options);
      const device = await resolveDevice(req.headers.get("authorization"));
      if (!device) throw new AppError("unauthorized", "A valid extension device token is required");
      await db.extensionDevice.update({ where: { id: device.deviceId }, data: { lastSeenAt: new Date() } });
      const input = await parseRequest(req, routeCtx, options, rawBody);
      return handler({ req, requestId, log: log.child({ orgId: device.orgId, deviceId: device.deviceId }), ...device, ...input });
    });
}
