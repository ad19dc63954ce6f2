// Technical details of a run: how the agent process and its protocol went (start, session, playbook sent, permission
// answers, stop reason, exit code), what it wrote to stderr and the token usage it reported. Folded away under the
// story of what the agent did; in the cloud edition the server has already taken paths and command lines out.
import { formatUsd } from "@/app/_components/run-badges";
import type { LogItem } from "@/lib/runs/build-run-log";
import { Row } from "./log-items";

const PHASE_LABELS: Record<string, string> = {
  starting: "Preparing the agent",
  relay_connected: "Connected to the cloud runner",
  reconnecting: "Connection to the cloud runner lost",
  resumed: "Cloud runner connection resumed",
  spawned: "Agent process started",
  initialized: "Agent initialized",
  session_created: "Session created",
  prompt_sent: "Playbook sent",
  stopped: "Agent stopped",
  exited: "Agent exited",
  timeout: "Timed out",
  cancel_requested: "Cancel requested",
  permission: "Permission granted",
  // The agent asked for one of its own tools (shell, files, web) under strict permissions (docs/security.md).
  permission_refused: "Permission refused",
  error: "Error",
  finished: "Run finished",
};

export function TechnicalItemView({ item }: { item: LogItem }) {
  switch (item.kind) {
    case "lifecycle":
      return (
        <Row tUs={item.tUs}>
          <p className="pt-0.5 text-xs break-words text-zinc-600 dark:text-zinc-400" data-lifecycle={item.phase}>
            <span className="font-medium text-zinc-700 dark:text-zinc-300">{PHASE_LABELS[item.phase] ?? item.phase}</span>
            {item.stopReason ? ` · ${item.stopReason}` : ""}
            {item.exitCode !== null ? ` · exit ${item.exitCode}` : ""}
            {item.detail ? <span className="font-mono"> · {item.detail}</span> : null}
          </p>
        </Row>
      );
    case "stderr":
      return (
        <Row tUs={item.tUs}>
          <pre tabIndex={0} className="overflow-x-auto rounded-md border-l-2 border-amber-400 bg-white px-3 py-2 font-mono text-xs leading-relaxed text-zinc-700 dark:border-amber-500/60 dark:bg-zinc-950 dark:text-zinc-300">
            <span className="sr-only">stderr: </span>
            {item.lines.join("\n")}
          </pre>
        </Row>
      );
    case "usage": {
      const parts = [
        item.inputTokens !== null ? `${item.inputTokens.toLocaleString("en-US")} in` : null,
        item.outputTokens !== null ? `${item.outputTokens.toLocaleString("en-US")} out` : null,
        item.used !== null && item.size !== null ? `context ${item.used.toLocaleString("en-US")} / ${item.size.toLocaleString("en-US")}` : null,
        item.costUsd !== null ? formatUsd(item.costUsd) : null,
      ].filter(Boolean);
      return (
        <Row tUs={item.tUs}>
          <p className="pt-0.5 text-xs text-zinc-500 dark:text-zinc-400">Usage · {parts.join(" · ") || "reported"}</p>
        </Row>
      );
    }
    default:
      return null;
  }
}
