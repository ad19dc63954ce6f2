// Writes one row into every table of a database, whatever its schema (read from the catalogue): parents before the
// tables that reference them, every NOT NULL column without a default given a value of its type, every reference
// pointing at the parent's row (nullable ones too, where the parent is written first); other nullable columns stay
// null, as a new row's do (a filled `archived_at` would hide the row from the lists the test reads). The upgrade test fills a database made by the previous release's migrations this way, so a table
// that a later migration breaks cannot go unnoticed for want of a row.
import type pg from "pg";

type Column = {
  table: string;
  column: string;
  udt: string;
  nullable: boolean;
  hasDefault: boolean;
  generated: boolean;
};

/** Values that matter to readers of the rows (who may sign in, what state a draft is in); everything else is generic. */
export type Overrides = Record<string, Record<string, unknown>>;

export async function fillEveryTable(client: pg.Client, overrides: Overrides = {}): Promise<Map<string, Record<string, unknown>>> {
  const tables = (
    await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`,
    )
  ).rows.map((r) => r.name);
  const columns = (
    await client.query<Column>(`
      SELECT table_name AS "table", column_name AS "column", udt_name AS udt, is_nullable = 'YES' AS nullable,
             (column_default IS NOT NULL OR is_identity = 'YES') AS "hasDefault", is_generated = 'ALWAYS' AS generated
        FROM information_schema.columns WHERE table_schema = 'public' ORDER BY ordinal_position`)
  ).rows;
  const foreignKeys = (
    await client.query<{ table: string; column: string; ref: string; refColumn: string }>(`
      SELECT c.conrelid::regclass::text AS "table", a.attname AS "column", c.confrelid::regclass::text AS ref, af.attname AS "refColumn"
        FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = c.confkey[1]
       WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`)
  ).rows.map((fk) => ({ ...fk, table: unquote(fk.table), ref: unquote(fk.ref) }));
  // An override naming a column the schema does not have would be silently dropped: say so instead.
  for (const [table, values] of Object.entries(overrides)) {
    for (const column of Object.keys(values)) {
      if (!columns.some((c) => c.table === table && c.column === column)) throw new Error(`override for ${table}.${column}, which does not exist`);
    }
  }
  const enums = new Map<string, string>();
  for (const r of (await client.query<{ type: string; label: string }>(`SELECT t.typname AS type, e.enumlabel AS label FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid ORDER BY e.enumsortorder DESC`)).rows) {
    enums.set(r.type, r.label); // the first label wins (ordered descending, so the last write is the first)
  }

  const written = new Map<string, Record<string, unknown>>();
  const pending = new Set(tables);
  while (pending.size > 0) {
    // A table is ready when every table it must reference (a NOT NULL reference to another table) has its row.
    const ready = [...pending].filter((t) =>
      foreignKeys.filter((fk) => fk.table === t && fk.ref !== t).every((fk) => written.has(fk.ref) || columns.find((c) => c.table === t && c.column === fk.column)!.nullable),
    );
    const next = ready.find((t) => foreignKeys.filter((fk) => fk.table === t && fk.ref !== t).every((fk) => written.has(fk.ref))) ?? ready[0];
    if (!next) throw new Error(`tables that reference each other with NOT NULL columns: ${[...pending].join(", ")}`);
    pending.delete(next);
    const row: Record<string, unknown> = {};
    for (const col of columns.filter((c) => c.table === next && !c.generated)) {
      const override = overrides[next]?.[col.column];
      const fk = foreignKeys.find((f) => f.table === next && f.column === col.column);
      if (override !== undefined) row[col.column] = override;
      else if (fk) {
        const parent = written.get(fk.ref);
        if (parent) row[col.column] = parent[fk.refColumn];
      } else if (!col.hasDefault && !col.nullable) row[col.column] = valueOf(col, enums);
    }
    const names = Object.keys(row);
    const sql = names.length
      ? `INSERT INTO "${next}" (${names.map((n) => `"${n}"`).join(", ")}) VALUES (${names.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING *`
      : `INSERT INTO "${next}" DEFAULT VALUES RETURNING *`;
    try {
      const inserted = await client.query(sql, names.map((n) => row[n]));
      written.set(next, inserted.rows[0]);
    } catch (err) {
      throw new Error(`could not write a row into ${next}: ${(err as Error).message}`);
    }
  }
  return written;
}

function unquote(name: string): string {
  return name.replace(/^"|"$/g, "");
}

function valueOf(col: Column, enums: Map<string, string>): unknown {
  const tag = `upgrade ${col.table} ${col.column}`.toLowerCase();
  if (enums.has(col.udt)) return enums.get(col.udt);
  if (col.udt.startsWith("_")) return "{}";
  switch (col.udt) {
    case "text":
    case "varchar":
    case "bpchar":
    case "citext":
      return col.column.includes("email") ? `${col.table.replace(/_/g, "-")}@upgrade.example` : tag;
    case "int2":
    case "int4":
    case "int8":
    case "numeric":
    case "float4":
    case "float8":
      return 1;
    case "bool":
      return false;
    case "timestamptz":
    case "timestamp":
    case "date":
      return new Date("2026-11-20T10:00:00Z");
    case "json":
    case "jsonb":
      return JSON.stringify({ upgrade: col.table });
    case "bytea":
      return Buffer.from(tag);
    case "uuid":
      return "00000000-0000-4000-8000-000000000001";
    case "inet":
      return "127.0.0.1";
    default:
      throw new Error(`no test value for ${col.table}.${col.column} of type ${col.udt}`);
  }
}
