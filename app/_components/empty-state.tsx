import type { ReactNode } from "react";
import { cx } from "./cx";

type EmptyStateProps = {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
};

export function EmptyState({ title, description, action, icon, className }: EmptyStateProps) {
  return (
    <div
      className={cx(
        "flex flex-col items-center rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-12 text-center",
        "dark:border-zinc-700 dark:bg-zinc-900/40",
        className,
      )}
    >
      <div className="mb-3 flex size-10 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
        {icon ?? (
          <svg viewBox="0 0 20 20" fill="none" className="size-5" aria-hidden="true">
            <path
              d="M3 6.5 10 3l7 3.5v7L10 17l-7-3.5v-7Zm0 0 7 3.5m0 0 7-3.5M10 10v7"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinejoin="round"
            />
          </svg>
        )}
      </div>
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</h3>
      {description ? (
        <p className="mt-1 max-w-md text-sm text-zinc-500 dark:text-zinc-400">{description}</p>
      ) : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
