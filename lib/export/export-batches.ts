// The statements of an export. PostgreSQL writes the CSV itself: each batch is one `COPY (SELECT …) TO STDOUT WITH
// (FORMAT csv)` over a keyset range of ids, so Node only passes bytes along (no row parsing, no CSV writer). Batches
// are separate statements: an export of a table being written to reads each batch as of its own moment, never holding
// a long transaction open, and batch N costs what batch 1 does. A batch's range is fixed before it is copied: one
// cheap statement finds the id BATCH rows further on (`boundarySql`), the COPY then reads `id > last AND id <= bound`
// (the last batch has no upper bound).
//
// COPY takes no bind parameters, so every value in these statements is a literal: ids and numbers are checked to be
// integers, and text (enum names, the contacts search) goes through the driver's escapeLiteral.
import pg from "pg";
import { neutralizeSql } from "@/lib/export/neutralize-cell";
import { EXPORT_COLUMNS, type ExportQuery, type ExportResource } from "@/lib/export/schemas";

export const BATCH = 10_000;

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function int(v: number): string {
  if (!Number.isSafeInteger(v)) throw new Error(`not an integer: ${v}`);
  return String(v);
}
const text = (v: string) => pg.escapeLiteral(v);
const textArray = (vs: readonly string[], type: string) => `ARRAY[${vs.map(text).join(", ")}]::"${type}"[]`;

export interface ExportPlan {
  /** The select list, every column named as in EXPORT_COLUMNS, text cells neutralised. */
  columns: string;
  /** FROM with the joins that add names beside ids, for the batch `last < id <= bound` (no upper bound when null). */
  from: (last: number, bound: number | null) => string;
  /** The table the keyset walks (for the boundary statement, without the joins). */
  base: string;
  /** The filters, organization first; the range on `idColumn` is added per batch. */
  where: string[];
  idColumn: string;
}

