import type { ReactNode } from "react";
import { cx } from "./cx";

/** Shared look of every text-like control, so inputs, selects and textareas line up. */
export const controlClasses =
  "block w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm " +
  "placeholder:text-zinc-400 focus:border-indigo-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-500/40 " +
  "disabled:cursor-not-allowed disabled:bg-zinc-100 disabled:text-zinc-500 " +
  "aria-invalid:border-red-500 " +
  "dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500 dark:disabled:bg-zinc-800";

type FieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
  className?: string;
  children: ReactNode;
};

/** Label + control + hint/error. The control must use the same `id`. */
export function Field({ id, label, hint, error, optional, className, children }: FieldProps) {
  return (
    <div className={cx("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
        {optional ? <span className="ml-1 font-normal text-zinc-500 dark:text-zinc-400">(optional)</span> : null}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** aria-describedby value pointing at the hint or error rendered by <Field>. */
export function describedBy(id: string, hint?: ReactNode, error?: string | null): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}
