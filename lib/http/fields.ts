// The field types every input schema is built from, so a value PostgreSQL cannot store is a 400 at the door and
// never a 500 from the database: text without U+0000 (PostgreSQL text cannot hold it) and ids within the int4
// columns they name.
import { z } from "zod";

/** The largest value of an int4 id column. */
export const MAX_DB_ID = 2_147_483_647;

const hasNoNul = (s: string) => !s.includes("\u0000");

/** Any text a caller sends: a string without the NUL character. Chain `.trim()`, `.min()`, `.max()` as usual. */
export const ZText = z.string().refine(hasNoNul, { message: "must not contain the NUL character (U+0000)" });

/** An id in a JSON body or a tool's arguments. */
export const ZDbId = z.number().int().positive().max(MAX_DB_ID);

/** An id in a route segment or a query string (they arrive as text). */
export const ZId = z.coerce.number().int().positive().max(MAX_DB_ID);
