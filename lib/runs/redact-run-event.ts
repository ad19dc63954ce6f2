// In the cloud edition a customer's browser never receives the service's machinery: the command line the agent was
// started with, the paths of the machine it ran on, its protocol session id (docs/runs.md, "What the customer is
// sent"). The events stay whole in the database; this is applied where they leave for a page, the API or the stream.

/** Folders of a server's file system; a path starting with one of them is the service's, never the customer's. */
const SERVER_ROOTS = "usr|home|root|tmp|var|etc|opt|srv|proc|sys|dev|run|mnt|nix|snap|private|Users|app|work|workspace|data|lib|bin|sbin";
// Absolute server paths (not the path part of a URL: the character before must not belong to a URL), Windows paths,
// and anything inside node_modules or the dashboard's data folder.
const PATHS = new RegExp(
  [
    `(?<![\\w.:/~-])/(?:${SERVER_ROOTS})(?:/[^\\s"'\`()<>,;]*)?(?=$|[\\s"'\`()<>,;])`,
    `\\b[A-Za-z]:\\\\[^\\s"'\`<>]*`,
    `[^\\s"'\`()<>,;]*node_modules[^\\s"'\`()<>,;]*`,
    `(?<![\\w/])\\.data/[^\\s"'\`()<>,;]*`,
  ].join("|"),
  "g",
);

export const HIDDEN_PATH = "[server path]";

/** The text with every server path replaced by a placeholder. */
export function redactServerPaths(text: string): string {
  return text.replace(PATHS, HIDDEN_PATH);
}

function redactDeep(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactServerPaths(value);
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redactDeep(v, depth + 1)]));
}

/**
 * A run event's payload as a customer may receive it: the agent's command line and process id and the session id are
 * dropped, and server paths anywhere in it (stderr, errors, a tool's input) are replaced.
 */
export function redactRunEventPayload(type: string, payload: Record<string, unknown>): Record<string, unknown> {
  const out = redactDeep(payload) as Record<string, unknown>;
  if (type === "lifecycle") {
    if (out.phase === "spawned") {
      delete out.detail;
      delete out.pid;
    }
    if (out.phase === "session_created") delete out.detail;
  }
  return out;
}
