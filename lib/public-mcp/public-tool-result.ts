// Tool answers of the public server. Like lib/mcp/tool-result.ts, a domain refusal becomes an `isError` result the
// agent can read, but the text also carries the refusal's machine-readable part: the exact 409 body
// ({"error":"version_conflict","current_version":N}) so an agent can retry with N, or the error's details (the state
// that refused a transition, a runner's slug). A person at the dashboard sees those in the HTTP body; an agent only
// has this text.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AppError } from "@/lib/http/errors";
import { toolError, toolOk } from "@/lib/mcp/tool-result";
import { log } from "@/lib/log/logger";

export function publicToolErrorText(err: AppError): string {
  const head = `${err.code}: ${err.message}`;
  if (err.exactBody) return `${head} ${JSON.stringify(err.exactBody)}`;
  return Object.keys(err.details).length > 0 ? `${head} ${JSON.stringify(err.details)}` : head;
}

/** Runs one tool body; AppErrors become `isError` results, anything unexpected is logged and reported briefly. */
export async function runPublicTool(name: string, body: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return toolOk(await body());
  } catch (err) {
    if (err instanceof AppError) return toolError(publicToolErrorText(err));
    // Nothing of an unexpected error reaches the caller: it is another organization's integration, not ours.
    log.error("public tool failed", { tool: name, error: (err as Error).message });
    return toolError(`internal_error: ${name} failed; the error was logged`);
  }
}
