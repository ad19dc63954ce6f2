import type { ReactNode } from "react";
import { cx } from "./cx";

/** An error message shown next to the form or action that caused it. Announced to screen readers. */
export function InlineError({ message, className, children }: { message?: string | null; className?: string; children?: ReactNode }) {
  if (!message && !children) return null;
  return (
    <div
      role="alert"
      className={cx(
        "flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800",
        "dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300",
        className,
      )}
    >
      <svg viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      <div>{message}{children}</div>
    </div>
  );
}

/** A short success note, e.g. "Saved". Polite live region so it is announced without interrupting. */
export function InlineNotice({ message, className }: { message?: string | null; className?: string }) {
  return (
    <p role="status" aria-live="polite" className={cx("text-sm text-emerald-700 dark:text-emerald-400", className)}>
      {message ?? ""}
    </p>
  );
}
