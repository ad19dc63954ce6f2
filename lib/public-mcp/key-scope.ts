// What every public tool needs from the API key that called it: who to record as the actor of a change, the
// read-only refusal, and the id schema all tools share.
import { z } from "zod";
import { ZDbId } from "@/lib/http/fields";
import { userActor, type DraftActor } from "@/lib/drafts/actor";
import { assertKeyMayWrite, type ApiKeyCaller } from "@/lib/api-keys/resolve-api-key-caller";

/**
 * The key as the actor of a draft change, named by its visible prefix so the audit feed shows which integration acted.
 * Deliberately not the "local operator" label: an external agent is not a person at the dashboard, so its approval
 * must not count as one where a person's approval is required (posting a federated draft).
 */
export function keyActor(caller: ApiKeyCaller): DraftActor {
  return userActor(caller);
}

/**
 * Write tools call this first. The refusal is thrown inside the tool, not at the HTTP layer, so a read-only key can
 * still connect, list the tools and read, and an agent sees the refusal as a tool error it can explain.
 */
export function requireWritableKey(caller: ApiKeyCaller): void {
  // The key's method rule is the REST API's: anything but a read is a write.
  assertKeyMayWrite(caller, "POST");
}

/** A row id. Bounded to Postgres' int4 so an oversized id is a validation error, not a database error. */
export const ZRowId = ZDbId;
