// Whose credentials an `auth_expired` run lacked. The classifier reads the agent's words and its failed tool calls
// alike (SPEC 7), so a platform that refused an account's session (a research tool answering 401) and an agent CLI
// that is not signed in end with the same reason; only the first is fixed in the project, only the second in the
// runner. A failed tool call that speaks of the refusal means the account; anything else means the runner.
import { db } from "@/lib/db/client";
import { mentionsAuthFailure } from "@/lib/runners/classify-failure";
import type { AuthFailureSource } from "@/lib/runs/explain-run-failure";

// A run that failed on sign-in has a handful of tool calls at most; the cap only bounds a pathological log.
const MAX_TOOL_FAILURES_READ = 200;

export async function getAuthFailureSource({ orgId, runId }: { orgId: number; runId: number }): Promise<AuthFailureSource> {
  const failedTools = await db.runEvent.findMany({
    where: { organizationId: orgId, runId, type: "tool_call_update", payload: { path: ["status"], equals: "failed" } },
    select: { payload: true },
    orderBy: { seq: "asc" },
    take: MAX_TOOL_FAILURES_READ,
  });
  const refused = failedTools.some((e) => {
    const text = (e.payload as { text?: unknown } | null)?.text;
    return typeof text === "string" && mentionsAuthFailure(text);
  });
  return refused ? "account" : "runner";
}
