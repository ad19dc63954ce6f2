// Whether a database error says "not now" rather than "never": the server is starting, restarting, out of connection
// slots, or the connection dropped. Boot waits these out instead of serving errors until a restart
// (lib/boot/ensure-database.ts). The code may sit on the error itself or on a cause it wraps (Prisma's driver
// adapter wraps pg's error), so the chain is followed.

/** PostgreSQL SQLSTATEs: too_many_connections, cannot_connect_now (starting or shutting down), admin_shutdown,
 * crash_shutdown; and Prisma's "cannot reach the server" / "pool timeout" / "connection closed". */
const TRANSIENT_CODES = new Set(["53300", "57P03", "57P01", "57P02", "P1001", "P1002", "P1017", "P2024", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"]);
const TRANSIENT_TEXT = /too many clients|remaining connection slots|the database system is (starting up|shutting down)|Connection terminated|ECONNREFUSED|ECONNRESET|Timed out fetching a new connection/i;

export function isTransientDbError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== "object") break;
    const o = e as { code?: unknown; message?: unknown; cause?: unknown; originalCode?: unknown };
    if (typeof o.code === "string" && TRANSIENT_CODES.has(o.code)) return true;
    if (typeof o.originalCode === "string" && TRANSIENT_CODES.has(o.originalCode)) return true;
    if (typeof o.message === "string" && TRANSIENT_TEXT.test(o.message)) return true;
    e = o.cause;
  }
  return false;
}
