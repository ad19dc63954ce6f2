// The last step of an erasure (docs/privacy.md "What an erasure removes"): the person's rows are deleted, but their
// handle and words can also sit inside rows about something else: a run's log (the agent read the thread and wrote to
// them), a notification ("alice replied"), a webhook delivery's payload, an insight brief quoting a reply, another
// draft's dedup warning. Every text and JSON column of every table of the organization is searched, and each match is
// replaced with "[erased]" in place: the run log, the notification and the brief stay, without the person in them.
//
// The columns are read from information_schema, not listed by hand, so a table added later is covered without anyone
// remembering this file (the erasure test scans the same way).
import type { Tx } from "@/lib/db/client";

export const ERASED = "[erased]";

/** Shorter texts than this are not searched for: "thanks!" identifies nobody and would blank everyone's "thanks!". */
export const MIN_SCRUBBED_TEXT = 12;

const SKIPPED_TABLES = new Set(["suppressions", "person_erasures", "_prisma_migrations"]);

interface Column {
  table: string;
  column: string;
  kind: "text" | "json" | "jsonb";
}

async function scrubbableColumns(tx: Tx): Promise<Column[]> {
  const rows = await tx.$queryRaw<{ table: string; column: string; data_type: string }[]>`
    SELECT c.table_name AS table, c.column_name AS column, c.data_type
      FROM information_schema.columns c
     WHERE c.table_schema = current_schema()
       AND c.data_type IN ('text', 'character varying', 'json', 'jsonb')
       AND EXISTS (SELECT 1 FROM information_schema.columns o WHERE o.table_schema = c.table_schema AND o.table_name = c.table_name AND o.column_name = 'organization_id')
       AND EXISTS (SELECT 1 FROM information_schema.columns i WHERE i.table_schema = c.table_schema AND i.table_name = c.table_name AND i.column_name = 'id')
     ORDER BY 1, 2`;
  return rows
    .filter((r) => !SKIPPED_TABLES.has(r.table))
    .map((r) => ({ table: r.table, column: r.column, kind: r.data_type === "json" || r.data_type === "jsonb" ? r.data_type : "text" }) as Column);
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const regexEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const quote = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

/** Replaces the handle (with or without its u/ or @ prefix, any case, as a whole word) and each text, in one string. */
export function scrubString(value: string, handle: string, texts: string[]): string {
  let out = value;
  // Longest first: a message that contains a shorter one goes whole.
  for (const t of [...texts].sort((a, b) => b.length - a.length)) if (out.includes(t)) out = out.split(t).join(ERASED);
  return out.replace(new RegExp(`(?<![\\p{L}\\p{N}_])(?:/?u/|@)?${regexEscape(handle)}(?![\\p{L}\\p{N}_])`, "giu"), ERASED);
}

function scrubJson(value: unknown, handle: string, texts: string[]): unknown {
  if (typeof value === "string") return scrubString(value, handle, texts);
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, handle, texts));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrubString(k, handle, texts), scrubJson(v, handle, texts)]));
  }
  return value;
}

/**
 * Scrubs the organization's rows of the handle and the given texts (the person's messages and the drafts written to
 * them). Returns how many rows changed. Runs in the erasure's transaction. One search per table (all its columns at
 * once) and one update per changed row: a statement per column cost seconds in a large organization (bench/erasure).
 */
export async function scrubPersonTraces(tx: Tx, { orgId, handle, texts }: { orgId: number; handle: string; texts: string[] }): Promise<number> {
  const searched = [...new Set(texts.filter((t) => t.length >= MIN_SCRUBBED_TEXT))].sort((a, b) => b.length - a.length);
  // Inside JSON a text is stored escaped (a newline as \n): it is searched for the way it is written there too.
  const textPatterns = [...new Set(searched.flatMap((t) => [t, JSON.stringify(t).slice(1, -1)]))].map((t) => `%${likeEscape(t)}%`);
  const handlePattern = `%${likeEscape(handle)}%`;
  const byTable = new Map<string, Column[]>();
  for (const col of await scrubbableColumns(tx)) byTable.set(col.table, [...(byTable.get(col.table) ?? []), col]);

  let changed = 0;
  for (const [table, columns] of byTable) {
    const values = columns.map((c, i) => `${quote(c.column)}::text AS v${i}`).join(", ");
    // All the row's columns as one text, searched once: the handle without case, the texts as written (an ILIKE per
    // column and text was most of an erasure's time, bench/erasure).
    const all = `concat_ws(' ', ${columns.map((c) => `${quote(c.column)}::text`).join(", ")})`;
    const rows = await tx.$queryRawUnsafe<Array<Record<string, string | number | null>>>(
      `SELECT id, ${values} FROM (SELECT *, ${all} AS all_text FROM ${quote(table)} WHERE organization_id = $1) r
        WHERE all_text ILIKE $2 OR all_text LIKE ANY($3::text[])`,
      orgId,
      handlePattern,
      textPatterns,
    );
    for (const row of rows) {
      const sets: string[] = [];
      const params: unknown[] = [];
      columns.forEach((col, i) => {
        const value = row[`v${i}`];
        if (typeof value !== "string") return;
        const next = col.kind === "text" ? scrubString(value, handle, searched) : JSON.stringify(scrubJson(JSON.parse(value), handle, searched));
        if (next === value) return;
        params.push(next);
        sets.push(`${quote(col.column)} = $${params.length}${col.kind === "text" ? "" : `::${col.kind}`}`);
      });
      if (sets.length === 0) continue;
      await tx.$executeRawUnsafe(
        `UPDATE ${quote(table)} SET ${sets.join(", ")} WHERE id = $${params.length + 1} AND organization_id = $${params.length + 2}`,
        ...params, row.id, orgId,
      );
      changed++;
    }
  }
  return changed;
}
