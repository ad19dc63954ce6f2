// The audit feed's keyset cursor. Rows are ordered by (created_at, kind, id) descending: the two tables number their
// rows independently, so (created_at, id) alone could tie across the sides; the kind breaks it. created_at keeps
// microseconds in PostgreSQL, so the cursor carries them (milliseconds and a three-digit fraction) rather than a JS
// Date's milliseconds, and no row at the same millisecond is skipped or repeated.
export interface AuditCursor {
  /** Microseconds since the epoch, as a decimal string (beyond Number's exact range for a Date with microseconds). */
  atUs: bigint;
  kind: "draft" | "run";
  id: number;
}

export function encodeAuditCursor(c: AuditCursor): string {
  const ms = c.atUs / 1000n;
  const us = c.atUs % 1000n;
  return `${ms.toString().padStart(13, "0")}.${us.toString().padStart(3, "0")}_${c.kind}_${c.id}`;
}

export function decodeAuditCursor(raw: string): AuditCursor {
  const [time, kind, id] = raw.split("_");
  const [ms, us] = time!.split(".");
  return { atUs: BigInt(ms!) * 1000n + BigInt(us!), kind: kind as "draft" | "run", id: Number(id) };
}
