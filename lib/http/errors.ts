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
  // POST /api/run for a campaign whose runner cannot run here (SPEC 7, "Other defined failures").
  runner_unavailable: 422,
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

export function versionConflict(currentVersion: number): AppError {
  return new AppError("version_conflict", "The draft was changed by someone else", {}, {
    error: "version_conflict",
    current_version: currentVersion,
  });
}
