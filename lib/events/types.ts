// The live events of `GET /api/stream` (SPEC section 6). One union, shared by the server bus, the SSE route and the
// browser hook, so a payload shape is written down once.

/** A stored run event as the log view and `run:log` carry it. `at` is ISO time with microseconds kept in `atUs`. */
export interface RunLogEvent {
  id: number;
  runId: number;
  seq: number;
  /** message_chunk | thought | tool_call | tool_call_update | usage | lifecycle | stderr | plan */
  type: string;
  payload: Record<string, unknown>;
  /** ISO 8601 with millisecond precision. */
  at: string;
  /** Microseconds since the run started (fine-grained relative timestamp of SPEC 1.4). */
  tUs: number;
}

export interface RunLifecyclePayload {
  runId: number;
  campaignId?: number | null;
  projectId?: number | null;
  exitCode?: number | null;
  error?: string | null;
  /** Extra fields the pages use; the SPEC names the five above. */
  kind?: string;
  status?: "running" | "success" | "failed";
  failureReason?: string | null;
}

/** A new notification for the bell, with the organization's unread count after it. */
export interface NotificationCreatedPayload {
  notification: import("@/lib/notifications/schemas").NotificationView;
  unread: number;
}

export type StreamEvent =
  /** First on every stream; again (`resync`) when the server may have missed events, so pages re-read. */
  | { type: "hello"; data: { at: string; resync?: boolean } }
  | { type: "run:started"; data: RunLifecyclePayload }
  | { type: "run:finished"; data: RunLifecyclePayload }
  | { type: "run:log"; data: RunLogEvent }
  | { type: "drafts:changed"; data: { ids: number[]; runId?: number | null } }
  | { type: "project:description:updated"; data: { projectId: number } }
  | { type: "notification:created"; data: NotificationCreatedPayload };

export type StreamEventType = StreamEvent["type"];
export type StreamEventData<T extends StreamEventType> = Extract<StreamEvent, { type: T }>["data"];

export const STREAM_EVENT_TYPES: readonly StreamEventType[] = [
  "hello",
  "run:started",
  "run:finished",
  "run:log",
  "drafts:changed",
  "project:description:updated",
  "notification:created",
];
