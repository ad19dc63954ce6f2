// Wrapper for the tool server's HTTP endpoint (auth: the per-run secret). The agent's stdio bridge sends
// `Authorization: Bearer <run token>` and `X-Outreach-Run-Id`; the binding they resolve to is all a tool can reach.
import { AppError } from "@/lib/http/errors";
import { runRoute } from "@/lib/http/pipeline";
import { resolveRunBinding, type RunBinding } from "@/lib/mcp/binding";

export const RUN_ID_HEADER = "x-outreach-run-id";

export function withRunBinding(handler: (req: Request, binding: RunBinding) => Promise<Response>) {
  return (req: Request) =>
    runRoute(req, async () => {
      const token = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "")?.[1];
      const runId = Number(req.headers.get(RUN_ID_HEADER));
      if (!token || !Number.isInteger(runId) || runId <= 0) {
        throw new AppError("unauthorized", `The tool server needs Authorization: Bearer <run token> and ${RUN_ID_HEADER}`);
      }
      return handler(req, await resolveRunBinding({ runId, token }));
    });
}
