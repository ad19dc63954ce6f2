import type { ReactNode } from "react";
import { Badge } from "@/app/_components/badge";
import { Spinner } from "@/app/_components/button";
import { cx } from "@/app/_components/cx";
import { formatOffset, type LogItem } from "@/lib/runs/build-run-log";

/** One row of the log: the relative timestamp in a fixed column, then the item. */
export function Row({ tUs, children, className }: { tUs: number; children: ReactNode; className?: string }) {
  return (
    <li className={cx("grid grid-cols-[4.5rem_minmax(0,1fr)] items-start gap-3 sm:grid-cols-[6.5rem_minmax(0,1fr)]", className)}>
      <time className="pt-1 text-right font-mono text-[11px] text-zinc-500 tabular-nums dark:text-zinc-400" title="Time since the run started">
        {formatOffset(tUs)}
      </time>
      <div className="min-w-0">{children}</div>
    </li>
  );
}

export function json(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

export function Block({ label, children, tone }: { label: string; children: string; tone?: "error" }) {
  return (
    <div>
      <p className="mb-1 text-[11px] font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{label}</p>
      <pre
        tabIndex={0}
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

type ToolItem = Extract<LogItem, { kind: "tool" }>;

/** A tool call: what the agent did in words and what came of it; opened, the real input and answer. */
function ToolRow({ item }: { item: ToolItem }) {
  const finished = item.status === "completed" || item.status === "failed";
  const duration = item.endUs !== null && finished ? ((item.endUs - item.tUs) / 1e6).toFixed(1) : null;
  const hasInput = item.input !== undefined && item.input !== null && !(typeof item.input === "object" && Object.keys(item.input as object).length === 0);
  const hasRaw = item.rawOutput !== undefined && item.rawOutput !== null;
  return (
    <details data-tool-call={item.toolCallId} data-tool-status={item.status} className="group rounded-lg border border-zinc-200 bg-zinc-50/60 dark:border-zinc-800 dark:bg-zinc-900">
      <summary className="flex cursor-pointer list-none items-start gap-2 px-3 py-2 text-sm select-none marker:hidden">
        <span aria-hidden="true" className="mt-0.5 text-zinc-500 transition-transform group-open:rotate-90">›</span>
        <span className="min-w-0 flex-1">
          <span className={cx("block font-medium break-words", item.status === "failed" ? "text-red-700 dark:text-red-300" : "text-zinc-900 dark:text-zinc-100")}>
            {item.label}
            {finished ? null : "…"}
          </span>
          {item.result ? <span className="mt-0.5 block text-xs break-words text-zinc-500 dark:text-zinc-400">{item.result}</span> : null}
        </span>
        <span className="flex shrink-0 items-center gap-2">
          {duration ? <span className="font-mono text-[11px] text-zinc-500 tabular-nums dark:text-zinc-400">{duration} s</span> : null}
          {item.status === "failed" ? <Badge tone="danger">Failed</Badge> : null}
          {!finished ? (
            <Badge tone="primary">
              <Spinner className="mr-1 size-3" />
              Working
            </Badge>
          ) : null}
        </span>
      </summary>
      <div className="space-y-3 border-t border-zinc-200 px-3 py-3 dark:border-zinc-800">
        {hasInput ? <Block label="What the agent asked">{json(item.input)}</Block> : null}
        {item.output ? <Block label="What came back" tone={item.status === "failed" ? "error" : undefined}>{item.output}</Block> : null}
        {hasRaw && !item.output ? <Block label="What came back">{json(item.rawOutput)}</Block> : null}
        {!item.output && !hasRaw ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{finished ? "Nothing came back." : "Waiting for the answer…"}</p> : null}
        <p className="text-[11px] text-zinc-500 dark:text-zinc-400">
          Tool: <code className="font-mono break-all">{item.toolName ?? item.title}</code>
        </p>
      </div>
    </details>
  );
}

/** What the agent did: its messages, thoughts, plan and tool calls. The machinery is in the technical details. */
export function StoryItemView({ item }: { item: LogItem }) {
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
    case "tool":
      return (
        <Row tUs={item.tUs}>
          <ToolRow item={item} />
        </Row>
      );
    case "plan":
      return (
        <Row tUs={item.tUs}>
          <div className="rounded-md border border-dashed border-zinc-300 px-3 py-2 dark:border-zinc-700">
            <p className="mb-1 text-[11px] font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">Plan</p>
            <ul className="space-y-0.5 text-sm">
              {item.entries.map((e, i) => (
                <li key={i} className={cx("flex gap-2", e.status === "completed" ? "text-zinc-500 line-through dark:text-zinc-400" : "text-zinc-700 dark:text-zinc-300")}>
                  <span aria-hidden="true">{e.status === "completed" ? "✓" : e.status === "in_progress" ? "▸" : "○"}</span>
                  <span>
                    {e.content}
                    <span className="sr-only"> ({e.status.replace("_", " ")})</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </Row>
      );
    default:
      return null;
  }
}

/** The run's last line: the agent's summary, or how the run ended. */
export function EndingRow({ text, tone }: { text: string; tone: "success" | "failed" }) {
  return (
    <li className="grid grid-cols-[4.5rem_minmax(0,1fr)] items-start gap-3 sm:grid-cols-[6.5rem_minmax(0,1fr)]" data-run-ending>
      <span aria-hidden="true" />
      <p
        className={cx(
          "rounded-lg border px-3 py-2 text-sm font-medium",
          tone === "success"
            ? "border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200"
            : "border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200",
        )}
      >
        {text}
      </p>
    </li>
  );
}
