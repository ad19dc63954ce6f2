import type { InputHTMLAttributes, ReactNode } from "react";
import { cx } from "./cx";
import { controlClasses, describedBy, Field } from "./field";

type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
  fieldClassName?: string;
};

export function Input({ id, label, hint, error, optional, fieldClassName, className, ...rest }: InputProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional} className={fieldClassName}>
      <input
        id={id}
        name={rest.name ?? id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={cx(controlClasses, "h-9", className)}
        {...rest}
      />
    </Field>
  );
}

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
};

export function Checkbox({ id, label, hint, className, ...rest }: CheckboxProps) {
  return (
    <div className={cx("flex items-start gap-2.5", className)}>
      <input
        id={id}
        name={rest.name ?? id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 rounded border-zinc-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-zinc-600"
        {...rest}
      />
      <div className="text-sm">
        <label htmlFor={id} className="font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
