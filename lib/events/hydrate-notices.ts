// Turns the id-only notices of the NOTIFY channel into the stream's events, loading each payload once per instance.
import { getPool } from "@/lib/db/client";
import type { RunLifecyclePayload, StreamEvent } from "@/lib/events/types";
import { toRunLogEvent } from "@/lib/runs/run-log-event";
import { toNotificationView, type NotificationRow } from "@/lib/notifications/notification-view";

/** What travels on the channel: the organization (`o`), the kind (`t`) and ids. Never a body. */
export type Notice =
  | { o: number; t: "run:started" | "run:finished"; runId: number }
  | { o: number; t: "run:log"; eventId: number }
  | { o: number; t: "drafts:changed"; ids: number[]; runId?: number | null }
  | { o: number; t: "project:description:updated"; projectId: number }
  | { o: number; t: "run:cancel"; runId: number }
  | { o: number; t: "notification:created"; notificationId: number }
  // Instance-internal: deliveries were enqueued; workers drain them at once (lib/webhooks/wake-on-due.ts).
  | { o: number; t: "webhook:due" }
  // Instance-internal: cloud-run usage was recorded; workers report it to the billing meter (lib/billing).
  | { o: number; t: "meter:due" };

interface RunRow {
  id: number;
  organization_id: number;
  campaign_id: number | null;
  project_id: number | null;
  exit_code: number | null;
  error: string | null;
  kind: string;
  status: "running" | "success" | "failed";
  failure_reason: string | null;
}

interface EventRow {
  id: number;
  organization_id: number;
  run_id: number;
  seq: number;
  type: string;
  payload: unknown;
  created_at: Date;
}

export async function hydrateNotices(notices: Notice[]): Promise<Array<{ orgId: number; event: StreamEvent }>> {
  const runIds = new Set<number>();
  const eventIds = new Set<number>();
  for (const n of notices) {
    if (n.t === "run:started" || n.t === "run:finished") runIds.add(n.runId);
    else if (n.t === "run:log") eventIds.add(n.eventId);
  }
  const pool = getPool();
  const [runs, events] = await Promise.all([
    runIds.size === 0
      ? new Map<number, RunRow>()
      : pool
          .query<RunRow>(
            `SELECT id, organization_id, campaign_id, project_id, exit_code, error, kind, status, failure_reason
               FROM runs WHERE id = ANY($1::int[])`,
            [[...runIds]],
          )
          .then((r) => new Map(r.rows.map((row) => [row.id, row]))),
    eventIds.size === 0
      ? new Map<number, EventRow>()
      : pool
          .query<EventRow>(
            `SELECT id, organization_id, run_id, seq, type, payload, created_at FROM run_events WHERE id = ANY($1::int[])`,
            [[...eventIds]],
          )
          .then((r) => new Map(r.rows.map((row) => [row.id, row]))),
  ]);

  const { notifications, unread } = await loadNotifications(notices);
  const out: Array<{ orgId: number; event: StreamEvent }> = [];
  for (const n of notices) {
    switch (n.t) {
      case "run:started":
      case "run:finished": {
        const run = runs.get(n.runId);
        // The notice's organization must own the row: a forged or stale notice never crosses tenants.
        if (!run || run.organization_id !== n.o) break;
        out.push({ orgId: n.o, event: { type: n.t, data: lifecycle(run) } });
        break;
      }
      case "run:log": {
        const row = events.get(n.eventId);
        if (!row || row.organization_id !== n.o) break;
        out.push({
          orgId: n.o,
          event: {
            type: "run:log",
            data: toRunLogEvent({ id: row.id, runId: row.run_id, seq: row.seq, type: row.type, payload: row.payload, createdAt: row.created_at }),
          },
        });
        break;
      }
      case "drafts:changed":
        out.push({ orgId: n.o, event: { type: "drafts:changed", data: { ids: n.ids ?? [], runId: n.runId ?? null } } });
        break;
      case "project:description:updated":
        out.push({ orgId: n.o, event: { type: n.t, data: { projectId: n.projectId } } });
        break;
      case "notification:created": {
        const row = notifications.get(n.notificationId);
        if (!row || row.organization_id !== n.o) break;
        out.push({ orgId: n.o, event: { type: n.t, data: { notification: toNotificationView(row.view), unread: unread.get(n.o) ?? 0 } } });
        break;
      }
    }
  }
  return out;
}

/** The notifications a burst names, and each of their organizations' unread count after them. */
async function loadNotifications(notices: Notice[]) {
  const ids = notices.flatMap((n) => (n.t === "notification:created" ? [n.notificationId] : []));
  const notifications = new Map<number, { organization_id: number; view: NotificationRow }>();
  const unread = new Map<number, number>();
  if (ids.length === 0) return { notifications, unread };
  const pool = getPool();
  // One shown inside another (a run's success inside its "N drafts waiting") is not announced on its own.
  const rows = await pool.query<{ id: number; organization_id: number; kind: string; title: string; body: string | null; payload: unknown; read_at: Date | null; created_at: Date }>(
    `SELECT id, organization_id, kind, title, body, payload, read_at, created_at FROM notifications WHERE id = ANY($1::int[]) AND grouped_into_id IS NULL`,
    [ids],
  );
  for (const r of rows.rows) {
    notifications.set(r.id, { organization_id: r.organization_id, view: { id: r.id, kind: r.kind, title: r.title, body: r.body, payload: r.payload, readAt: r.read_at, createdAt: r.created_at } });
  }
  const orgs = [...new Set(rows.rows.map((r) => r.organization_id))];
  const counts = await pool.query<{ organization_id: number; unread: number }>(
    `SELECT organization_id, count(*)::int AS unread FROM notifications WHERE organization_id = ANY($1::int[]) AND read_at IS NULL AND grouped_into_id IS NULL GROUP BY organization_id`,
    [orgs],
  );
  for (const c of counts.rows) unread.set(c.organization_id, c.unread);
  return { notifications, unread };
}

function lifecycle(run: RunRow): RunLifecyclePayload {
  return {
    runId: run.id,
    campaignId: run.campaign_id,
    projectId: run.project_id,
    exitCode: run.exit_code,
    error: run.error,
    kind: run.kind,
    status: run.status,
    failureReason: run.failure_reason,
  };
}
