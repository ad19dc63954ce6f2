// GET /api/audit (SPEC 1.7): draft events and run events in one feed, newest first. Each side is filtered and cut to
// one page on its own, with the keyset condition inside, so each is an index range scan (indexes in the migration
// `audit_indexes`) whatever the page's depth; the union of the two short lists is then merged and cut again. Order is
// (created_at, kind, id) descending, so rows at the same instant never repeat or go missing across pages.
import { isCloudEdition } from "@/lib/edition/edition";
import { redactRunEventPayload } from "@/lib/runs/redact-run-event";
import { getPool } from "@/lib/db/client";
import { decodeAuditCursor, encodeAuditCursor, type AuditCursor } from "@/lib/audit/audit-cursor";
import type { AuditQuery, AuditRow, RunOutline } from "@/lib/audit/schemas";
import { summarizeDraftEvent, summarizeRun, summarizeRunEvent } from "@/lib/audit/summarize-audit-row";

export interface AuditPage {
  rows: AuditRow[];
  nextCursor: string | null;
}

interface SqlRow {
  kind: "draft" | "run";
  id: number;
  at_us: string;
  created_at: Date;
  event: string;
  actor_type: string;
  actor_id: number | null;
  actor_label: string | null;
  draft_id: number | null;
  run_id: number | null;
  data: Record<string, unknown> | null;
  target_user: string | null;
  draft_kind: string | null;
}

/** A timestamptz literal with the microseconds of `us` (a JS Date would drop them). */
function timestampOf(us: bigint): string {
  const ms = us / 1000n;
  const iso = new Date(Number(ms)).toISOString();
  return iso.replace(/\.(\d{3})Z$/, `.$1${(us % 1000n).toString().padStart(3, "0")}Z`);
}

class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** The run side's actor is the run itself: "run #12". */
const RUN_ACTOR = /^run #(\d{1,10})$/;

function keyset(side: "draft" | "run", alias: string, cursor: AuditCursor | null, p: Params): string | null {
  if (!cursor) return null;
  const at = `${p.add(timestampOf(cursor.atUs))}::timestamptz`;
  // Descending (created_at, kind, id) with 'run' > 'draft': at the cursor's instant, a run cursor still has every
  // draft row after it, a draft cursor no run row.
  if (side === cursor.kind) return `(${alias}.created_at, ${alias}.id) < (${at}, ${p.add(cursor.id)})`;
  return side === "draft" ? `${alias}.created_at <= ${at}` : `${alias}.created_at < ${at}`;
}

