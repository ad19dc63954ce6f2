// The search box's tsquery (lib/drafts/search-query.ts) as SQL. PostgreSQL's parser splits a typed handle into parts
// ("person_12345" is 'person' <-> '12345') and to_tsquery gives each part the prefix mark of the typed word, so
// 'person':* asked the GIN index for every word starting with "person": a partial match, read in full, for a part
// the person typed whole. Only the last part of each word stays a prefix ('person' <-> '12345':*); a part holding
// . / @ or - keeps its mark, since the parser also emits such a compound ('foo-bar', 'example.com/x') before its
// pieces, and the compound is still being typed. Everything here is immutable, so the planner folds it into a
// constant and estimates with the final query (bench/inbox: a handle's GIN lookup went from 13 ms to 0.5 ms).
import { Prisma } from "@/lib/generated/prisma/client";

export function searchTsquerySql(search: string): Prisma.Sql {
  return Prisma.sql`CAST(regexp_replace(CAST(to_tsquery('simple'::regconfig, ${search}) AS text), '''([^''./@-]*)'':\\* <-> ', '''\\1'' <-> ', 'g') AS tsquery)`;
}

