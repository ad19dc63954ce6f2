// What a relay and the cloud edition tell each other over HTTP, beside the socket protocol: the list of tokens a
// relay must refuse (GET /api/cloud-runner/revocations, the relay's RELAY_REVOKED_URL) and the report of each finished
// run (POST /api/cloud-runner/usage, its RELAY_USAGE_URL). Both ends build on these shapes, so a change to one side
// that the other would not read fails the typecheck.
import { z } from "zod";

/** A token the relay refuses for now, with the words its client is shown (an organization out of cloud minutes). */
export interface BlockedToken {
  jti: string;
  message: string;
}

/** What the cloud edition answers at /api/cloud-runner/revocations. */
export interface RevocationList {
  revoked: string[];
  blocked: BlockedToken[];
}

/**
 * The revocation list as a relay reads it: the cloud edition's `{revoked, blocked}`, or a bare array of revoked ids
 * (a list an operator serves from anywhere).
 */
export const ZRevocationList = z.union([
  z.array(z.string()).transform((revoked): RevocationList => ({ revoked, blocked: [] })),
  z.object({ revoked: z.array(z.string()), blocked: z.array(z.object({ jti: z.string(), message: z.string() })).default([]) }),
]) satisfies z.ZodType<RevocationList>;

/** One finished run, as the relay reports it: who it is metered to (the token's id and organization) and how long. */
export interface RelayUsageReport {
  jti: string;
  org: number;
  runId: number;
  seconds: number;
  /** ISO 8601. */
  endedAt: string;
}
