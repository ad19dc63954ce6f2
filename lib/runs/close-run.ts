// `run_finish`: the playbook closes its own run as a success, with an optional summary kept on the run row.
import { commitRunTerminal } from "@/lib/runs/commit-run-terminal";
import { AppError } from "@/lib/http/errors";

export async function closeRun({ orgId, runId, summary }: { orgId: number; runId: number; summary?: string }) {
  const committed = await commitRunTerminal(null, {
    orgId,
    runId,
    status: "success",
    params: summary ? { summary } : {},
  });
  if (!committed) throw new AppError("conflict", `Run ${runId} has already finished`);
  return { runId, status: "success" as const, summary: summary ?? null };
}
