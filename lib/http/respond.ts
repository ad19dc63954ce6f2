// Turns anything thrown in a handler into the one JSON error shape; unknown errors leak nothing.
import { ZodError } from "zod";
import { AppError } from "@/lib/http/errors";
import { issueSentence } from "@/lib/http/issue-sentence";
import type { Logger } from "@/lib/log/logger";

export function errorResponse(err: unknown, log: Logger, requestId: string): Response {
  const headers: Record<string, string> = { "x-request-id": requestId };
  if (err instanceof AppError) {
    if (typeof err.details.retry_after === "number") headers["retry-after"] = String(err.details.retry_after);
    if (err.status >= 500) log.error(err.message, { code: err.code });
    return Response.json(err.toBody(), { status: err.status, headers });
  }
  if (err instanceof ZodError) {
    const issues = err.issues.map((i) => ({ path: i.path.join("."), message: issueSentence(i) }));
    const first = issues[0];
    const message = first ? (first.path && !/^[A-Z"]/.test(first.message) ? `${first.path}: ${first.message}` : first.message) : "The request is not valid.";
    return Response.json({ error: "bad_request", message, issues }, { status: 400, headers });
  }
  if ((err as { code?: string })?.code === "P2002") {
    // A unique constraint: the thing being created already exists in this organization.
    return Response.json({ error: "conflict", message: "That already exists" }, { status: 409, headers });
  }
  log.error("unhandled error", { error: err instanceof Error ? err.stack ?? err.message : String(err) });
  return Response.json({ error: "internal", message: "Something went wrong", requestId }, { status: 500, headers });
}
