// Auto mark-as-sent. The compose page's content script reports the hand-off (draft id and the backend that linked
// it); the worker arms the draft when the page opens and flips it to sent when the user submits, on that backend
// only. A 409 version_conflict is retried once with the version a fresh GET reports (SPEC 7). A public post or comment
// goes with its permalink when the page showed it (pending-sends.ts), so the removal checks can find it.
import { logActivity } from "./activity-log";
import { callBackend, errorText, getPairing, listPairings, type ApiAnswer } from "./backends";
import { resolveHandoff, type Handoff, type HandoffLink } from "./handoff";

export interface DraftCallResult {
  ok: boolean;
  state?: string;
  error?: string;
  /** On arming: what the page may need to fill a comment box (never the token). */
  kind?: string;
  body?: string;
}

interface DraftShape {
  id: number;
  version: number;
  state: string;
  kind?: string;
  body?: string;
  alreadySent?: boolean;
  error?: string;
  current_version?: number;
}

/**
 * The paired backend a compose page's link names, or the logged reason there is none. The link names its dashboard by
 * a key only, so a dashboard this browser is not paired with cannot be told apart from a stray link.
 */
export async function resolveLink(link: HandoffLink, action: string): Promise<{ handoff: Handoff } | { failed: DraftCallResult }> {
  const handoff = resolveHandoff(link, (await listPairings()).map((p) => p.backend));
  if (handoff) return { handoff };
  const error = "the dashboard that opened this page is not paired with this browser";
  await logActivity("reddit-action", "error", `Could not ${action} draft #${link.draftId}: ${error}`, { draftId: link.draftId, backendKey: link.via });
  return { failed: { ok: false, error } };
}

export async function armDraft(handoff: Handoff): Promise<DraftCallResult> {
  const pairing = await getPairing(handoff.backend);
  if (!pairing) return notPaired(handoff, "arm");
  const answer = await callBackend<DraftShape>(pairing, `/api/extension/draft/${handoff.draftId}/armed`, { method: "POST", body: {} });
  if (answer.status === 200) {
    await logActivity("reddit-action", "info", `Draft #${handoff.draftId} armed: its compose page is open`, { draftId: handoff.draftId, backend: handoff.backend });
    return { ok: true, state: answer.body.state, kind: answer.body.kind, body: answer.body.body };
  }
  return failed(handoff, "arm", answer);
}

export async function markSent(handoff: Handoff, permalink?: string): Promise<DraftCallResult> {
  const pairing = await getPairing(handoff.backend);
  if (!pairing) return notPaired(handoff, "mark as sent");
  const path = `/api/extension/draft/${handoff.draftId}`;
  const current = await callBackend<DraftShape>(pairing, path);
  let version = current.status === 200 ? current.body.version : undefined;
  let answer = await callBackend<DraftShape>(pairing, `${path}/sent`, { method: "POST", body: sentBody(version, permalink) });
  if (answer.status === 409 && answer.body?.error === "version_conflict") {
    const fresh = await callBackend<DraftShape>(pairing, path);
    version = fresh.status === 200 ? fresh.body.version : answer.body.current_version;
    await logActivity("reddit-action", "warn", `Draft #${handoff.draftId} changed meanwhile; retrying once with version ${version}`, { draftId: handoff.draftId, backend: handoff.backend });
    answer = await callBackend<DraftShape>(pairing, `${path}/sent`, { method: "POST", body: sentBody(version, permalink) });
  }
  if (answer.status === 200) {
    const already = answer.body.alreadySent === true;
    const done = already ? `Draft #${handoff.draftId} was already sent` : `Draft #${handoff.draftId} sent${permalink ? ` at ${permalink}` : ""}`;
    await logActivity("reddit-action", "info", done, { draftId: handoff.draftId, backend: handoff.backend, state: answer.body.state, ...(permalink ? { permalink } : {}) });
    return { ok: true, state: answer.body.state };
  }
  return failed(handoff, "mark as sent", answer);
}

function sentBody(version: number | undefined, permalink: string | undefined): Record<string, unknown> {
  return { ...(version !== undefined ? { version } : {}), ...(permalink ? { permalink } : {}) };
}

async function notPaired(handoff: Handoff, action: string): Promise<DraftCallResult> {
  const error = `${handoff.backend} is not paired with this browser`;
  await logActivity("reddit-action", "error", `Could not ${action} draft #${handoff.draftId}: ${error}`, { draftId: handoff.draftId, backend: handoff.backend });
  return { ok: false, error };
}

async function failed(handoff: Handoff, action: string, answer: ApiAnswer): Promise<DraftCallResult> {
  const error = errorText(answer);
  await logActivity("reddit-action", "error", `Could not ${action} draft #${handoff.draftId}: ${error}`, { draftId: handoff.draftId, backend: handoff.backend, httpStatus: answer.status });
  return { ok: false, error };
}
