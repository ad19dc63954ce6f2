import type { ReactNode } from "react";
import { cx } from "./cx";

/** Shared look of every text-like control, so inputs, selects and textareas line up (.control in app/globals.css). */
export const controlClasses = "control";

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
