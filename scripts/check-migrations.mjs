// `node scripts/check-migrations.mjs`: refuses a migration that drops or renames in one step. During a rolling deploy
// the previous release runs against the new schema, so a migration may only add (expand); a column, table or enum
// type goes away only in a later release than the one that stopped using it (contract), and a rename is an add, a
// copy and, a release later, a drop (docs/database.md, "Expand, then contract"). Run by the unit tier
// (scripts/check-migrations.test.ts), so CI fails on such a migration.
//
// A contract step says so on a line of its own, naming the migration that made the replacement:
//   -- contract-after: 20261201000000_add_new_column
// The named migration must exist and be older. Dropping an index, a constraint, a trigger or a function, and
// renaming an index, do not break the previous release and are allowed.
import fs from "node:fs";
import path from "node:path";

// Written before the rule existed and applied everywhere since; never edited (their checksums are recorded).
const BEFORE_THE_RULE = new Set(["20261124212143_webhooks"]);

const REFUSED = [
  { re: /\bDROP\s+TABLE\b/i, what: "drops a table" },
  { re: /\bDROP\s+COLUMN\b/i, what: "drops a column" },
  { re: /\bALTER\s+TABLE\b[^;]*\bDROP\s+(?!CONSTRAINT\b|COLUMN\b|DEFAULT\b|NOT\b|IDENTITY\b|EXPRESSION\b)"?\w+"?\s*(?:,|;|$)/i, what: "drops a column" },
  { re: /\bDROP\s+(?:TYPE|DOMAIN|SCHEMA|VIEW|MATERIALIZED\s+VIEW|SEQUENCE)\b/i, what: "drops a type, schema, view or sequence" },
  { re: /\bALTER\s+TABLE\b[^;]*\bRENAME\b/i, what: "renames a table or column" },
  { re: /\bALTER\s+TYPE\b[^;]*\bRENAME\b/i, what: "renames a type or an enum value" },
  { re: /\bALTER\s+(?:VIEW|SCHEMA|SEQUENCE)\b[^;]*\bRENAME\b/i, what: "renames a view, schema or sequence" },
];

/** Removes comments and string literals, so words inside them do not count. */
function codeOf(sql) {
  return sql
    .replace(/--[^\n]*/g, "")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/'(?:[^']|'')*'/g, "''");
}

/**
 * The problems of one migration: [] when it only expands, or is a declared contract step after an existing, older
 * migration. `earlier` lists the names of the migrations before it.
 */
export function checkMigration(name, sql, earlier) {
  if (BEFORE_THE_RULE.has(name)) return [];
  const code = codeOf(sql);
  const found = [...new Set(REFUSED.filter(({ re }) => re.test(code)).map(({ what }) => what))];
  if (found.length === 0) return [];
  const declared = /^--\s*contract-after:\s*(\S+)\s*$/im.exec(sql)?.[1];
  if (declared && earlier.includes(declared)) return [];
  const why = declared ? ` (its contract-after names ${declared}, which is not an earlier migration)` : "";
  return found.map((what) => `${name} ${what} in one step${why}: expand first, and drop in a later release with a "-- contract-after: <migration>" line (docs/database.md)`);
}

export function checkMigrationsDir(dir) {
  const names = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort();
  return names.flatMap((name, i) => checkMigration(name, fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8"), names.slice(0, i)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
  const problems = checkMigrationsDir(path.join(root, "prisma", "migrations"));
  for (const p of problems) console.error(p);
  if (problems.length === 0) console.log("Migrations: every one expands only, or is a declared contract step.");
  process.exit(problems.length ? 1 : 0);
}
