import { cx } from "@/app/_components/cx";

const count = (n: number) => n.toLocaleString("en-US");

/**
 * Used against included, as a labelled bar (a progressbar for screen readers); red once the allowance is used.
 * Without a limit (`included` null) the figure stands alone: a bar with no end would suggest one.
 */
export function UsageBar(
  { label, used, included, note, format = count }: { label: string; used: number; included: number | null; note?: string; format?: (n: number) => string },
) {
  if (included === null) {
    return (
      <div>
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="font-medium text-zinc-900 dark:text-zinc-100">{label}</span>
          <span className="tabular-nums text-zinc-600 dark:text-zinc-400" data-testid={`usage-${slug(label)}`}>
            {format(used)} <span className="text-zinc-500 dark:text-zinc-400">· no limit</span>
          </span>
        </div>
        {note ? <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">{note}</p> : null}
      </div>
    );
  }
  const ratio = included > 0 ? Math.min(1, used / included) : 1;
  const full = used >= included;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-zinc-900 dark:text-zinc-100">{label}</span>
        <span className="tabular-nums text-zinc-600 dark:text-zinc-400" data-testid={`usage-${slug(label)}`}>
          {format(used)} / {format(included)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={included}
        aria-valuenow={Math.min(used, included)}
        aria-valuetext={`${format(used)} of ${format(included)}`}
        className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className={cx("h-full rounded-full", full ? "bg-red-500" : ratio > 0.8 ? "bg-amber-500" : "bg-indigo-600 dark:bg-indigo-500")}
          style={{ width: `${Math.max(ratio * 100, used > 0 ? 2 : 0)}%` }}
        />
      </div>
      {note ? <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">{note}</p> : null}
    </div>
  );
}

function slug(label: string): string {
  return label.toLowerCase().replace(/\(.*\)/g, "").trim().replace(/[^a-z]+/g, "-");
}
