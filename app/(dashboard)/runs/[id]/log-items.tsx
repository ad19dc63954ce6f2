import type { ReactNode } from "react";
import { Badge, type BadgeTone } from "@/app/_components/badge";
import { Spinner } from "@/app/_components/button";
import { cx } from "@/app/_components/cx";
import { formatUsd } from "@/app/_components/run-badges";
import { formatOffset, type LogItem, type ToolStatus } from "@/lib/runs/build-run-log";

/** One row of the log: the relative timestamp in a fixed column, then the item. */
function Row({ tUs, children, className }: { tUs: number; children: ReactNode; className?: string }) {
  return (
    <li className={cx("grid grid-cols-[6.5rem_minmax(0,1fr)] items-start gap-3", className)}>
      <time className="pt-1 text-right font-mono text-[11px] text-zinc-400 tabular-nums dark:text-zinc-500" title={`${tUs} µs since the run started`}>
        {formatOffset(tUs)}
      </time>
      <div className="min-w-0">{children}</div>
    </li>
  );
}

const TOOL_TONE: Record<ToolStatus, BadgeTone> = { pending: "neutral", in_progress: "primary", completed: "success", failed: "danger" };

function ToolStatusBadge({ status }: { status: ToolStatus }) {
  return (
    <Badge tone={TOOL_TONE[status]}>
      {status === "in_progress" ? <Spinner className="mr-1 size-3" /> : null}
      {status.replace("_", " ")}
    </Badge>
  );
}

function json(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

function Block({ label, children, tone }: { label: string; children: string; tone?: "error" }) {
  return (
    <div>
      <p className="mb-1 text-[11px] font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{label}</p>
      <pre
        className={cx(
          "max-h-80 overflow-auto rounded-md p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words",
          tone === "error"
            ? "bg-red-50 text-red-900 dark:bg-red-950/40 dark:text-red-200"
            : "border border-zinc-200 bg-white text-zinc-800 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200",
        )}
      >
        {children}
      </pre>
    </div>
  );
}

const PHASE_LABELS: Record<string, string> = {
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
  finished: "Run finished",
};

export function LogItemView({ item }: { item: LogItem }) {
  switch (item.kind) {
    case "message":
      return (
        <Row tUs={item.tUs}>
          <div className="rounded-lg rounded-tl-sm border border-zinc-200 bg-white px-4 py-3 shadow-xs dark:border-zinc-700 dark:bg-zinc-800/60">
            <p className="mb-1 text-[11px] font-medium tracking-wide text-indigo-600 uppercase dark:text-indigo-300">Agent</p>
            <p className="text-sm leading-relaxed whitespace-pre-wrap text-zinc-800 dark:text-zinc-100">{item.text}</p>
          </div>
        </Row>
      );
    case "thought":
      return (
        <Row tUs={item.tUs}>
          <details className="group rounded-md px-1 text-sm text-zinc-500 dark:text-zinc-400">
            <summary className="cursor-pointer list-none truncate italic select-none marker:hidden hover:text-zinc-700 dark:hover:text-zinc-200">
              <span aria-hidden="true" className="mr-1 inline-block transition-transform group-open:rotate-90">›</span>
              Thinking: {item.text.slice(0, 120)}
            </summary>
            <p className="mt-1 border-l-2 border-zinc-200 pl-3 whitespace-pre-wrap italic dark:border-zinc-700">{item.text}</p>
          </details>
        </Row>
      );
    case "tool": {
      const duration = item.endUs !== null && (item.status === "completed" || item.status === "failed") ? ((item.endUs - item.tUs) / 1e6).toFixed(3) : null;
      const hasInput = item.input !== undefined && item.input !== null;
      const hasRaw = item.rawOutput !== undefined && item.rawOutput !== null;
      return (
        <Row tUs={item.tUs}>
          <details data-tool-call={item.toolCallId} className="group rounded-lg border border-zinc-200 bg-zinc-50/60 dark:border-zinc-800 dark:bg-zinc-900">
            <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm select-none marker:hidden">
              <span aria-hidden="true" className="text-zinc-400 transition-transform group-open:rotate-90">›</span>
              <span className="min-w-0 truncate font-medium text-zinc-900 dark:text-zinc-100">{item.title}</span>
              {item.name && item.name !== item.title ? (
                <code className="hidden truncate font-mono text-xs text-zinc-500 sm:inline dark:text-zinc-400">{item.name}</code>
              ) : null}
              <span className="ml-auto flex shrink-0 items-center gap-2">
                {duration ? <span className="font-mono text-[11px] text-zinc-400 tabular-nums dark:text-zinc-500">{duration} s</span> : null}
                <ToolStatusBadge status={item.status} />
              </span>
            </summary>
            <div className="space-y-3 border-t border-zinc-200 px-3 py-3 dark:border-zinc-800">
              {hasInput ? <Block label="Input">{json(item.input)}</Block> : <p className="text-xs text-zinc-500 dark:text-zinc-400">No input recorded.</p>}
              {item.output ? <Block label="Output" tone={item.status === "failed" ? "error" : undefined}>{item.output}</Block> : null}
              {hasRaw ? <Block label="Raw output">{json(item.rawOutput)}</Block> : null}
              {!item.output && !hasRaw ? (
                <p className="text-xs text-zinc-500 dark:text-zinc-400">{item.status === "completed" || item.status === "failed" ? "No output." : "Waiting for output…"}</p>
              ) : null}
            </div>
          </details>
        </Row>
      );
    }
    case "lifecycle":
      return (
        <Row tUs={item.tUs}>
          <div className="flex items-center gap-3 py-1 text-[11px] text-zinc-500 dark:text-zinc-400" data-lifecycle={item.phase}>
            <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" aria-hidden="true" />
            <span className="font-medium">
              {PHASE_LABELS[item.phase] ?? item.phase}
              {item.stopReason ? ` · ${item.stopReason}` : ""}
              {item.exitCode !== null ? ` · exit ${item.exitCode}` : ""}
              {item.detail ? ` · ${item.detail}` : ""}
            </span>
            <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" aria-hidden="true" />
          </div>
        </Row>
      );
    case "stderr":
      return (
        <Row tUs={item.tUs}>
          <pre className="overflow-x-auto rounded-md border-l-2 border-amber-400 bg-zinc-50 px-3 py-2 font-mono text-xs leading-relaxed text-zinc-700 dark:border-amber-500/60 dark:bg-zinc-950 dark:text-zinc-300">
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
          <p className="pt-0.5 text-[11px] text-zinc-400 dark:text-zinc-500">Usage · {parts.join(" · ") || "reported"}</p>
        </Row>
      );
    }
    case "plan":
      return (
        <Row tUs={item.tUs}>
          <div className="rounded-md border border-dashed border-zinc-300 px-3 py-2 dark:border-zinc-700">
            <p className="mb-1 text-[11px] font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">Plan</p>
            <ul className="space-y-0.5 text-sm">
              {item.entries.map((e, i) => (
                <li key={i} className={cx("flex gap-2", e.status === "completed" ? "text-zinc-400 line-through dark:text-zinc-500" : "text-zinc-700 dark:text-zinc-300")}>
                  <span aria-hidden="true">{e.status === "completed" ? "✓" : e.status === "in_progress" ? "▸" : "○"}</span>
                  <span>
                    {e.content}
                    <span className="sr-only"> ({e.status})</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </Row>
      );
  }
}
