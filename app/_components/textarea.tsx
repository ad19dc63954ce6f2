import type { ReactNode, TextareaHTMLAttributes } from "react";
import { cx } from "./cx";
import { controlClasses, describedBy, Field } from "./field";

type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
  mono?: boolean;
  fieldClassName?: string;
};

export function Textarea({ id, label, hint, error, optional, mono, fieldClassName, className, ...rest }: TextareaProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional} className={fieldClassName}>
      <textarea
        id={id}
        name={rest.name ?? id}
        rows={rest.rows ?? 4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={cx(controlClasses, "py-2 leading-relaxed", mono && "font-mono text-xs", className)}
        {...rest}
      />
    </Field>
  );
}
