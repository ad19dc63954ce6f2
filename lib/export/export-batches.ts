// The rows of an export, read in batches of BATCH by keyset on id (so memory holds one batch, whatever the size, and
// batch N costs what batch 1 does), each row an array in EXPORT_COLUMNS order. Timestamps are formatted by
// PostgreSQL as ISO 8601 UTC text, which spares a Date per cell. Batches are separate statements: an export of a
// table being written to reads each batch as of its own moment, never holding a long transaction open.
import { getPool } from "@/lib/db/client";
import type { ExportQuery, ExportResource } from "@/lib/export/schemas";

export const BATCH = 2000;

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface Statement {
  /** SELECT … WHERE … with `$1` the organization and `$2` the last id seen; the caller adds ORDER BY and LIMIT. */
  sql: string;
  params: unknown[];
  idColumn: string;
}

function statement<R extends ExportResource>(resource: R, orgId: number, q: ExportQuery<R>): Statement {
  const params: unknown[] = [orgId, 0];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (resource === "drafts") {
    const f = q as ExportQuery<"drafts">;
    const where = ["d.organization_id = $1", "d.id > $2"];
    if (f.state) where.push(`d.state = ANY(${add(f.state)}::"DraftState"[])`);
    if (f.kind) where.push(`d.kind = ANY(${add(f.kind)}::"DraftKind"[])`);
    if (f.run) where.push(`d.run_id = ${add(f.run)}`);
    if (f.campaign) where.push(`d.campaign_id = ${add(f.campaign)}`);
    if (f.project) where.push(`d.project_id = ${add(f.project)}`);
    if (f.platform) where.push(`d.platform = ${add(f.platform)}`);
    if (f.minQuality !== undefined) where.push(`d.quality_score >= ${add(f.minQuality)}`);
    if (f.ids) where.push(`d.id = ANY(${add(f.ids)}::int[])`);
    return {
      sql: `SELECT d.id, ${iso("d.created_at")}, d.state::text, d.platform, d.account_handle, d.target_user, d.target_community, d.campaign_id, d.run_id, d.body
              FROM drafts d WHERE ${where.join(" AND ")}`,
      params,
      idColumn: "d.id",
    };
  }
  if (resource === "contacts") {
    const f = q as ExportQuery<"contacts">;
    const where = ["c.organization_id = $1", "c.id > $2"];
    if (f.platform) where.push(`c.platform = ${add(f.platform)}`);
    // The People page's search: handles are kept in lower case.
    if (f.q) where.push(`c.target_user LIKE ${add(`%${f.q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`);
    return {
      sql: `SELECT c.id, c.platform, c.account_handle, c.target_user, ${iso("c.first_contacted_at")}, ${iso("c.last_contacted_at")}, c.outcome
              FROM contact_history c WHERE ${where.join(" AND ")}`,
      params,
      idColumn: "c.id",
    };
  }
  const f = q as ExportQuery<"conversations">;
  const where = ["t.organization_id = $1", "t.id > $2"];
  if (f.kind !== "all") where.push(`t.kind = ${add(f.kind)}::"ThreadKind"`);
  // replied: the other side wrote last (the reviewer owes an answer); awaiting: we wrote last.
  const lastDirection = `(SELECT m.direction FROM conversation_messages m WHERE m.organization_id = t.organization_id AND m.thread_id = t.id ORDER BY m.sent_at DESC, m.id DESC LIMIT 1)`;
  if (f.filter === "replied") where.push(`${lastDirection} = 'inbound'`);
  if (f.filter === "awaiting") where.push(`${lastDirection} = 'outbound'`);
  return {
    sql: `SELECT t.id, t.account_handle, t.target_user, t.kind::text, ${iso("t.last_message_at")}, t.message_count
            FROM conversation_threads t WHERE ${where.join(" AND ")}`,
    params,
    idColumn: "t.id",
  };
}

export async function* exportBatches<R extends ExportResource>(resource: R, orgId: number, query: ExportQuery<R>, batch = BATCH): AsyncGenerator<unknown[][]> {
  const s = statement(resource, orgId, query);
  const sql = `${s.sql} ORDER BY ${s.idColumn} LIMIT ${batch}`;
  let last = 0;
  for (;;) {
    const { rows } = await getPool().query<unknown[]>({ text: sql, values: [s.params[0], last, ...s.params.slice(2)], rowMode: "array" });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batch) return;
    last = rows[rows.length - 1]![0] as number;
  }
}
