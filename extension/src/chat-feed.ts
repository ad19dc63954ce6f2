// The chat runs on the Matrix client API. A `/sync` answer lists joined rooms with their new timeline events; the
// messages other people sent become dm-sync `items[]` (they are private conversations). Handles come from the
// rooms' member events (display names), falling back to the sender id's localpart.

export interface MatrixEvent {
  type?: string;
  event_id?: string;
  sender?: string;
  origin_server_ts?: number;
  state_key?: string;
  content?: Record<string, unknown>;
}

interface Room {
  state?: { events?: MatrixEvent[] };
  timeline?: { events?: MatrixEvent[] };
}

export interface SyncAnswer {
  next_batch?: string;
  rooms?: { join?: Record<string, Room> };
}

/** `@alice:example.org` -> `alice`. */
export function localpart(userId: string): string {
  return userId.replace(/^@/, "").split(":")[0] ?? userId;
}

export function chatItems(sync: SyncAnswer, me: string): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  for (const [roomId, room] of Object.entries(sync.rooms?.join ?? {})) {
    const events = [...(room.state?.events ?? []), ...(room.timeline?.events ?? [])];
    const names = new Map<string, string>();
    for (const e of events) {
      if (e.type === "m.room.member" && e.state_key && typeof e.content?.displayname === "string") names.set(e.state_key, e.content.displayname);
    }
    for (const e of room.timeline?.events ?? []) {
      if (e.type !== "m.room.message" || !e.event_id || !e.sender || e.sender === me) continue;
      if (typeof e.content?.body !== "string" || typeof e.origin_server_ts !== "number") continue;
      items.push({
        id: e.event_id,
        author: names.get(e.sender) ?? localpart(e.sender),
        body: e.content.body,
        created_at: new Date(e.origin_server_ts).toISOString(),
        first_message_name: roomId,
      });
    }
  }
  return items;
}