export function exportPlan<R extends ExportResource>(resource: R, orgId: number, q: ExportQuery<R>): ExportPlan {
  const names = EXPORT_COLUMNS[resource];
  // `[expression, neutralise?]` in EXPORT_COLUMNS order; ids, counts, timestamps and enum names never start with a
  // formula character, text that comes from outside always may.
  const select = (cols: [string, boolean][]) =>
    cols.map(([expr, neutral], i) => `${neutral ? neutralizeSql(expr) : expr} AS "${names[i]}"`).join(", ");
  if (resource === "drafts") {
    const f = q as ExportQuery<"drafts">;
    const where = [`d.organization_id = ${int(orgId)}`];
    if (f.state) where.push(`d.state = ANY(${textArray(f.state, "DraftState")})`);
    if (f.kind) where.push(`d.kind = ANY(${textArray(f.kind, "DraftKind")})`);
    if (f.run) where.push(`d.run_id = ${int(f.run)}`);
    if (f.campaign) where.push(`d.campaign_id = ${int(f.campaign)}`);
    if (f.project) where.push(`d.project_id = ${int(f.project)}`);
    if (f.platform) where.push(`d.platform = ${text(f.platform)}`);
    if (f.minQuality !== undefined) where.push(`d.quality_score >= ${int(f.minQuality)}`);
    if (f.ids) where.push(`d.id = ANY(ARRAY[${f.ids.map(int).join(", ")}]::int[])`);
    // After the spec's columns: the names a reader would otherwise look up by id. "approved_by" is whoever made the
    // draft's standing approval: the latest review decision (approved, rejected or reopened) when it is an approval,
    // so a draft that was approved and then reopened or rejected shows nobody. Read for the whole batch at once: one
    // backward range of draft_events (organization_id, draft_id, created_at, id) over the batch's ids, the first
    // row per draft kept, joined by hash (a lookup per row cost more than the rest of the statement).
    return {
      columns: select([
        ["d.id", false], [iso("d.created_at"), false], ["d.state::text", false], ["d.platform", true], ["d.account_handle", true],
        ["d.target_user", true], ["d.target_community", true], ["d.campaign_id", false], ["d.run_id", false], ["d.body", true],
        ["d.project_id", false], ["p.name", true], ["c.name", true], ["d.quality_score", false], ["ap.approved_by", true],
      ]),
      from: (last, bound) => `drafts d
              LEFT JOIN projects p ON p.id = d.project_id AND p.organization_id = d.organization_id
              LEFT JOIN campaigns c ON c.id = d.campaign_id AND c.organization_id = d.organization_id
              LEFT JOIN (
                SELECT DISTINCT ON (e.draft_id) e.draft_id, CASE WHEN e.event = 'approved' THEN e.actor_label END AS approved_by
                  FROM draft_events e
                 WHERE e.organization_id = ${int(orgId)} AND ${range("e.draft_id", last, bound)} AND e.event IN ('approved', 'rejected', 'reopened')
                 ORDER BY e.draft_id DESC, e.created_at DESC, e.id DESC) ap ON ap.draft_id = d.id`,
      base: "drafts d",
      where,
      idColumn: "d.id",
    };
  }
  if (resource === "contacts") {
    const f = q as ExportQuery<"contacts">;
    const where = [`c.organization_id = ${int(orgId)}`];
    if (f.platform) where.push(`c.platform = ${text(f.platform)}`);
    // The People page's search: handles are kept in lower case.
    if (f.q) where.push(`c.target_user LIKE ${text(`%${f.q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`);
    return {
      columns: select([
        ["c.id", false], ["c.platform", true], ["c.account_handle", true], ["c.target_user", true],
        [iso("c.first_contacted_at"), false], [iso("c.last_contacted_at"), false], ["c.outcome", true],
      ]),
      from: () => "contact_history c",
      base: "contact_history c",
      where,
      idColumn: "c.id",
    };
  }
  const f = q as ExportQuery<"conversations">;
  const where = [`t.organization_id = ${int(orgId)}`];
  if (f.kind !== "all") where.push(`t.kind = ${text(f.kind)}::"ThreadKind"`);
  // replied: the other side wrote last (the reviewer owes an answer); awaiting: we wrote last.
  const lastDirection = `(SELECT m.direction FROM conversation_messages m WHERE m.organization_id = t.organization_id AND m.thread_id = t.id ORDER BY m.sent_at DESC, m.id DESC LIMIT 1)`;
  if (f.filter === "replied") where.push(`${lastDirection} = 'inbound'`);
  if (f.filter === "awaiting") where.push(`${lastDirection} = 'outbound'`);
  return {
    columns: select([
      ["t.id", false], ["t.account_handle", true], ["t.target_user", true], ["t.kind::text", false], [iso("t.last_message_at"), false], ["t.message_count", false],
    ]),
    from: () => "conversation_threads t",
    base: "conversation_threads t",
    where,
    idColumn: "t.id",
  };
}

/** The id BATCH rows after `last` (the batch's upper bound), or no row when fewer are left. */
export function boundarySql(plan: ExportPlan, last: number, batch = BATCH): string {
  return `SELECT ${plan.idColumn} FROM ${plan.base} WHERE ${[...plan.where, `${plan.idColumn} > ${int(last)}`].join(" AND ")}
           ORDER BY ${plan.idColumn} OFFSET ${int(batch - 1)} LIMIT 1`;
}

function range(column: string, last: number, bound: number | null): string {
  return bound === null ? `${column} > ${int(last)}` : `${column} > ${int(last)} AND ${column} <= ${int(bound)}`;
}

/** The COPY of the rows with `last < id <= bound` (no upper bound when `bound` is null), in id order. */
export function copySql(plan: ExportPlan, last: number, bound: number | null, header: boolean): string {
  return `COPY (SELECT ${plan.columns} FROM ${plan.from(last, bound)} WHERE ${[...plan.where, range(plan.idColumn, last, bound)].join(" AND ")} ORDER BY ${plan.idColumn})
          TO STDOUT WITH (FORMAT csv, HEADER ${header ? "true" : "false"})`;
}
