// DELETE /api/run/[id] - cancel a live run (session): 200 {run}; 409 once it has finished
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { cancelRun } from "@/lib/runs/cancel-run";

export const DELETE = withOrg({ params: z.object({ id: ZId }) }, async (ctx) =>
  Response.json({ run: await cancelRun({ orgId: ctx.orgId, runId: ctx.params.id, by: ctx.username ?? "the local operator" }) }),
);
