// The two pollers of a tick. Each answers a channel status (`ok`, `unauthorized`, `error`) and what it found.
import { config } from "./config";
import { getChatToken } from "./chat-token";
import { chatItems, type SyncAnswer } from "./chat-feed";
import { isListing, splitInbox } from "./inbox-feed";
import { KEYS, read, write } from "./storage";

export type ChannelStatus = "ok" | "unauthorized" | "error" | "unknown";

export interface PollResult {
  status: ChannelStatus;
  items: Record<string, unknown>[];
  comments: Record<string, unknown>[];
  detail?: string;
}

const empty = (status: ChannelStatus, detail?: string): PollResult => ({ status, items: [], comments: [], detail });

/** The legacy inbox feed, read with the platform's own session cookie. */
export async function pollLegacyInbox(): Promise<PollResult> {
  let res: Response;
  try {
    res = await fetch(`${config.legacyOrigin}/message/inbox.json?limit=100&raw_json=1`, { credentials: "include", headers: { Accept: "application/json" } });
  } catch (err) {
    return empty("error", err instanceof Error ? err.message : String(err));
  }
  if (res.status === 401 || res.status === 403) return empty("unauthorized", `HTTP ${res.status}`);
  if (!res.ok) return empty("error", `HTTP ${res.status}`);
  const body: unknown = await res.json().catch(() => null);
  // Signed out, the feed answers a login page or an empty object rather than a Listing.
  if (!isListing(body)) return empty("unauthorized", "the inbox feed did not answer a listing (signed out?)");
  const split = splitInbox(body);
  return { status: "ok", items: split.items, comments: split.comments };
}

export interface ChatState {
  status: ChannelStatus;
  checkedAt: string;
  userId?: string;
  detail?: string;
}

/** `whoami` first: a refused token skips the heavier `sync` and the caller turns the badge red. */
export async function pollChat(): Promise<PollResult> {
  const token = (await getChatToken())?.token;
  if (!token) return record(empty("unknown", "no chat token captured yet"));
  const headers = { Authorization: `Bearer ${token}` };
  const base = `${config.matrixBase}/_matrix/client/v3`;
  try {
    const who = await fetch(`${base}/account/whoami`, { headers, credentials: "omit" });
    if (who.status === 401 || who.status === 403) return record(empty("unauthorized", `whoami answered ${who.status}`));
    if (!who.ok) return record(empty("error", `whoami answered ${who.status}`));
    const me = ((await who.json()) as { user_id?: string }).user_id ?? "";
    const since = await read<string>(KEYS.chatSince);
    const url = new URL(`${base}/sync`);
    url.searchParams.set("timeout", "0");
    url.searchParams.set("filter", JSON.stringify({ room: { timeline: { limit: 50 } }, presence: { not_types: ["*"] } }));
    if (since) url.searchParams.set("since", since);
    const sync = await fetch(url, { headers, credentials: "omit" });
    if (sync.status === 401 || sync.status === 403) return record(empty("unauthorized", `sync answered ${sync.status}`));
    if (!sync.ok) return record(empty("error", `sync answered ${sync.status}`));
    const answer = (await sync.json()) as SyncAnswer;
    const items = chatItems(answer, me);
    if (answer.next_batch) await write(KEYS.chatSince, answer.next_batch);
    return record({ status: "ok", items, comments: [] }, me);
  } catch (err) {
    return record(empty("error", err instanceof Error ? err.message : String(err)));
  }
}

async function record(result: PollResult, userId?: string): Promise<PollResult> {
  await write(KEYS.chatState, { status: result.status, checkedAt: new Date().toISOString(), userId, detail: result.detail } satisfies ChatState);
  return result;
}
