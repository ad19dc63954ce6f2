// Who changed a draft. Every draft event names one (SPEC 1.7: the audit feed shows each change with its actor).
export type DraftActor =
  | { type: "user"; id: number; label: string }
  | { type: "device"; id: number; label?: string }
  | { type: "run"; id: number; label?: string }
  | { type: "system"; label: string };

export function actorColumns(actor: DraftActor) {
  return {
    actorType: actor.type,
    actorId: actor.type === "system" ? null : actor.id,
    actorLabel: actor.label ?? (actor.type === "device" ? `device #${actor.id}` : actor.type === "run" ? `run #${actor.id}` : null),
  };
}

/** With sign-in off (single-tenant self-host) the person at the dashboard is the local operator. */
export const LOCAL_OPERATOR = "local operator";

/**
 * The dashboard caller as an actor; with sign-in off there is no user, only the local operator. A caller with an API
 * key is named by the key's prefix: an integration is not a person at the dashboard, so its approval never counts as
 * one where a person's is required (posting a federated draft).
 */
export function userActor(caller: { userId: number | null; username: string | null; apiKey?: { prefix: string } }): DraftActor {
  if (caller.apiKey) return { type: "system", label: `API key ${caller.apiKey.prefix}` };
  return caller.userId !== null ? { type: "user", id: caller.userId, label: caller.username ?? `user #${caller.userId}` } : { type: "system", label: LOCAL_OPERATOR };
}

/** Whether an event's actor is a person at the dashboard: a signed-in user, or the local operator with sign-in off. */
export function isPersonActor(event: { actorType: string; actorLabel: string | null }): boolean {
  return event.actorType === "user" || (event.actorType === "system" && event.actorLabel === LOCAL_OPERATOR);
}
