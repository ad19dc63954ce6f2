import type { ReactNode, SelectHTMLAttributes } from "react";
import { cx } from "./cx";
import { controlClasses, describedBy, Field } from "./field";

export type SelectOption = { value: string; label: string; disabled?: boolean };

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  id: string;
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
  fieldClassName?: string;
};

export function Select({ id, label, options, hint, error, optional, fieldClassName, className, ...rest }: SelectProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional} className={fieldClassName}>
      <select
        id={id}
        name={rest.name ?? id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={cx(controlClasses, "h-9 pr-8", className)}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
