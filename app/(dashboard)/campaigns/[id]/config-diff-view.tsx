import { cx } from "@/app/_components/cx";
import type { DiffLine } from "@/lib/skill-generation/config-diff";

const marks: Record<DiffLine["type"], string> = { added: "+", removed: "-", same: " " };

/** A unified line diff of the profiles' JSON: removed lines red, added lines green, unchanged lines as plain context. */
export function ConfigDiffView({ lines }: { lines: DiffLine[] }) {
  const added = lines.filter((l) => l.type === "added").length;
  const removed = lines.filter((l) => l.type === "removed").length;
  return (
    <figure>
      <figcaption className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
        <span className="font-medium text-emerald-700 dark:text-emerald-400">{added} {added === 1 ? "line" : "lines"} added</span>,{" "}
        <span className="font-medium text-red-700 dark:text-red-400">{removed} removed</span>
        {added + removed === 0 ? " · the generated profile is the same as the current one" : " · green: in the generated profile only; red: in the current one only"}
      </figcaption>
      <pre tabIndex={0}
        aria-label="Profile diff"
        className="max-h-[32rem] overflow-auto rounded-md border border-zinc-200 bg-zinc-50 py-2 font-mono text-xs leading-relaxed dark:border-zinc-800 dark:bg-zinc-950"
      >
        {lines.map((line, i) => (
          <div
            key={i}
            data-diff={line.type}
            className={cx(
              "px-3 whitespace-pre-wrap",
              line.type === "added" && "bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300",
              line.type === "removed" && "bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-300",
              line.type === "same" && "text-zinc-700 dark:text-zinc-300",
            )}
          >
            <span aria-hidden="true" className="mr-2 inline-block w-3 select-none text-zinc-500">
              {marks[line.type]}
            </span>
            {line.text}
          </div>
        ))}
      </pre>
    </figure>
  );
}