export async function listAudit({ orgId, query }: { orgId: number; query: AuditQuery }): Promise<AuditPage> {
  const limit = query.limit ?? 50;
  const cursor = query.cursor ? decodeAuditCursor(query.cursor) : null;
  const p = new Params();
  const org = p.add(orgId);
  const common = (alias: string) => [
    `${alias}.organization_id = ${org}`,
    ...(query.from ? [`${alias}.created_at >= ${p.add(query.from)}`] : []),
    ...(query.to ? [`${alias}.created_at < ${p.add(query.to)}`] : []),
  ];
  const runActor = query.actor ? RUN_ACTOR.exec(query.actor) : null;
  const decisions = query.view === "decisions";
  const wantDrafts = query.kind !== "run" && !query.run && !runActor;
  const wantRuns = query.kind !== "draft" && !query.draft && (!query.actor || runActor !== null);
  const sides: string[] = [];
  if (wantDrafts) {
    const where = [
      ...common("e"),
      ...(query.event ? [`e.event = ${p.add(query.event)}`] : []),
      ...(query.draft ? [`e.draft_id = ${p.add(query.draft)}`] : []),
      ...(query.actor ? [`e.actor_label = ${p.add(query.actor)}`] : []),
      // People's decisions and changes: what a run wrote is folded into that run's row.
      ...(decisions ? [`e.actor_type <> 'run'`] : []),
      keyset("draft", "e", cursor, p),
    ].filter(Boolean);
    sides.push(`(SELECT 'draft' AS kind, e.id, (extract(epoch FROM e.created_at) * 1000000)::bigint AS at_us, e.created_at, e.event,
        e.actor_type, e.actor_id, e.actor_label, e.draft_id, NULL::int AS run_id, e.details AS data, d.target_user, d.kind::text AS draft_kind
      FROM draft_events e LEFT JOIN drafts d ON d.id = e.draft_id AND d.organization_id = e.organization_id
      WHERE ${where.join(" AND ")}
      ORDER BY e.created_at DESC, e.id DESC LIMIT ${limit + 1})`);
  }
  if (wantRuns && decisions) {
    // One row per run, at the time it was created; its events are read when the row is opened (view=all&run=N).
    const run = query.run ?? (runActor ? Number(runActor[1]) : null);
    if (query.run && runActor && Number(runActor[1]) !== query.run) return { rows: [], nextCursor: null };
    const where = [
      ...common("ru"),
      ...(query.event && query.event !== "run" ? ["false"] : []),
      ...(run ? [`ru.id = ${p.add(run)}`] : []),
      keyset("run", "ru", cursor, p),
    ].filter(Boolean);
    sides.push(`(SELECT 'run' AS kind, ru.id, (extract(epoch FROM ru.created_at) * 1000000)::bigint AS at_us, ru.created_at, 'run' AS event,
        'run' AS actor_type, ru.id AS actor_id, 'run #' || ru.id AS actor_label, NULL::int AS draft_id, ru.id AS run_id,
        jsonb_build_object('kind', ru.kind, 'status', ru.status, 'runner', ru.runner, 'failureReason', ru.failure_reason, 'campaignName', c.name,
          'events', (SELECT count(*)::int FROM run_events x WHERE x.organization_id = ru.organization_id AND x.run_id = ru.id),
          'drafts', (SELECT count(*)::int FROM drafts y WHERE y.organization_id = ru.organization_id AND y.run_id = ru.id)) AS data,
        NULL AS target_user, NULL AS draft_kind
      FROM runs ru LEFT JOIN campaigns c ON c.id = ru.campaign_id AND c.organization_id = ru.organization_id
      WHERE ${where.join(" AND ")}
      ORDER BY ru.created_at DESC, ru.id DESC LIMIT ${limit + 1})`);
  } else if (wantRuns) {
    const run = query.run ?? (runActor ? Number(runActor[1]) : null);
    if (query.run && runActor && Number(runActor[1]) !== query.run) return { rows: [], nextCursor: null };
    const where = [
      ...common("r"),
      ...(query.event ? [`r.type = ${p.add(query.event)}`] : []),
      ...(run ? [`r.run_id = ${p.add(run)}`] : []),
      keyset("run", "r", cursor, p),
    ].filter(Boolean);
    sides.push(`(SELECT 'run' AS kind, r.id, (extract(epoch FROM r.created_at) * 1000000)::bigint AS at_us, r.created_at, r.type AS event,
        'run' AS actor_type, r.run_id AS actor_id, 'run #' || r.run_id AS actor_label, NULL::int AS draft_id, r.run_id, r.payload AS data,
        NULL AS target_user, NULL AS draft_kind
      FROM run_events r
      WHERE ${where.join(" AND ")}
      ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit + 1})`);
  }
  if (sides.length === 0) return { rows: [], nextCursor: null };
  const sql = `SELECT * FROM (${sides.join(" UNION ALL ")}) feed ORDER BY at_us DESC, kind DESC, id DESC LIMIT ${limit + 1}`;
  const { rows } = await getPool().query<SqlRow>(sql, p.values);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page.map(toAuditRow),
    nextCursor: rows.length > limit && last ? encodeAuditCursor({ atUs: BigInt(last.at_us), kind: last.kind, id: last.id }) : null,
  };
}

function toAuditRow(r: SqlRow): AuditRow {
  const data = r.data ?? {};
  const us = BigInt(r.at_us);
  return {
    kind: r.kind,
    id: r.id,
    createdAt: timestampOf(us),
    event: r.event,
    actor: { type: r.actor_type, id: r.actor_id, label: r.actor_label ?? r.actor_type },
    draftId: r.draft_id,
    runId: r.run_id,
    summary:
      r.kind === "draft"
        ? summarizeDraftEvent(r.event, data, { targetUser: r.target_user, kind: r.draft_kind })
        : r.event === "run" && "events" in data
          ? summarizeRun(data as unknown as RunOutline)
          : summarizeRunEvent(r.event, isCloudEdition() ? redactRunEventPayload(r.event, data) : data),
    ...(r.kind === "run" && r.event === "run" && "events" in data ? { run: data as unknown as RunOutline } : {}),
  };
}
