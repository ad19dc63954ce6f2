// GET /api/runs/[id]/events?afterSeq= - the run's event log in order (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZRunEventsQuery } from "@/lib/runs/schemas";
import { listRunEvents } from "@/lib/runs/list-run-events";

export const GET = withOrg({ params: z.object({ id: ZId }), query: ZRunEventsQuery }, async (ctx) =>
  Response.json(await listRunEvents({ orgId: ctx.orgId, runId: ctx.params.id, afterSeq: ctx.query.afterSeq, limit: ctx.query.limit })),
);
