// Tool answers: a JSON document as text on success; `isError` with a readable message on failure, so the agent can
// read what went wrong and carry on (MCP's convention), instead of a protocol error.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AppError } from "@/lib/http/errors";
import { log } from "@/lib/log/logger";

export function toolOk(value: unknown): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value) }] };
}

export function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}

/** Runs one tool body; domain errors become `isError` results, anything unexpected is logged and reported briefly. */
export async function runTool(name: string, body: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return toolOk(await body());
  } catch (err) {
    if (err instanceof AppError) return toolError(`${err.code}: ${err.message}`);
    log.error("tool failed", { tool: name, error: (err as Error).message });
    return toolError(`internal_error: ${name} failed; the error was logged`);
  }
}
