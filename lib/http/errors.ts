// One error type for the whole app and one table from its codes to HTTP statuses.
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  version_conflict: 409,
  unprocessable: 422,
  // A draft that breaks the blocklist cannot be sent (SPEC 1.8).
  blocklisted: 422,
  // A send the account's limits or the person's opt-out stopped: the draft is held with a time and a reason
  // (docs/sending-limits.md).
  held: 409,
  // POST /api/run for a campaign whose runner cannot run here (SPEC 7, "Other defined failures").
  runner_unavailable: 422,
  // A body above the route's ceiling (lib/http/read-body.ts; an uploaded source archive has its own,
  // lib/sources/source-limits.ts), and a body that is not labelled JSON.
  payload_too_large: 413,
  unsupported_media_type: 415,
  // The plan's included usage is spent and no paid plan is in force (the cloud edition's billing).
  plan_limit: 402,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    /** A body the spec fixes to the byte (409 version_conflict), sent instead of the usual shape. */
    readonly exactBody?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): Record<string, unknown> {
    return this.exactBody ?? { error: this.code, message: this.message, ...this.details };
  }
}

/** Another organization's row and a missing row must be indistinguishable. */
export function notFound(what: string): AppError {
  return new AppError("not_found", `${what} not found`);
}

export interface IdLookup {
  /** What the ids name, capitalised as it opens a sentence: "Draft", "Account", "Message". */
  what: string;
  asked: Iterable<number>;
  /** The ids among `asked` that name a row the caller may see. */
  found: Iterable<number>;
}

/**
 * Refuses a call that names ids the caller may not see. A missing row, another organization's row and a row outside
 * the caller's scope (another campaign of a run's organization) all get the same `not_found` message, so a refusal
 * never tells them apart. Every agent tool that takes ids checks them through here.
 */
export function requireIdsFound(lookups: IdLookup[], hint?: string): void {
  const parts: string[] = [];
  for (const { what, asked, found } of lookups) {
    const seen = new Set(found);
    const missing = [...new Set(asked)].filter((id) => !seen.has(id));
    if (missing.length === 0) continue;
    const noun = parts.length === 0 ? what : what.toLowerCase();
    parts.push(`${noun}${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  }
  if (parts.length > 0) throw new AppError("not_found", `${parts.join(" and ")} not found${hint ? `. ${hint}` : ""}`);
}

/** One row asked for by id: the row itself, or the refusal requireIdsFound gives. */
export function foundOrThrow<T>(what: string, id: number, row: T | null | undefined): T {
  if (row === null || row === undefined) requireIdsFound([{ what, asked: [id], found: [] }]);
  return row as T;
}

/** 429 with the seconds to wait, sent as `Retry-After` and as `retry_after` in the body. */
export function rateLimited(message: string, retryAfterS: number): AppError {
  return new AppError("rate_limited", message, { retry_after: Math.max(1, Math.ceil(retryAfterS)) });
}

export function versionConflict(currentVersion: number): AppError {
  return new AppError("version_conflict", "The draft was changed by someone else", {}, {
    error: "version_conflict",
    current_version: currentVersion,
  });
}
